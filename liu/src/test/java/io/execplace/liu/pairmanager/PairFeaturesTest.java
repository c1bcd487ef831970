package io.execplace.liu.pairmanager;

import io.execplace.liu.sim.LiuSimulation;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The pair features of T's decision in {@link HandMadeCase}, worked by hand. */
class PairFeaturesTest {

    private static double feature(double[] f, int pair, String name) {
        return f[pair * PairFeatures.SIZE + PairFeatures.NAMES.indexOf(name)];
    }

    @Test
    void showTheCommittedWorkAndWhatSendingTheApplicationThereWouldDo() {
        LiuSimulation sim = HandMadeCase.atSecondDecision(0); // R runs on the small cluster from slice 0 to 50
        assertEquals(1, sim.now());
        assertEquals(1, sim.waitingCount());
        double[] f = new double[2 * PairFeatures.SIZE];
        assertEquals(2, new PairFeatures(sim).write(sim, f));
        // pair 0: T on the small cluster, busy with R
        assertEquals(100.0 / 400, feature(f, 0, "cluster.size"), 1e-12);
        assertEquals(0, feature(f, 0, "cluster.freeNow"), 1e-12);
        assertEquals(0, feature(f, 0, "cluster.freeMean"), 1e-12, "slice 0 was recorded with R's 100 busy");
        assertEquals(100.0 * 49 / (100 * 100), feature(f, 0, "cluster.committedWork"), 1e-12, "R holds 100 for 49 more slices");
        assertEquals(49 / 200.0, feature(f, 0, "cluster.drain"), 1e-12);
        assertEquals(0, feature(f, 0, "cluster.projectedMisses"), 1e-12);
        assertEquals(1 / 5.0, feature(f, 0, "pair.addedMisses"), 1e-12, "T would start at 50 and finish at 60 > 1 + 15");
        assertEquals(1, feature(f, 0, "pair.addsMiss"), 1e-12);
        assertEquals(1 / 5.0, feature(f, 0, "pair.addedAboveBest"), 1e-12);
        assertEquals(1, feature(f, 0, "pair.ownMisses"), 1e-12);
        assertEquals(0, feature(f, 0, "pair.othersMisses"), 1e-12);
        assertEquals(0, feature(f, 0, "pair.delayRatio"), 1e-12, "a full grant once R is done");
        assertEquals(49 / 100.0, feature(f, 0, "pair.wait"), 1e-12);
        assertEquals(1, feature(f, 0, "pair.demandShare"), 1e-12);
        // pair 1: T on the idle large cluster
        assertEquals(1, feature(f, 1, "cluster.size"), 1e-12);
        assertEquals(1, feature(f, 1, "cluster.freeNow"), 1e-12);
        assertEquals(0, feature(f, 1, "cluster.committedWork"), 1e-12);
        assertEquals(0, feature(f, 1, "cluster.drain"), 1e-12);
        assertEquals(0, feature(f, 1, "pair.addedMisses"), 1e-12);
        assertEquals(0, feature(f, 1, "pair.wait"), 1e-12);
        assertEquals(0.25, feature(f, 1, "pair.demandShare"), 1e-12);
        // the blind look-ahead: T on the small cluster misses, on the large one nobody does
        assertEquals(1 / 10.0, feature(f, 0, "lookahead.misses"), 1e-12);
        assertEquals(1 / 5.0, feature(f, 0, "lookahead.aboveBest"), 1e-12);
        assertEquals(0, feature(f, 1, "lookahead.misses"), 1e-12);
        assertEquals(0, feature(f, 1, "lookahead.aboveBest"), 1e-12);
        // the application's own features, the same in both rows
        for (int p = 0; p < 2; p++) {
            assertEquals(0, feature(f, p, "app.regular"), 1e-12);
            assertEquals(1, feature(f, p, "app.timeCritical"), 1e-12);
            assertEquals((1 + 15 - 1 - 10) / 60.0, feature(f, p, "app.laxity"), 1e-12);
            assertEquals(100 / 400.0, feature(f, p, "app.demand"), 1e-12);
            assertEquals(10 / 60.0, feature(f, p, "app.occupation"), 1e-12);
            assertEquals(0, feature(f, p, "app.period"), 1e-12);
            assertEquals(1 / 16.0, feature(f, p, "app.runs"), 1e-12);
            assertEquals(0, feature(f, p, "app.waited"), 1e-12);
            assertEquals(1, feature(f, p, "app.leastLaxity"), 1e-12);
            assertEquals(1, feature(f, p, "app.smallest"), 1e-12);
            assertEquals(0.1, feature(f, p, "pool.size"), 1e-12);
        }
    }

    @Test
    void everyValueStaysInItsRangeOnAStandardWorkload() {
        var spec = io.execplace.liu.model.LiuWorkloadSpec.standard(
                io.execplace.liu.model.ArrivalPattern.of(io.execplace.liu.model.ArrivalPattern.Kind.UNIFORM)).withApps(150);
        LiuSimulation sim = new LiuSimulation(io.execplace.liu.model.ExecutorClusters.liu());
        sim.reset(io.execplace.liu.model.LiuWorkloadGenerator.generate(spec, 42));
        double[] f = new double[0];
        int decisions = 0;
        while (sim.decisionPending()) {
            int rows = sim.waitingCount() * sim.clusterCount();
            f = new double[rows * PairFeatures.SIZE];
            new PairFeatures(sim).write(sim, f);
            for (double v : f) {
                if (!(v >= -1 && v <= 2)) {
                    throw new AssertionError("feature out of [-1, 2] at slice " + sim.now() + ": " + v);
                }
            }
            sim.dispatch(0, decisions++ % sim.clusterCount());
        }
        assertEquals(150, decisions);
    }
}
