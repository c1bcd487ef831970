package io.execplace.kubernetes.spark;

import io.fabric8.kubernetes.api.model.Pod;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The Spark pods of a cycle by application ({@code namespace/application}): each application's
 * driver, how many of its executors are live, and how many are placed (bound, or being bound). Built
 * in the cycle's one pass over the pod cache, so that grouping, the snapshot's busy times and the
 * held room do not each scan every pod again.
 */
public final class ApplicationPods {

    private final Map<String, Pod> drivers = new HashMap<>();
    private final Map<String, Integer> liveExecutors = new HashMap<>();
    private final Map<String, Integer> placedExecutors = new HashMap<>();

    /** Every pod of {@code all}; {@code placed} tells which executors count as placed. */
    public static ApplicationPods of(List<Pod> all, Predicate<Pod> placed) {
        ApplicationPods pods = new ApplicationPods();
        for (Pod p : all) {
            pods.add(PodFacts.of(p), placed.test(p));
        }
        return pods;
    }

    /** Counts one pod of the cache; terminal pods (Succeeded, Failed) do not count. */
    public void add(PodFacts p, boolean placed) {
        if (p.applicationKey() == null || p.terminal()) {
            return;
        }
        if (p.driver()) {
            drivers.put(p.applicationKey(), p.pod());
        } else if (p.executor()) {
            liveExecutors.merge(p.applicationKey(), 1, Integer::sum);
            if (placed) {
                placedExecutors.merge(p.applicationKey(), 1, Integer::sum);
            }
        }
    }

    /** The application's live driver, or null. */
    public Pod driver(String appKey) {
        return drivers.get(appKey);
    }

    public int liveExecutors(String appKey) {
        return liveExecutors.getOrDefault(appKey, 0);
    }

    /** Placed executors by application. */
    public Map<String, Integer> placedExecutors() {
        return placedExecutors;
    }
}
