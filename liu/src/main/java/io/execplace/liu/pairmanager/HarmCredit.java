package io.execplace.liu.pairmanager;

import io.execplace.liu.sim.LiuEpisode;
import io.execplace.liu.sim.RunLog;

/**
 * The return of one dispatch, counted when the episode has ended: the deadlines the application
 * missed itself, plus its share of the deadlines <em>other</em> applications' runs missed because it
 * was in their way, plus {@code η ·} its delay ({@code DelayResult − 1}), negated.
 *
 * <p>In the way: a run that missed its deadline and was held up on its cluster — it started after
 * it joined the queue, or with fewer executors than it wanted — is blamed on every other
 * application with a run that held executors or a queue place ahead of it on that cluster while it
 * waited (started no later than it and finished after it joined the queue); each such application
 * takes an equal share of the miss.
 *
 * <p>Why: Eq. 2 of Liu et al. charges a dispatch with every cluster's misses during its life at
 * weight {@code γ = 0.02}, so a regular application (no deadline of its own) sent where it blocks
 * later time-critical runs costs almost nothing, and its part is lost among the other clusters'
 * misses. Clusters share nothing but the manager, so the harm a dispatch does to others is on its
 * own cluster, to the runs it holds up; charging exactly those at full weight makes a regular
 * application that makes a time-critical one miss as costly as missing a deadline itself.
 */
public final class HarmCredit {

    private HarmCredit() {
    }

    /** Per application of the episode (workload index), its share of the misses of others it held up. */
    public static double[] harmToOthers(LiuEpisode episode) {
        RunLog runs = episode.runs();
        if (runs == null) {
            throw new IllegalArgumentException("the episode has no run log (it was not made by the simulation)");
        }
        double[] harm = new double[episode.apps()];
        int[] blockers = new int[16];
        for (int x = 0; x < runs.size(); x++) {
            boolean heldUp = runs.start(x) > runs.release(x) || runs.granted(x) < runs.wanted(x);
            if (!runs.missed(x) || !heldUp) {
                continue;
            }
            int n = 0;
            for (int r = 0; r < runs.size(); r++) {
                int a = runs.app(r);
                if (a == runs.app(x) || runs.cluster(r) != runs.cluster(x) || runs.start(r) > runs.start(x)
                        || runs.finish(r) <= runs.release(x) || contains(blockers, n, a)) {
                    continue;
                }
                if (n == blockers.length) {
                    blockers = java.util.Arrays.copyOf(blockers, 2 * n);
                }
                blockers[n++] = a;
            }
            for (int i = 0; i < n; i++) {
                harm[blockers[i]] += 1.0 / n;
            }
        }
        return harm;
    }

    /** The return of dispatching application {@code app} (see the class comment), given {@link #harmToOthers}. */
    public static double value(LiuEpisode episode, double[] harm, int app, double delayWeight) {
        LiuEpisode.AppOutcome a = episode.app(app);
        return -(a.missed() + harm[app]) - delayWeight * (a.delayResult() - 1);
    }

    private static boolean contains(int[] a, int n, int v) {
        for (int i = 0; i < n; i++) {
            if (a[i] == v) {
                return true;
            }
        }
        return false;
    }
}
