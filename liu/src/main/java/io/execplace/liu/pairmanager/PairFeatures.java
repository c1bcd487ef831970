package io.execplace.liu.pairmanager;

import io.execplace.liu.model.AppCategory;
import io.execplace.liu.model.LiuApp;
import io.execplace.liu.sim.LiuSimulation;
import io.execplace.liu.sim.Outlook;

import java.util.List;

/**
 * The features of every (waiting application, cluster) pair at a decision: what Table I hides. Per
 * cluster its committed work (running runs' remaining executor-slices, its FIFO queue, streaming
 * batches still to be released, all played out by {@link LiuSimulation#outlook}), executors free now
 * and on average, and what the outlook projects if the application is sent there (extra misses, the
 * application's own and the others', its delay ratio and how long it waits to start); per
 * application its category, laxity, demand, occupation, period and runs, and where it stands among
 * the waiting applications; and per pair what a look-ahead that knows no more than a manager can
 * (the committed work and the waiting pool, no future arrival) projects: the misses from now on when
 * the pair is dispatched and {@code outlook} dispatches the rest ({@link RolloutPlanner}, blind).
 * Row {@code p = k · clusters + j} is application {@code k} on cluster {@code j}; {@link #NAMES}
 * lists the columns. Every value is scaled to about [−1, 2]. Not thread-safe (a scratch simulation).
 */
public final class PairFeatures {

    /** Column names, in order (also written into agent files, which are refused if they differ). */
    public static final List<String> NAMES = List.of(
            "cluster.size", "cluster.freeNow", "cluster.freeMean", "cluster.committedWork", "cluster.drain",
            "cluster.queued", "cluster.projectedMisses",
            "pair.addedMisses", "pair.addsMiss", "pair.addedAboveBest", "pair.ownMisses", "pair.othersMisses",
            "pair.delayRatio", "pair.wait", "pair.demandShare",
            "app.regular", "app.timeCritical", "app.streaming", "app.laxity", "app.demand", "app.occupation",
            "app.period", "app.runs", "app.waited", "app.leastLaxity", "app.smallest", "pool.size",
            "lookahead.misses", "lookahead.aboveBest");
    /** Number of features per pair. */
    public static final int SIZE = NAMES.size();

    /** Decisions a look-ahead plays at most (it ends sooner: nothing arrives, so the pool drains). */
    static final int LOOKAHEAD_HORIZON = 10_000;

    private final RolloutPlanner lookahead;
    private int[] costs = new int[64];

    /** Features for simulations of the same clusters and minimum share as {@code like}. */
    public PairFeatures(LiuSimulation like) {
        this.lookahead = new RolloutPlanner(like, LOOKAHEAD_HORIZON, false);
    }

    /**
     * Writes the features of every pair into {@code out} (at least {@code waiting × clusters × SIZE}
     * values) and returns the number of rows.
     */
    /** The blind look-ahead's misses from now on for pair {@code pair} of the last {@link #write}. */
    public int lookaheadCost(int pair) {
        return costs[pair];
    }

    /** Whether this writer's look-ahead is for {@code sim}'s clusters and minimum share. */
    public boolean fits(LiuSimulation sim) {
        return lookahead.fits(sim);
    }

