package io.execplace.kubernetes.spark;

import io.execplace.kubernetes.cluster.Labels;
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
            pods.add(p, placed.test(p));
        }
        return pods;
    }

    /** Counts one pod of the cache; terminal pods (Succeeded, Failed) do not count. */
    public void add(Pod p, boolean placed) {
        String app = ApplicationGrouper.label(p, Labels.SPARK_APP);
        if (app == null || ApplicationGrouper.terminal(p)) {
            return;
        }
        String role = ApplicationGrouper.label(p, Labels.SPARK_ROLE);
        if ("driver".equals(role)) {
            drivers.put(AppKeys.of(p.getMetadata().getNamespace(), app), p);
        } else if ("executor".equals(role)) {
            String key = AppKeys.of(p.getMetadata().getNamespace(), app);
            liveExecutors.merge(key, 1, Integer::sum);
            if (placed) {
                placedExecutors.merge(key, 1, Integer::sum);
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
