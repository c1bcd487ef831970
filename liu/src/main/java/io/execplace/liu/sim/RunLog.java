package io.execplace.liu.sim;

import io.execplace.liu.model.LiuApp;

import java.util.Arrays;

/**
 * Every run of a finished episode: its application, cluster, release, start, finish, the executors
 * it wanted and got, and whether it missed its deadline; runs in the order they were created
 * (dispatch order, then batch order). For credit assignment ({@code liu.pairmanager.HarmCredit}).
 */
public final class RunLog {

    private final int[] app;
    private final int[] cluster;
    private final int[] release;
    private final int[] start;
    private final int[] finish;
    private final int[] wanted;
    private final int[] granted;
    private final boolean[] missed;

    RunLog(int[] app, int[] cluster, int[] release, int[] start, int[] finish, int[] wanted, int[] granted,
           boolean[] missed) {
        this.app = app;
        this.cluster = cluster;
        this.release = release;
        this.start = start;
        this.finish = finish;
        this.wanted = wanted;
        this.granted = granted;
        this.missed = missed;
    }

    /** The run log of a finished episode of {@code s}. */
    static RunLog of(LiuSimulation s) {
        int runs = s.runs.size;
        int[] cl = new int[runs];
        int[] wanted = new int[runs];
        boolean[] missed = new boolean[runs];
        for (int r = 0; r < runs; r++) {
            LiuApp app = s.apps.get(s.runs.app[r]);
            cl[r] = s.ledger.clusterOf(s.runs.app[r]);
            wanted[r] = app.runDemand(s.runs.index[r]);
            missed[r] = SliceRules.missed(app, s.runs.release[r], s.runs.finish[r]);
        }
        return new RunLog(Arrays.copyOf(s.runs.app, runs), cl, Arrays.copyOf(s.runs.release, runs),
                Arrays.copyOf(s.runs.start, runs), Arrays.copyOf(s.runs.finish, runs), wanted, Arrays.copyOf(s.runs.granted, runs),
                missed);
    }

    public int size() {
        return app.length;
    }

    public int app(int r) {
        return app[r];
    }

    public int cluster(int r) {
        return cluster[r];
    }

    /** Slice the run joined its cluster's queue (the dispatch for a first run). */
    public int release(int r) {
        return release[r];
    }

    public int start(int r) {
        return start[r];
    }

    public int finish(int r) {
        return finish[r];
    }

    public int wanted(int r) {
        return wanted[r];
    }

    public int granted(int r) {
        return granted[r];
    }

    public boolean missed(int r) {
        return missed[r];
    }
}
