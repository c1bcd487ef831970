package io.execplace.liu.sim;

import io.execplace.liu.model.LiuApp;

import java.util.Arrays;
import java.util.List;

/**
 * What an episode's applications did, kept as they go (dispatch, end, missed runs, running-time
 * ratios) with the episode-wide counts, and turned into the {@link LiuEpisode} at the end.
 */
final class EpisodeLedger {

    private int[] cluster = new int[0];
    private int[] dispatch = new int[0];
    private int[] end = new int[0];
    private int[] runsLeft = new int[0];
    private int[] missed = new int[0];
    private double[] ratioSum = new double[0];
    private int[] missTimes = new int[64];
    private int misses;
    private long executorSlices;
    private int deadlineRuns;
    private int finished;

    void reset(int applications) {
        cluster = new int[applications];
        dispatch = new int[applications];
        end = new int[applications];
        runsLeft = new int[applications];
        missed = new int[applications];
        ratioSum = new double[applications];
        Arrays.fill(cluster, -1);
        Arrays.fill(end, -1);
        misses = 0;
        executorSlices = 0;
        deadlineRuns = 0;
        finished = 0;
    }

    void copyFrom(EpisodeLedger o) {
        cluster = o.cluster.clone();
        dispatch = o.dispatch.clone();
        end = o.end.clone();
        runsLeft = o.runsLeft.clone();
        missed = o.missed.clone();
        ratioSum = o.ratioSum.clone();
        missTimes = o.missTimes.clone();
        misses = o.misses;
        executorSlices = o.executorSlices;
        deadlineRuns = o.deadlineRuns;
        finished = o.finished;
    }

    void dispatched(int app, int to, int now, int runs) {
        cluster[app] = to;
        dispatch[app] = now;
        runsLeft[app] = runs;
    }

    /** The cluster application {@code app} was sent to, or −1 while it waits. */
    int clusterOf(int app) {
        return cluster[app];
    }

    void granted(int executors, int slices) {
        executorSlices += (long) executors * slices;
    }

    /**
     * A run of {@code app} finished at {@code now} after {@code ratio} of its occupation.
     *
     * @param deadlineRun whether the run has a deadline (time-critical or streaming)
     * @param miss        whether it missed it
     */
    void runFinished(int app, int now, double ratio, boolean deadlineRun, boolean miss) {
        ratioSum[app] += ratio;
        if (deadlineRun) {
            deadlineRuns++;
        }
        if (miss) {
            missed[app]++;
            if (misses == missTimes.length) {
                missTimes = Arrays.copyOf(missTimes, misses * 2);
            }
            missTimes[misses++] = now;
        }
        if (--runsLeft[app] == 0) {
            end[app] = now;
            finished++;
        }
    }

    /** Deadlines missed so far. */
    int misses() {
        return misses;
    }

    /** Applications that have finished every run. */
    int finished() {
        return finished;
    }

    LiuEpisode episode(List<LiuApp> apps, int now, RunLog runs) {
        LiuEpisode.AppOutcome[] out = new LiuEpisode.AppOutcome[apps.size()];
        for (int a = 0; a < out.length; a++) {
            LiuApp app = apps.get(a);
            out[a] = new LiuEpisode.AppOutcome(app.category(), cluster[a], dispatch[a], end[a], missed[a],
                    ratioSum[a] / app.runs());
        }
        return new LiuEpisode(out, Arrays.copyOf(missTimes, misses), now, executorSlices, deadlineRuns).withRuns(runs);
    }
}
