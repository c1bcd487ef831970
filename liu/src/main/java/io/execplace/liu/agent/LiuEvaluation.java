package io.execplace.liu.agent;

import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.model.LiuApp;
import io.execplace.liu.metrics.LiuScores;
import io.execplace.liu.sim.LiuEpisode;
import io.execplace.liu.sim.LiuManager;
import io.execplace.liu.sim.LiuRunner;
import io.execplace.liu.sim.LiuSimulation;

import java.util.List;

/**
 * A manager's TMDL and AJDR on each of a fixed list of test workloads (the same list for every
 * approach, as §V-C requires).
 *
 * @param manager name
 * @param tmdl    per test episode
 * @param ajdr    per test episode
 */
public record LiuEvaluation(String manager, double[] tmdl, double[] ajdr) {

    /** Runs the manager on every workload; manager randomness is seeded by the episode index. */
    public static LiuEvaluation run(ExecutorClusters clusters, double minShare, LiuManager manager,
                                    List<List<LiuApp>> workloads) {
        LiuSimulation sim = new LiuSimulation(clusters, minShare);
        double[] t = new double[workloads.size()];
        double[] a = new double[workloads.size()];
        for (int i = 0; i < workloads.size(); i++) {
            LiuEpisode e = LiuRunner.run(sim, manager, workloads.get(i), 1_000_003L * (i + 1));
            t[i] = e.totalMissed();
            a[i] = e.ajdr();
        }
        return new LiuEvaluation(manager.name(), t, a);
    }

    public double meanTmdl() {
        return mean(tmdl);
    }

    public double meanAjdr() {
        return mean(ajdr);
    }

    /** Eq. 9 of the mean TMDL and mean AJDR (as Fig. 4 plots it). */
    public double eval() {
        return LiuScores.eval(meanTmdl(), meanAjdr());
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }
}
