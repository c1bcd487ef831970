package io.execplace.core.rules;

/**
 * kube-scheduler's node scores for one more pod, from the node's used fractions of CPU and memory
 * after the pod (0 to 1), each on kube-scheduler's 0–100 scale: the NodeResourcesFit strategies and
 * NodeResourcesBalancedAllocation for the two resources. The simulator's driver placement and the
 * Kubernetes-like policies score with these, so both follow one formula.
 */
public final class KubeScores {

    private KubeScores() {
    }

    /** NodeResourcesFit {@code LeastAllocated} (kube-scheduler's default): the mean free fraction. */
    public static double leastAllocated(double cpuUsed, double memoryUsed) {
        return ((1 - cpuUsed) + (1 - memoryUsed)) / 2 * 100;
    }

    /** NodeResourcesFit {@code MostAllocated}: the mean used fraction. */
    public static double mostAllocated(double cpuUsed, double memoryUsed) {
        return (cpuUsed + memoryUsed) / 2 * 100;
    }

    /** NodeResourcesBalancedAllocation for two resources: 1 − half the difference of the used fractions. */
    public static double balanced(double cpuUsed, double memoryUsed) {
        return (1 - Math.abs(cpuUsed - memoryUsed) / 2) * 100;
    }
}
