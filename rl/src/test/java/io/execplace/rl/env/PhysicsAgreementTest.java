package io.execplace.rl.env;

import io.execplace.core.metrics.RunSummary;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.sim.Simulation;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The environment and the simulator share one implementation of the physics: an agent that copies
 * a heuristic's placements in the environment must see exactly the simulator's cost, durations and
 * good placements for that heuristic.
 */
class PhysicsAgreementTest {

    @ParameterizedTest
    @CsvSource({
            "tpds-normal, first-fit, 1", "tpds-normal, aep, 2", "tpds-normal, round-robin, 3",
            "tpds-burst, first-fit, 1", "tpds-burst, aep, 2", "tpds-burst, round-robin-consolidate, 3"})
    void environmentDrivenByAHeuristicMatchesTheSimulator(String workloadName, String scheduler, long seed) {
        Cluster cluster = ClusterPresets.tpds();
        Workload workload = WorkloadPresets.generate(workloadName, WorkloadOptions.seed(seed));
        SimulationConfig config = SimulationConfig.defaults(cluster, workload);
        RunSummary sim = Simulation.run(cluster, workload, Schedulers.create(scheduler, seed), config).summary();

        TpdsEnv env = new TpdsEnv(cluster, List.of(workload), config.durationModel(),
                TpdsEnvConfig.paper(0.5).withMasking(true));
        PlacementPolicy policy = Schedulers.create(scheduler, seed);
        env.reset(0);
        while (env.active()) {
            // The policy decides the whole job on the state before any of its executors is placed.
            Placement p = policy.place(env.currentJob(), env.clusterView());
            if (p.isNone()) {
                assertThat(env.actionMask()[0]).isTrue();
                env.step(0);
                continue;
            }
            for (int i = 0; i < p.executors(); i++) {
                assertThat(env.actionMask()[p.vm(i) + 1]).isTrue();
                env.step(p.vm(i) + 1);
            }
        }
        EpisodeOutcome episode = env.outcome();
        assertThat(episode.completed()).isTrue();
        assertThat(episode.cost()).isCloseTo(sim.totalCost(), within(1e-9 * sim.totalCost()));
        assertThat(episode.meanDuration()).isCloseTo(sim.meanDuration(), within(1e-9));
        assertThat(episode.meanTurnaround()).isCloseTo(sim.meanTurnaround(), within(1e-9));
        assertThat(episode.goodPlacements()).isEqualTo(sim.goodPlacements());
        assertThat(episode.jobs()).isEqualTo(sim.jobsCompleted());
    }
}
