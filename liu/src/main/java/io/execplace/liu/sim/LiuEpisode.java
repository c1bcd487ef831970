package io.execplace.liu.sim;

import io.execplace.liu.model.AppCategory;

import java.util.Arrays;

/**
 * What a finished LIU episode leaves: per application its outcome, and the slices at which
 * deadlines were missed (ascending), from which the metrics and the Monte-Carlo values follow.
 */
public final class LiuEpisode {

    /**
     * One application's outcome.
     *
     * @param category    its category
     * @param cluster     where it was dispatched
     * @param dispatched  slice of its dispatch (the action's {@code t_i})
     * @param end         slice its last run finished
     * @param missed      deadlines it missed ({@code MDL_i})
     * @param delayResult mean running-time ratio actual / optimal over its runs ({@code DelayResult_i}, at least 1)
     */
    public record AppOutcome(AppCategory category, int cluster, int dispatched, int end, int missed,
                             double delayResult) {
    }

    private final AppOutcome[] apps;
    private final int[] missTimes;
    private RunLog runs;
    private final int length;
    private final long executorSlices;
    private final int deadlineRuns;

    /**
     * @param apps      outcomes in workload order
     * @param missTimes slices of every missed deadline, ascending
     * @param length    slice at which the episode ended
     */
    public LiuEpisode(AppOutcome[] apps, int[] missTimes, int length) {
        this(apps, missTimes, length, 0, 0);
    }

    /**
     * @param executorSlices executors × slices occupied by all runs (the episode's resource use)
     * @param deadlineRuns   runs that had a deadline (time-critical runs and streaming batches)
     */
    public LiuEpisode(AppOutcome[] apps, int[] missTimes, int length, long executorSlices, int deadlineRuns) {
        this.executorSlices = executorSlices;
        this.deadlineRuns = deadlineRuns;
        this.apps = apps.clone();
        this.missTimes = missTimes.clone();
        this.length = length;
        for (int i = 1; i < missTimes.length; i++) {
            if (missTimes[i] < missTimes[i - 1]) {
                throw new IllegalArgumentException("miss times must be ascending");
            }
        }
    }

    /** This episode with its run log (set once, by the simulation). */
    LiuEpisode withRuns(RunLog log) {
        this.runs = log;
        return this;
    }

    /** Every run of the episode, or null when the episode was not made by the simulation. */
    public RunLog runs() {
        return runs;
    }

    public int apps() {
        return apps.length;
    }

    public AppOutcome app(int i) {
        return apps[i];
    }

    public int length() {
        return length;
    }

    /** Executors × slices occupied by all runs. */
    public long executorSlices() {
        return executorSlices;
    }

    /** Runs that had a deadline. */
    public int deadlineRuns() {
        return deadlineRuns;
    }

    /** TMDL: deadlines missed in all clusters. */
    public int totalMissed() {
        return missTimes.length;
    }

    /** Deadlines missed at slices in {@code (from, to]}. */
    public int missedBetween(int from, int to) {
        if (to <= from) {
            return 0;
        }
        return upper(to) - upper(from);
    }

    /** Number of misses at slices {@code <= t}. */
    private int upper(int t) {
        int lo = 0;
        int hi = missTimes.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (missTimes[mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** AJDR (Eq. 8): mean over applications of {@code 100 · (mean ratio − 1)}. */
    public double ajdr() {
        double s = 0;
        for (AppOutcome a : apps) {
            s += 100 * (a.delayResult() - 1);
        }
        return s / apps.length;
    }

    @Override
    public String toString() {
        return "LiuEpisode[apps=" + apps.length + ", TMDL=" + totalMissed() + ", AJDR=" + ajdr() + ", length=" + length
                + ", misses=" + Arrays.toString(Arrays.copyOf(missTimes, Math.min(5, missTimes.length))) + "...]";
    }
}
