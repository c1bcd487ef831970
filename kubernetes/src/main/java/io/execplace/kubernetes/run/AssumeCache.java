package io.execplace.kubernetes.run;

import io.execplace.kubernetes.cluster.ClusterSnapshot;
import io.fabric8.kubernetes.api.model.Pod;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Bindings this scheduler made that the informer does not show yet (kube-scheduler's assume cache):
 * each counts against its node until the informer shows the pod bound, the pod is gone, or the
 * entry expires, so that the next cycle never places the pod again or reuses its resources.
 */
final class AssumeCache {

    /** What an assumed binding holds, and until when it is trusted without the informer. */
    record Assumed(String node, long cpuMillis, long memoryBytes, Map<String, Long> otherRequests, double busyUntil,
                   double expires) {
    }

    private final Map<String, Assumed> byUid = new ConcurrentHashMap<>();

    void assume(String uid, Assumed binding) {
        byUid.put(uid, binding);
    }

    /** Forgets one pod's assumption (its binding failed). */
    void forget(String uid) {
        byUid.remove(uid);
    }

    boolean contains(String uid) {
        return byUid.containsKey(uid);
    }

    /**
     * Forgets the bindings the informer now shows, of pods that are gone, and the expired ones.
     *
     * @param stillUnbound whether the pod of a uid exists and is still unbound in the informer cache
     */
    void forget(Predicate<String> stillUnbound, double now) {
        byUid.entrySet().removeIf(e -> !stillUnbound.test(e.getKey()) || e.getValue().expires() < now);
    }

    /** Counts every assumed binding against its node. */
    void addTo(ClusterSnapshot snapshot) {
        for (Assumed a : byUid.values()) {
            snapshot.addPod(a.node(), a.cpuMillis(), a.memoryBytes(), a.otherRequests(), true, a.busyUntil());
        }
    }

    static String uid(Pod p) {
        return p.getMetadata().getUid();
    }
}