    public int write(LiuSimulation sim, double[] out) {
        int c = sim.clusterCount();
        int w = sim.waitingCount();
        int largest = 0;
        for (int j = 0; j < c; j++) {
            largest = Math.max(largest, sim.capacity(j));
        }
        Outlook[] base = new Outlook[c];
        for (int j = 0; j < c; j++) {
            base[j] = sim.outlook(j, null);
        }
        int urgent = leastLaxity(sim);
        int smallest = smallest(sim);
        Outlook[] with = new Outlook[c];
        if (costs.length < w * c) {
            costs = new int[2 * w * c];
        }
        int bestCost = Integer.MAX_VALUE;
        for (int p = 0; p < w * c; p++) {
            costs[p] = lookahead.cost(sim, p);
            bestCost = Math.min(bestCost, costs[p]);
        }
        for (int k = 0; k < w; k++) {
            LiuApp a = sim.waiting(k);
            int bestAdded = Integer.MAX_VALUE;
            for (int j = 0; j < c; j++) {
                with[j] = sim.outlook(j, a);
                bestAdded = Math.min(bestAdded, with[j].misses() - base[j].misses());
            }
            for (int j = 0; j < c; j++) {
                int o = (k * c + j) * SIZE;
                double size = sim.capacity(j);
                int added = with[j].misses() - base[j].misses();
                out[o] = size / largest;
                out[o + 1] = (size - sim.used(j)) / size;
                out[o + 2] = (size - sim.meanUsed(j)) / size;
                out[o + 3] = cap(base[j].committedWork() / (size * 100), 2);
                out[o + 4] = cap(base[j].drain() / 200.0, 2);
                out[o + 5] = cap(sim.queued(j) / 10.0, 2);
                out[o + 6] = cap(base[j].misses() / 10.0, 2);
                out[o + 7] = cap(added / 5.0, 2);
                out[o + 8] = added > 0 ? 1 : 0;
                out[o + 9] = cap((added - bestAdded) / 5.0, 2);
                out[o + 10] = (double) with[j].candidateMisses() / a.runs();
                out[o + 11] = cap((added - with[j].candidateMisses()) / 5.0, 2);
                out[o + 12] = cap(with[j].candidateRatio() - 1, 2);
                out[o + 13] = cap(with[j].candidateWait() / 100.0, 2);
                out[o + 14] = cap(a.runDemand(0) / size, 2);
                appFeatures(sim, a, k == urgent, k == smallest, out, o + 15);
                out[o + 27] = cap(costs[k * c + j] / 10.0, 2);
                out[o + 28] = cap((costs[k * c + j] - bestCost) / 5.0, 2);
            }
        }
        return w * c;
    }

    private static void appFeatures(LiuSimulation sim, LiuApp a, boolean urgent, boolean smallest, double[] out, int o) {
        out[o] = a.category() == AppCategory.REGULAR ? 1 : 0;
        out[o + 1] = a.category() == AppCategory.TIME_CRITICAL ? 1 : 0;
        out[o + 2] = a.category() == AppCategory.STREAMING ? 1 : 0;
        out[o + 3] = Math.max(-1, Math.min(1, laxity(sim.now(), a) / 60.0));
        out[o + 4] = a.expectedDemand() / 400;
        out[o + 5] = a.occupation() / 60.0;
        out[o + 6] = a.period() / 120.0;
        out[o + 7] = a.runs() / 16.0;
        out[o + 8] = cap((sim.now() - a.arrival()) / 50.0, 2);
        out[o + 9] = urgent ? 1 : 0;
        out[o + 10] = smallest ? 1 : 0;
        out[o + 11] = cap(sim.waitingCount() / 10.0, 2);
    }

    /**
     * Slices an application can still wait and meet its deadline on a full grant: for a
     * time-critical one from its arrival, for a streaming one per batch from its release (its clock
     * starts at dispatch); a regular application has all the time there is (60).
     */
    static long laxity(int now, LiuApp a) {
        return switch (a.category()) {
            case TIME_CRITICAL -> (long) a.arrival() + a.deadline() - now - a.occupation();
            case STREAMING -> a.deadline() - a.occupation();
            case REGULAR -> 60;
        };
    }

    /** The time-critical waiting application with the least laxity, or −1 without one. */
    static int leastLaxity(LiuSimulation sim) {
        int best = -1;
        long bestLaxity = Long.MAX_VALUE;
        for (int k = 0; k < sim.waitingCount(); k++) {
            LiuApp a = sim.waiting(k);
            if (a.category() == AppCategory.TIME_CRITICAL && laxity(sim.now(), a) < bestLaxity) {
                best = k;
                bestLaxity = laxity(sim.now(), a);
            }
        }
        return best;
    }

    /** The waiting application with the smallest expected demand (ties: the earliest), as SF picks. */
    static int smallest(LiuSimulation sim) {
        int best = 0;
        for (int k = 1; k < sim.waitingCount(); k++) {
            if (sim.waiting(k).expectedDemand() < sim.waiting(best).expectedDemand()) {
                best = k;
            }
        }
        return best;
    }

    private static double cap(double v, double max) {
        return Math.min(v, max);
    }
}
