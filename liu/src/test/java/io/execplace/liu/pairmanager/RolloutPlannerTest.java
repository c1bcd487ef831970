package io.execplace.liu.pairmanager;

import io.execplace.liu.managers.LiuReferenceManagers;
import io.execplace.liu.model.LiuApp;
import io.execplace.liu.sim.LiuManager;
import io.execplace.liu.sim.LiuSimulation;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RolloutPlannerTest {

    /**
     * Clusters of 100 and 400. A regular application R wants 400 executors for 50 slices (slice 0); a
     * time-critical T wants 400 for 10 slices with deadline 15 (slice 1). outlook sends R to the large
     * cluster (no deadline at stake, full grant); T then misses wherever it goes. Sent to the small
     * cluster, R stretches to 200 slices but harms nobody: T runs at once on the large one.
     */
    private static final List<LiuApp> WORKLOAD = List.of(
            LiuApp.regular(0, 0, 400, 50),
            LiuApp.timeCritical(1, 1, 400, 10, 15));

    @Test
    void countsTheMissesADispatchCausesAndDepartsFromOutlookWhereTheyDiffer() {
        LiuSimulation sim = new LiuSimulation(HandMadeCase.CLUSTERS);
        sim.reset(WORKLOAD);
        LiuManager.Dispatch outlook = LiuReferenceManagers.of("outlook").decide(sim);
        assertEquals(new LiuManager.Dispatch(0, 1), outlook, "outlook: R to the large cluster (no miss in sight, full grant)");
        RolloutPlanner planner = new RolloutPlanner(sim, 10, true);
        assertEquals(1, planner.cost(sim, 1), "R on the large cluster: T misses");
        assertEquals(0, planner.cost(sim, 0), "R on the small cluster: nobody misses");
        assertEquals(0, planner.label(sim, 1), "the planner departs from outlook");
        assertEquals(0, sim.now(), "the rollouts left the simulation as it was");
        assertEquals(1, sim.waitingCount());
    }

    @Test
    void aCopiedSimulationPlaysOnExactlyAsTheOriginal() {
        var spec = io.execplace.liu.model.LiuWorkloadSpec.standard(
                io.execplace.liu.model.ArrivalPattern.of(io.execplace.liu.model.ArrivalPattern.Kind.UNIFORM)).withApps(120);
        List<LiuApp> workload = io.execplace.liu.model.LiuWorkloadGenerator.generate(spec, 5);
        LiuManager outlook = LiuReferenceManagers.of("outlook");
        LiuSimulation sim = new LiuSimulation(io.execplace.liu.model.ExecutorClusters.liu());
        sim.reset(workload);
        for (int i = 0; i < 60; i++) {
            LiuManager.Dispatch d = outlook.decide(sim);
            sim.dispatch(d.waiting(), d.cluster());
        }
        LiuSimulation copy = new LiuSimulation(io.execplace.liu.model.ExecutorClusters.liu());
        copy.reset(workload.subList(0, 3)); // a copy overwrites whatever state it had
        copy.copyFrom(sim);
        LiuSimulation other = new LiuSimulation(io.execplace.liu.model.ExecutorClusters.liu());
        other.copyFrom(sim);
        while (other.decisionPending()) { // played differently: must not touch the original
            other.dispatch(0, 0);
        }
        var original = finish(sim, outlook);
        var copied = finish(copy, outlook);
        var whole = io.execplace.liu.sim.LiuRunner.run(new LiuSimulation(io.execplace.liu.model.ExecutorClusters.liu()),
                outlook, workload, 0);
        for (var e : List.of(copied, whole)) {
            assertEquals(original.totalMissed(), e.totalMissed());
            assertEquals(original.ajdr(), e.ajdr());
            assertEquals(original.length(), e.length());
            for (int t = 0; t < original.length(); t += 97) {
                assertEquals(original.missedBetween(t, t + 97), e.missedBetween(t, t + 97));
            }
        }
    }

    private static io.execplace.liu.sim.LiuEpisode finish(LiuSimulation sim, LiuManager manager) {
        while (sim.decisionPending()) {
            LiuManager.Dispatch d = manager.decide(sim);
            sim.dispatch(d.waiting(), d.cluster());
        }
        return sim.episode();
    }
}
