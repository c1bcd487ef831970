package io.execplace.schedulers.lookahead;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.ClusterState;
import io.execplace.core.sim.Simulation;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The look-ahead's {@link RolloutSimulator} is a copy of the event kernel's rules kept for speed;
 * this pins it to the kernel: from an empty cluster, a rollout of a whole workload with a policy
 * (the first job placed as the policy places it) costs exactly what the kernel's FCFS run of the same
 * policy costs, on random workloads of several shapes and clusters.
 */
class RolloutKernelEquivalenceTest {

    @Test
    void aRolloutFromAnEmptyClusterIsTheKernelsRun() {
        List<Cluster> clusters = List.of(ClusterPresets.tpds(), ClusterPresets.hybridSmall(PricingModel.MODEL_1),
                ClusterPresets.c5());
        List<String> presets = List.of("tpds-normal", "tpds-burst", "hybrid-high", "hjs-60-50");
        int compared = 0;
        for (long seed = 1; seed <= 5; seed++) {
            for (String preset : presets) {
                Workload w = WorkloadPresets.generate(preset, WorkloadOptions.seed(seed).withJobs(
                        preset.startsWith("hjs") ? null : 120));
                for (Cluster c : clusters) {
                    for (String name : List.of("first-fit", "round-robin", "gio", "random")) {
                        SimulationConfig config = SimulationConfig.defaults(c, w);
                        RunResult kernel = Simulation.run(c, w, Schedulers.create(name, seed), config);
                        List<Job> jobs = w.jobs();
                        PlacementPolicy policy = Schedulers.create(name, seed);
                        ClusterState empty = new ClusterState(c, config.durationModel());
                        Job first = jobs.get(0);
                        empty.advanceTo(first.arrival());
                        Placement p = policy.place(first, empty);
                        RolloutSimulator rollout = new RolloutSimulator(c, config.durationModel());
                        double cost = rollout.cost(first.arrival(), List.of(), first, p == null ? Placement.none() : p,
                                jobs.subList(1, jobs.size()), policy);
                        String where = name + " " + preset + " seed " + seed + " on " + c.name();
                        assertThat(cost).as(where).isEqualTo(kernel.summary().totalCost());
                        compared++;
                    }
                }
            }
        }
        assertThat(compared).isEqualTo(5 * 4 * 3 * 4);
    }
}
