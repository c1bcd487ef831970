package io.execplace.kubernetes.run;

import io.execplace.kubernetes.cluster.Resources;
import io.fabric8.kubernetes.api.model.Pod;

import java.util.HashMap;
import java.util.Map;

/**
 * Each pod's requests, read once per pod version. Quantities are strings: parsing the requests of
 * every bound pod in every cycle took most of a cycle's time at a thousand pods on a real API server.
 * Used by one cycle at a time (cycles are serial).
 */
final class PodRequests {

    /** A pod's CPU (millicores), memory (bytes) and other requests. */
    record Requests(long cpuMillis, long memoryBytes, Map<String, Long> other) {
    }

    private record Entry(String resourceVersion, Requests requests) {
    }

    private final Map<String, Entry> byUid = new HashMap<>();

    /** The pod's requests (from the cache when this version of the pod was read before). */
    Requests of(Pod p) {
        String uid = p.getMetadata().getUid();
        String version = p.getMetadata().getResourceVersion();
        if (uid == null || version == null) {
            return read(p);
        }
        Entry e = byUid.get(uid);
        if (e == null || !e.resourceVersion().equals(version)) {
            e = new Entry(version, read(p));
            byUid.put(uid, e);
        }
        return e.requests();
    }

    /** Forgets departed pods (the scheduler calls this about once a second). */
    void retain(java.util.Set<String> liveUids) {
        byUid.keySet().retainAll(liveUids);
    }

    private static Requests read(Pod p) {
        return new Requests(Resources.podCpuMillis(p), Resources.podMemoryBytes(p), Resources.podOtherRequests(p));
    }
}
