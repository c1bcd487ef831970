package io.execplace.kubernetes.cluster;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

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

    /**
     * Every request of the pod besides CPU and memory (GPUs and other extended resources,
     * ephemeral storage, huge pages), in whole units of each resource, rounded up; empty when none.
     * kube-scheduler's NodeResourcesFit checks these as it checks CPU and memory.
     */
    public static Map<String, Long> podOtherRequests(Pod pod) {
        if (pod.getSpec() == null) {
            return Map.of();
        }
        Map<String, Long> sums = new TreeMap<>();
        for (Container c : pod.getSpec().getContainers()) {
            for (String name : requestedNames(c)) {
                sums.merge(name, request(c, name, false), Long::sum);
            }
        }
        if (pod.getSpec().getInitContainers() != null) {
            for (Container c : pod.getSpec().getInitContainers()) {
                for (String name : requestedNames(c)) {
                    sums.merge(name, request(c, name, false), Math::max);
                }
            }
        }
        Map<String, Quantity> overhead = pod.getSpec().getOverhead();
        if (overhead != null) {
            overhead.forEach((name, q) -> {
                if (other(name)) {
                    sums.merge(name, memoryBytes(q), Long::sum);
                }
            });
        }
        sums.values().removeIf(v -> v == 0);
        return sums.isEmpty() ? Map.of() : Map.copyOf(sums);
    }

    /** Every allocatable amount of a node besides CPU, memory and the pod count, in whole units. */
    public static Map<String, Long> otherAmounts(Map<String, Quantity> amounts) {
        if (amounts == null) {
            return Map.of();
        }
        Map<String, Long> out = new TreeMap<>();
        amounts.forEach((name, q) -> {
            if (other(name) && !"pods".equals(name)) {
                out.put(name, Quantity.getAmountInBytes(q).setScale(0, RoundingMode.FLOOR).longValueExact());
            }
        });
        return out.isEmpty() ? Map.of() : Map.copyOf(out);
    }

    private static boolean other(String name) {
        return !"cpu".equals(name) && !"memory".equals(name);
    }

    private static Set<String> requestedNames(Container c) {
        if (c.getResources() == null) {
            return Set.of();
        }
        Set<String> names = new TreeSet<>();
        if (c.getResources().getRequests() != null) {
            names.addAll(c.getResources().getRequests().keySet());
        }
        if (c.getResources().getLimits() != null) {
            names.addAll(c.getResources().getLimits().keySet());
        }
        names.removeIf(n -> !other(n));
        return names;
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
