package io.execplace.liu.model;

import java.util.Arrays;

/**
 * One application of a LIU workload, with every random draw already made so that each approach
 * runs exactly the same workload. Times are in time slices.
 *
 * @param id          index in the workload (arrival order)
 * @param category    regular, time-critical or streaming
 * @param arrival     slice at which it enters the global pool
 * @param demand      executors wanted (for a streaming application: its base demand)
 * @param occupation  single-executor occupation time: the running time of one run (one batch) when it
 *                    gets all the executors it wants (the optimal running time)
 * @param deadline    relative deadline: from arrival for a time-critical run, from its release for a
 *                    streaming batch; 0 for a regular application
 * @param period      slices between two batch releases (0 for non-streaming applications)
 * @param bins        the 10-bin demand distribution (probabilities of the multipliers
 *                    {@link #multiplier(int)}); one-hot at multiplier 1.0 for non-streaming applications
 * @param runDemands  executors wanted by each run: one entry for a non-streaming application, one per
 *                    batch (drawn from {@code bins}) for a streaming one
 */
public record LiuApp(int id, AppCategory category, int arrival, int demand, int occupation, int deadline, int period,
                     double[] bins, int[] runDemands) {

    /** Number of bins of the demand distribution (Table I). */
    public static final int BINS = 10;
    /** The bin whose multiplier is 1.0: where non-streaming applications put all their mass. */
    public static final int UNIT_BIN = 4;

    public LiuApp {
        bins = bins.clone();
        runDemands = runDemands.clone();
        if (bins.length != BINS) {
            throw new IllegalArgumentException("an application has " + BINS + " demand bins, got " + bins.length);
        }
        if (runDemands.length < 1 || demand < 1 || occupation < 1 || arrival < 0) {
            throw new IllegalArgumentException("application " + id + ": demand, occupation and runs must be positive");
        }
        if (category == AppCategory.STREAMING ? period < 1 : runDemands.length != 1) {
            throw new IllegalArgumentException("application " + id + ": only streaming applications repeat");
        }
        if (category.timeCritical() != (deadline > 0)) {
            throw new IllegalArgumentException("application " + id + ": time-critical applications and only they have a deadline");
        }
    }

    /** A regular application (one run, no deadline). */
    public static LiuApp regular(int id, int arrival, int demand, int occupation) {
        return new LiuApp(id, AppCategory.REGULAR, arrival, demand, occupation, 0, 0, unitBins(), new int[] {demand});
    }

    /** A non-streaming time-critical application (one run, deadline counted from arrival). */
    public static LiuApp timeCritical(int id, int arrival, int demand, int occupation, int deadline) {
        return new LiuApp(id, AppCategory.TIME_CRITICAL, arrival, demand, occupation, deadline, 0, unitBins(),
                new int[] {demand});
    }

    /**
     * A streaming application whose batches are released every {@code period} slices from its
     * dispatch; batch {@code r} wants {@code runDemands[r]} executors and must finish within
     * {@code deadline} slices of its release.
     */
    public static LiuApp streaming(int id, int arrival, int demand, int occupation, int deadline, int period,
                                   double[] bins, int[] runDemands) {
        return new LiuApp(id, AppCategory.STREAMING, arrival, demand, occupation, deadline, period, bins, runDemands);
    }

    static double[] unitBins() {
        double[] b = new double[BINS];
        b[UNIT_BIN] = 1;
        return b;
    }

    /** The demand multiplier of bin {@code k}: 0.6, 0.7, ..., 1.5. */
    public static double multiplier(int k) {
        return 0.6 + 0.1 * k;
    }

    /** Number of runs (batches for a streaming application, else 1). */
    public int runs() {
        return runDemands.length;
    }

    /** Slice at which run {@code r} is released, counted from the slice the application was dispatched. */
    public int releaseOffset(int r) {
        return r * period;
    }

    /** Overall duration: the streaming lifespan (runs × period), or the occupation time of a single run. */
    public int duration() {
        return category == AppCategory.STREAMING ? runs() * period : occupation;
    }

    /** Expected executors wanted per run: what the SF/LF baselines compare. */
    public double expectedDemand() {
        double m = 0;
        for (int k = 0; k < BINS; k++) {
            m += bins[k] * multiplier(k);
        }
        return demand * m;
    }

    @Override
    public double[] bins() {
        return bins.clone();
    }

    /** Probability of bin {@code k} without copying. */
    public double bin(int k) {
        return bins[k];
    }

    @Override
    public int[] runDemands() {
        return runDemands.clone();
    }

    /** Executors wanted by run {@code r} without copying. */
    public int runDemand(int r) {
        return runDemands[r];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LiuApp a && id == a.id && category == a.category && arrival == a.arrival
                && demand == a.demand && occupation == a.occupation && deadline == a.deadline && period == a.period
                && Arrays.equals(bins, a.bins) && Arrays.equals(runDemands, a.runDemands);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * id + arrival) + Arrays.hashCode(runDemands);
    }

    @Override
    public String toString() {
        return "LiuApp[" + id + " " + category.label() + " t=" + arrival + " e=" + demand + " occ=" + occupation
                + " dl=" + deadline + " runs=" + runs() + "]";
    }
}
