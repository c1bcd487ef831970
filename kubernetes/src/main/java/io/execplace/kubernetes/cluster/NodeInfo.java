package io.execplace.kubernetes.cluster;

import io.execplace.core.model.Site;
import io.fabric8.kubernetes.api.model.Node;

import java.util.Map;

/**
 * What the scheduler knows about one usable node: its instance type, site, price and allocatable
 * resources (exact, in millicores and bytes; other resources such as GPUs in whole units; the most
 * pods it may run), and the API object itself, whose labels and taints the filters read.
 *
 * @param otherAllocatable allocatable resources besides CPU, memory and pods ({@link Resources#otherAmounts})
 * @param podLimit         {@code status.allocatable.pods}, or {@link Long#MAX_VALUE} when not given
 */
public record NodeInfo(String name, String instanceType, Site site, double pricePerSecond,
                       long allocatableCpuMillis, long allocatableMemoryBytes, Map<String, Long> otherAllocatable,
                       long podLimit, Node source) {

    public NodeInfo {
        otherAllocatable = Map.copyOf(otherAllocatable);
    }

    /** The node's zone (label {@code topology.kubernetes.io/zone}), or "" when it has none. */
    public String zone() {
        Map<String, String> labels = source.getMetadata().getLabels();
        return labels == null ? "" : labels.getOrDefault(Labels.ZONE, "");
    }

    /**
     * How many pods of this request the node could hold if it ran nothing: CPU, memory, every other
     * requested resource and the pod limit ({@link ClusterSnapshot#podsThatFit} counts what is free now).
     */
    public long podsThatFitEmpty(long cpuMillis, long memoryBytes, Map<String, Long> otherRequests) {
        long holds = Math.min(podLimit, Math.min(allocatableCpuMillis / Math.max(1, cpuMillis),
                allocatableMemoryBytes / Math.max(1, memoryBytes)));
        for (Map.Entry<String, Long> e : otherRequests.entrySet()) {
            holds = Math.min(holds, otherAllocatable(e.getKey()) / e.getValue());
        }
        return holds;
    }

    /** The allocatable amount of a resource besides CPU and memory (0 when the node has none). */
    public long otherAllocatable(String resource) {
        return otherAllocatable.getOrDefault(resource, 0L);
    }
}
