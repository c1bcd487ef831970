package io.execplace.kubernetes.run;

import io.execplace.kubernetes.spark.PodFacts;
import io.fabric8.kubernetes.api.model.Node;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The last problem reported per object (node, pod, or pod and reason), so that each is logged and
 * written as an Event once per distinct message, not every cycle. Thread-safe: the binding threads
 * clear entries.
 */
final class ProblemLog {

    private final Map<String, String> reported = new HashMap<>();

    /** Records the message; true when it is new for this key (report it), false when already reported. */
    synchronized boolean firstTime(String key, String message) {
        return !message.equals(reported.put(key, message));
    }

    synchronized String last(String key) {
        return reported.get(key);
    }

    synchronized void clear(String key) {
        reported.remove(key);
    }

    /**
     * Drops what was reported about nodes and pods that no longer exist (keeps the map bounded).
     */
    void forgetDeparted(List<Node> nodes, List<PodFacts> pods) {
        Set<String> live = new HashSet<>();
        for (Node n : nodes) {
            live.add("node/" + n.getMetadata().getName());
        }
        for (PodFacts p : pods) {
            live.add(BindPhase.podKey(p.pod()));
        }
        forgetDeparted(live);
    }

    /**
     * As {@link #forgetDeparted(List, List)}, given the keys.
     *
     * @param live {@code node/NAME} and {@code namespace/pod} of every object that exists
     */
    synchronized void forgetDeparted(Set<String> live) {
        reported.keySet().removeIf(k -> {
            String subject = k.startsWith("problem/") ? k.substring("problem/".length(), k.lastIndexOf('/')) : k;
            return !live.contains(subject);
        });
    }
}
