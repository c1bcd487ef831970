package io.execplace.experiments.heldout;

/**
 * One workload of a split: a generator seed and, for TPDS presets, the SWIM trace job its arrival
 * window starts at (-1 for workloads that are not cut from the trace).
 *
 * @param seed           seed of the job shapes (and of generated arrivals)
 * @param firstTraceJob  first SWIM job of the arrival window, or -1
 */
public record WorkloadRef(long seed, int firstTraceJob) {

    public boolean hasWindow() {
        return firstTraceJob >= 0;
    }

    @Override
    public String toString() {
        return hasWindow() ? "seed " + seed + ", SWIM job" + firstTraceJob : "seed " + seed;
    }
}
