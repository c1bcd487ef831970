package io.execplace.core.model;

/** Shared arithmetic for fitting executors into free VM resources. */
public final class Capacity {

    /** Memory comparisons allow this slack (GB) so that sums of decimal sizes do not fail by rounding. */
    public static final double EPSILON = 1e-9;

    private Capacity() {
    }

    /** How many executors of the given size fit into the given free resources. */
    public static int executorsThatFit(int freeCores, double freeMemoryGb, int cores, double memoryGb) {
        int byCores = freeCores / cores;
        // The slack is absolute (GB), as in ClusterState's validation, so both agree on what fits.
        int byMemory = (int) Math.floor((freeMemoryGb + EPSILON) / memoryGb);
        return Math.max(0, Math.min(byCores, byMemory));
    }
}
