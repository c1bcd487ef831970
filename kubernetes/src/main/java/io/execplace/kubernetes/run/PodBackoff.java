package io.execplace.kubernetes.run;

import io.execplace.kubernetes.spark.PodFacts;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Per-pod exponential back-off after a failed binding, as kube-scheduler's backoff queue: a pod
 * whose binding failed waits 1 s, then 2, 4, … up to 10 s (kube-scheduler's podInitialBackoffSeconds
 * and podMaxBackoffSeconds) — and at least what the server's {@code Retry-After} asked — before it is
 * placed again, so that a failing pod does not take every cycle.
 */
final class PodBackoff {

    static final Duration INITIAL = Duration.ofSeconds(1);
    static final Duration MAX = Duration.ofSeconds(10);

    private record Entry(int failures, double until) {
    }

    private final Map<String, Entry> byUid = new HashMap<>();

    /** Records a failed binding of the pod at {@code now} (epoch seconds). */
    synchronized void failed(String uid, double now, Duration retryAfter) {
        Entry e = byUid.get(uid);
        int failures = e == null ? 1 : e.failures() + 1;
        double wait = Math.min(MAX.toMillis(), INITIAL.toMillis() * Math.pow(2, Math.min(20, failures - 1))) / 1000.0;
        wait = Math.max(wait, retryAfter.toMillis() / 1000.0);
        byUid.put(uid, new Entry(failures, now + wait));
    }

    synchronized void succeeded(String uid) {
        byUid.remove(uid);
    }

    /** Whether the pod is still backing off at {@code now}. */
    synchronized boolean waiting(String uid, double now) {
        Entry e = byUid.get(uid);
        return e != null && now < e.until();
    }

    /** Drops pods that no longer exist. */
    synchronized void retain(Set<String> liveUids) {
        byUid.keySet().retainAll(liveUids);
    }

    /** Drops pods not among {@code pods}, the cache's pods now. */
    void retainPods(List<PodFacts> pods) {
        Set<String> live = new HashSet<>();
        pods.forEach(p -> live.add(p.uid()));
        retain(live);
    }
}
