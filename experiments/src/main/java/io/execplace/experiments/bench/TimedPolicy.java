package io.execplace.experiments.bench;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;

import java.util.Arrays;

/**
 * Wraps a policy and records the wall time of every decision and whether it placed the job, so that
 * a benchmark can pool decisions over several runs and tell decisions that placed a job (for
 * {@code milp}: the ones that reached the solver) from quick refusals.
 */
final class TimedPolicy implements PlacementPolicy {

    private final PlacementPolicy inner;
    private long[] nanos = new long[1024];
    private boolean[] placed = new boolean[1024];
    private int decisions;

    TimedPolicy(PlacementPolicy inner) {
        this.inner = inner;
    }

    @Override
    public String name() {
        return inner.name();
    }

    // the timer must not change the run: the questions besides place() go to the timed policy too
    @Override
    public String neverPlaces(Job job, Cluster cluster) {
        return inner.neverPlaces(job, cluster);
    }

    @Override
    public boolean namesProtections() {
        return inner.namesProtections();
    }

    @Override
    public double askAgainAt() {
        return inner.askAgainAt();
    }

    @Override
    public Placement place(Job job, ClusterView cluster) {
        long t0 = System.nanoTime();
        Placement p = inner.place(job, cluster);
        long t = System.nanoTime() - t0;
        if (decisions == nanos.length) {
            nanos = Arrays.copyOf(nanos, decisions * 2);
            placed = Arrays.copyOf(placed, decisions * 2);
        }
        nanos[decisions] = t;
        placed[decisions++] = p != null && !p.isNone();
        return p;
    }

    /** Decision times in milliseconds: all of them, or only those that placed the job. */
    double[] millis(boolean placedOnly) {
        double[] out = new double[decisions];
        int n = 0;
        for (int i = 0; i < decisions; i++) {
            if (!placedOnly || placed[i]) {
                out[n++] = nanos[i] / 1e6;
            }
        }
        return Arrays.copyOf(out, n);
    }
}
