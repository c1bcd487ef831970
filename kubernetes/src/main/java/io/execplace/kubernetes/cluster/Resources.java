package io.execplace.kubernetes.cluster;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;

/**
 * CPU in millicores and memory in bytes, exact, as Kubernetes counts them: a pod requests the sum
 * of its containers' requests, at least the largest init container's, plus its overhead.
 */
public final class Resources {

    /** Bytes per GB in execplace's model (GiB: Kubernetes memory is usually written in Gi). */
    public static final double BYTES_PER_GB = 1024.0 * 1024 * 1024;

    private Resources() {
    }

    /** Millicores of a CPU quantity ({@code 2}, {@code 500m}), rounded up. */
    public static long cpuMillis(Quantity q) {
        if (q == null) {
            return 0;
        }
        BigDecimal cores = Quantity.getAmountInBytes(q);
        return cores.multiply(BigDecimal.valueOf(1000)).setScale(0, RoundingMode.CEILING).longValueExact();
    }

    /** Bytes of a memory quantity ({@code 4Gi}, {@code 4096M}), rounded up. */
    public static long memoryBytes(Quantity q) {
        if (q == null) {
            return 0;
        }
        return Quantity.getAmountInBytes(q).setScale(0, RoundingMode.CEILING).longValueExact();
    }

    /** The pod's CPU request in millicores. */
    public static long podCpuMillis(Pod pod) {
        return podRequest(pod, "cpu", true);
    }

    /** The pod's memory request in bytes. */
    public static long podMemoryBytes(Pod pod) {
        return podRequest(pod, "memory", false);
    }

    private static long podRequest(Pod pod, String resource, boolean cpu) {
        if (pod.getSpec() == null) {
            return 0;
        }
        long sum = 0;
        for (Container c : pod.getSpec().getContainers()) {
            sum += request(c, resource, cpu);
        }
        long init = 0;
        if (pod.getSpec().getInitContainers() != null) {
            for (Container c : pod.getSpec().getInitContainers()) {
                init = Math.max(init, request(c, resource, cpu));
            }
        }
        long total = Math.max(sum, init);
        Map<String, Quantity> overhead = pod.getSpec().getOverhead();
        if (overhead != null && overhead.get(resource) != null) {
            total += cpu ? cpuMillis(overhead.get(resource)) : memoryBytes(overhead.get(resource));
        }
        return total;
    }

    private static long request(Container c, String resource, boolean cpu) {
        if (c.getResources() == null) {
            return 0;
        }
        Map<String, Quantity> requests = c.getResources().getRequests();
        Quantity q = requests == null ? null : requests.get(resource);
        if (q == null && c.getResources().getLimits() != null) {
            // Kubernetes defaults a missing request to the limit.
            q = c.getResources().getLimits().get(resource);
        }
        return cpu ? cpuMillis(q) : memoryBytes(q);
    }
}
