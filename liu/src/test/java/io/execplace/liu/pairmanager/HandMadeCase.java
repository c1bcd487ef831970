package io.execplace.liu.pairmanager;

import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.model.LiuApp;
import io.execplace.liu.sim.LiuEpisode;
import io.execplace.liu.sim.LiuManager;
import io.execplace.liu.sim.LiuSimulation;
import io.execplace.liu.sim.LiuView;

import java.util.List;

/**
 * The hand-made case of the pair-manager tests: clusters of 100 and 400 executors; a regular
 * application R (100 executors for 50 slices) arrives at slice 0, a time-critical T (100 executors
 * for 10 slices, deadline 15) at slice 1. R on the small cluster holds it until slice 50, so T sent
 * there starts at 50, finishes at 60 and misses (59 > 15); R on the large cluster harms nobody.
 */
final class HandMadeCase {

    static final ExecutorClusters CLUSTERS = new ExecutorClusters("hand", new int[] {100, 400});
    static final List<LiuApp> WORKLOAD = List.of(
            LiuApp.regular(0, 0, 100, 50),
            LiuApp.timeCritical(1, 1, 100, 10, 15));

    private HandMadeCase() {
    }

    /** The episode in which R goes to {@code clusterOfR} and T to {@code clusterOfT}. */
    static LiuEpisode play(int clusterOfR, int clusterOfT) {
        LiuSimulation sim = new LiuSimulation(CLUSTERS);
        sim.reset(WORKLOAD);
        while (sim.decisionPending()) {
            sim.dispatch(0, sim.waiting(0).id() == 0 ? clusterOfR : clusterOfT);
        }
        return sim.episode();
    }

    /** The simulation at T's decision, R having gone to {@code clusterOfR}. */
    static LiuSimulation atSecondDecision(int clusterOfR) {
        LiuSimulation sim = new LiuSimulation(CLUSTERS);
        sim.reset(WORKLOAD);
        sim.dispatch(0, clusterOfR);
        return sim;
    }

    /** A manager that sends every application to one cluster. */
    static LiuManager always(int cluster) {
        return new LiuManager() {
            @Override
            public Dispatch decide(LiuView view) {
                return new Dispatch(0, cluster);
            }

            @Override
            public String name() {
                return "always-" + cluster;
            }
        };
    }
}
