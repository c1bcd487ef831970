package io.execplace.kubernetes.spark;

import io.execplace.core.model.Job;
import io.execplace.kubernetes.cluster.Resources;
import io.fabric8.kubernetes.api.model.Pod;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A gang of pending pods the scheduler places together: the unbound executor pods of one Spark
 * application, or a single other pod (a driver, any pod with this scheduler's name).
 *
 * @param key         {@code namespace/application} or {@code namespace/pod}
 * @param pods        the pods to bind, in executor-id order
 * @param cpuMillis   CPU request of each pod (the largest, if they differ)
 * @param memoryBytes memory request of each pod (the largest, if they differ)
 * @param spec        type, arrival, expected duration, deadline
 * @param executorRoom for a driver under {@code --driver-gang}: the executors it is placed with; else null
 */
public record PendingApplication(String key, String namespace, List<Pod> pods, long cpuMillis, long memoryBytes,
                                 AppSpec spec, ExecutorRoom executorRoom) {

    public PendingApplication {
        pods = List.copyOf(pods);
    }

    /** A gang placed on its own (no executor room to hold). */
    public PendingApplication(String key, String namespace, List<Pod> pods, long cpuMillis, long memoryBytes, AppSpec spec) {
        this(key, namespace, pods, cpuMillis, memoryBytes, spec, null);
    }

    /**
     * The gang's priority: the highest {@code spec.priority} of its pods (the API server's Priority
     * admission sets it from {@code priorityClassName}); 0 when none is set.
     */
    public int priority() {
        int best = Integer.MIN_VALUE;
        for (Pod p : pods) {
            Integer prio = p.getSpec() == null ? null : p.getSpec().getPriority();
            best = Math.max(best, prio == null ? 0 : prio);
        }
        return pods.isEmpty() ? 0 : best;
    }

    /** Each pod's requests besides CPU and memory (GPUs, storage; the largest over the pods), empty when none. */
    public Map<String, Long> otherRequests() {
        Map<String, Long> max = new TreeMap<>();
        for (Pod p : pods) {
            Resources.podOtherRequests(p).forEach((name, amount) -> max.merge(name, amount, Math::max));
        }
        return max.isEmpty() ? Map.of() : max;
    }

    /** The gang as a simulator job with the given id (whole cores rounded up, memory in GB). */
    public Job toJob(int id) {
        return toJob(id, 1000);
    }

    /**
     * The gang as a simulator job, its CPU in units of {@code cpuUnitMillis} (rounded up; exact when the
     * unit divides the request, as {@link io.execplace.kubernetes.cluster.ClusterSnapshot#cpuUnitMillis}
     * is chosen to), memory in GB.
     */
    public Job toJob(int id, long cpuUnitMillis) {
        int cores = (int) Math.max(1, (cpuMillis + cpuUnitMillis - 1) / cpuUnitMillis);
        double memoryGb = Math.max(memoryBytes, 1) / Resources.BYTES_PER_GB;
        return new Job(id, spec.type(), spec.arrival(), pods.size(), cores, memoryGb, spec.durationSeconds(),
                spec.deadline());
    }
}
