package io.execplace.liu.pairmanager;

import io.execplace.liu.sim.LiuEpisode;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class HarmCreditTest {

    @Test
    void aRegularApplicationThatMakesALaterTimeCriticalOneMissIsChargedWithTheMiss() {
        LiuEpisode blocked = HandMadeCase.play(0, 0);
        assertEquals(1, blocked.totalMissed(), "T waits behind R until slice 50 and misses");
        assertEquals(1, blocked.app(1).missed());
        double[] harm = HarmCredit.harmToOthers(blocked);
        assertArrayEquals(new double[] {1, 0}, harm, "R held T up; T held nobody up");
        assertEquals(-1, HarmCredit.value(blocked, harm, 0, 0.1), 1e-12, "R: no miss of its own, one caused");
        assertEquals(-1, HarmCredit.value(blocked, harm, 1, 0.1), 1e-12, "T: its own miss, ran on a full grant");
    }

    @Test
    void sentWhereItHarmsNobodyTheRegularApplicationCostsNothing() {
        LiuEpisode apart = HandMadeCase.play(1, 0);
        assertEquals(0, apart.totalMissed());
        double[] harm = HarmCredit.harmToOthers(apart);
        assertArrayEquals(new double[] {0, 0}, harm);
        assertEquals(0, HarmCredit.value(apart, harm, 0, 0.1), 1e-12);
    }

    @Test
    void aMissNobodyHeldUpIsBlamedOnNoOne() {
        // T alone on the large cluster with R on it too: 400 executors hold both at once, T starts at
        // once; make T miss anyway by a deadline shorter than its occupation.
        var workload = java.util.List.of(io.execplace.liu.model.LiuApp.regular(0, 0, 100, 50),
                io.execplace.liu.model.LiuApp.timeCritical(1, 1, 100, 10, 5));
        var sim = new io.execplace.liu.sim.LiuSimulation(HandMadeCase.CLUSTERS);
        sim.reset(workload);
        sim.dispatch(0, 1);
        sim.dispatch(0, 1);
        LiuEpisode e = sim.episode();
        assertEquals(1, e.totalMissed());
        assertArrayEquals(new double[] {0, 0}, HarmCredit.harmToOthers(e), "T started at once on all it wanted");
    }

    @Test
    void blameIsSharedAmongEveryApplicationAheadOfTheMissedRun() {
        // Two regular applications fill the small cluster (50 + 50); T then waits behind both.
        var workload = java.util.List.of(io.execplace.liu.model.LiuApp.regular(0, 0, 50, 50),
                io.execplace.liu.model.LiuApp.regular(1, 1, 50, 50),
                io.execplace.liu.model.LiuApp.timeCritical(2, 2, 100, 10, 15));
        var sim = new io.execplace.liu.sim.LiuSimulation(HandMadeCase.CLUSTERS);
        sim.reset(workload);
        while (sim.decisionPending()) {
            sim.dispatch(0, 0);
        }
        LiuEpisode e = sim.episode();
        assertEquals(1, e.totalMissed());
        assertArrayEquals(new double[] {0.5, 0.5, 0}, HarmCredit.harmToOthers(e), 1e-12);
    }
}
