package io.execplace.rl.train;

import io.execplace.core.metrics.RunSummary;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.sim.Simulation;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.rl.agent.ReinforceConfig;
import io.execplace.rl.env.EpisodeStats;
import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.core.io.BadInputException;
import io.execplace.schedulers.spi.SchedulerRegistry;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** A trained agent runs in the simulator as it acted in the environment. */
class AgentPolicyTest {

    private final Cluster cluster = ClusterPresets.tpds();
    private final Workload workload = WorkloadPresets.generate("tpds-normal", WorkloadOptions.seed(3));
    private final SimulationConfig sim = SimulationConfig.defaults(cluster, workload);

    private Path train(Path dir, boolean masking, int iterations) throws Exception {
        return train(dir, TpdsEnvConfig.paper(1).withMasking(masking).withNormalised(true), iterations);
    }

    private Path train(Path dir, TpdsEnvConfig env, int iterations) throws Exception {
        TrainingSpec spec = TrainingSpec.of(ReinforceConfig.paper().toBuilder().hidden(List.of(16)).learningRate(1e-2)
                .episodesPerIteration(2).rewardScale(1e-3).build(),
                env, iterations, 11).withEvalInterval(iterations).withEvalEpisodes(1).withCheckpointInterval(iterations);
        new Trainer(spec, environment(env), environment(env), dir, null).run(TrainingListener.NONE);
        return dir;
    }

    private TpdsEnv environment(TpdsEnvConfig env) {
        return new TpdsEnv(cluster, List.of(workload), sim.durationModel(), env);
    }

    @Test
    void aMaskedAgentInTheSimulatorReproducesItsGreedyEpisodeExactly(@TempDir Path dir) throws Exception {
        train(dir, true, 5);
        TrainedAgent agent = TrainedAgent.read(dir);
        EpisodeStats episode = Evaluation.episode(agent.policy(), environment(agent.environment()).wrapped(), 0);
        assertThat(episode.completed()).isTrue();

        AgentPolicy policy = new AgentPolicy("agent:test", agent);
        RunSummary run = Simulation.run(cluster, workload, policy, sim).summary();
        assertThat(run.jobsCompleted()).isEqualTo(workload.size());
        assertThat(run.totalCost()).isCloseTo(episode.cost(), within(1e-9 * episode.cost()));
        assertThat(run.meanDuration()).isCloseTo(episode.meanDuration(), within(1e-9));
        assertThat(run.goodPlacements()).isEqualTo(episode.goodPlacements());
        assertThat(policy.fallbacks()).isZero();
        assertThat(policy.jobsPlaced()).isEqualTo(workload.size());
    }

    @Test
    void anAgentIsRefusedOnAClusterWithOtherVmTypesOrPricesEvenWithTheSameVmCount(@TempDir Path dir) throws Exception {
        train(dir, true, 2);
        TrainedAgent agent = TrainedAgent.read(dir);
        assertThat(agent.metadata().path("observation").path("vmPricePerSecond").size()).isEqualTo(12);
        assertThat(agent.metadata().path("observation").path("schema").asText()).startsWith("per VM: free cores");
        assertThat(agent.encoder(ClusterPresets.tpds()).size()).isPositive();
        assertThat(ClusterPresets.c5().size()).isEqualTo(cluster.size());
        assertThatThrownBy(() -> agent.encoder(ClusterPresets.c5()))
                .isInstanceOf(io.execplace.core.io.BadInputException.class)
                .hasMessageContaining("was trained on cluster 'tpds' and cannot run on cluster 'c5'")
                .hasMessageContaining("VM 0 was m1.large 4 cores / 16.0 GB (cloud)");
        // Same shapes, other prices: still refused.
        Cluster.Builder b = Cluster.builder("tpds-cheap");
        for (int i = 0; i < cluster.size(); i++) {
            var vm = cluster.vm(i);
            b.add(vm.type(), vm.site(), 1, vm.pricePerSecond() / 2);
        }
        assertThatThrownBy(() -> agent.encoder(b.build())).hasMessageContaining("cannot run on cluster 'tpds-cheap'");
        assertThatThrownBy(() -> Simulation.run(ClusterPresets.c5(), workload, new AgentPolicy("agent:x", agent), sim))
                .hasMessageContaining("cannot run on cluster 'c5'");
    }

    @Test
    void anAgentObservingBusyTimesSeesTheSameNumbersInTheSimulator(@TempDir Path dir) throws Exception {
        train(dir, TpdsEnvConfig.paper(1).withMasking(true).withNormalised(true).withBusyTime(true)
                .withPerJobReward(true), 5);
        TrainedAgent agent = TrainedAgent.read(dir);
        assertThat(agent.environment().busyTime()).isTrue();
        assertThat(agent.encoder(cluster).size()).isEqualTo(3 * cluster.size() + 4);
        EpisodeStats episode = Evaluation.episode(agent.policy(), environment(agent.environment()).wrapped(), 0);
        assertThat(episode.completed()).isTrue();

        AgentPolicy policy = new AgentPolicy("agent:busy", agent);
        RunSummary run = Simulation.run(cluster, workload, policy, sim).summary();
        assertThat(run.totalCost()).isCloseTo(episode.cost(), within(1e-9 * episode.cost()));
        assertThat(run.meanDuration()).isCloseTo(episode.meanDuration(), within(1e-9));
        assertThat(run.goodPlacements()).isEqualTo(episode.goodPlacements());
        assertThat(policy.fallbacks()).isZero();
    }

    @Test
    void anUnmaskedAgentFallsBackSafelyAndCountsIt(@TempDir Path dir) throws Exception {
        // Barely trained without the mask: it often picks full VMs; the simulator must still see valid placements.
        train(dir, false, 1);
        AgentPolicy policy = new AgentPolicy("agent:raw", TrainedAgent.read(dir));
        RunSummary run = Simulation.run(cluster, workload, policy, sim).summary();
        assertThat(run.jobsCompleted()).isEqualTo(workload.size());
        assertThat(policy.fallbacks()).isPositive();
        assertThat(policy.executorDecisions()).isGreaterThanOrEqualTo(policy.fallbacks());
    }

    @Test
    void theAgentFamilyResolvesPathsAndReportsBadOnes(@TempDir Path dir) throws Exception {
        train(dir, true, 1);
        SchedulerRegistry registry = RlSchedulers.withAgents(Schedulers.builtIn());
        PlacementPolicy p = registry.create("agent:" + dir, 1);
        assertThat(p.name()).isEqualTo("agent:" + dir);
        assertThat(Simulation.run(cluster, workload, p, sim).summary().jobsCompleted()).isEqualTo(workload.size());
        assertThatThrownBy(() -> registry.check("agent:" + dir.resolve("missing.xprl")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("missing.xprl");
        assertThatThrownBy(() -> Schedulers.create("agent:" + dir, 1)).hasMessageContaining("unknown scheduler");
    }

    @Test
    void anAgentForAnotherClusterSizeIsRefused(@TempDir Path dir) throws Exception {
        train(dir, true, 1);
        AgentPolicy policy = new AgentPolicy("agent:x", TrainedAgent.read(dir));
        Cluster other = ClusterPresets.tpdsCode();
        assertThatThrownBy(() -> Simulation.run(other, workload, policy, SimulationConfig.defaults(other, workload)))
                .isInstanceOf(BadInputException.class).hasMessageContaining("12 VMs").hasMessageContaining("has 9");
    }
}
