package io.execplace.liu.sim;

import io.execplace.liu.model.LiuApp;

import java.util.List;

/** Runs one episode of a workload under a manager. */
public final class LiuRunner {

    private LiuRunner() {
    }

    public static LiuEpisode run(LiuSimulation sim, LiuManager manager, List<LiuApp> workload, long managerSeed) {
        manager.startEpisode(managerSeed);
        sim.reset(workload);
        while (sim.decisionPending()) {
            LiuManager.Dispatch d = manager.decide(sim);
            sim.dispatch(d.waiting(), d.cluster());
        }
        return sim.episode();
    }
}
