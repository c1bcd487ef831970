package io.execplace.rl.pairs;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.DriverPod;
import io.execplace.core.model.ElasticPresets;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.Job;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.rl.agent.GreedyPolicy;
import io.execplace.rl.agent.PpoConfig;
import io.execplace.rl.env.EnvChecker;
import io.execplace.rl.env.EpisodeStats;
import io.execplace.rl.env.StepResult;
import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.train.AgentFiles;
import io.execplace.rl.train.Evaluation;
import io.execplace.rl.train.RlSchedulers;
import io.execplace.rl.train.TrainedAgent;
import io.execplace.rl.train.Trainer;
import io.execplace.rl.train.TrainingListener;
import io.execplace.rl.train.TrainingSpec;
import io.execplace.schedulers.Schedulers;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The size-free agent on elastic node pools (schema {@code pairs-elastic-1}): the environment
 * conforms, the node features follow their definitions, the agent as a scheduler places as in its
 * environment episode, and a tiny training run is reproducible and usable as {@code agent:PATH}.
 */
class ElasticPairsTest {

    private static final TpdsEnvConfig CONFIG = TpdsEnvConfig.paper(1).withMasking(true).withQueue("edf")
            .withTargetReward(true);
    private static final Workload JOBS = WorkloadPresets.generate("hybrid-medium",
            WorkloadOptions.seed(3).withJobs(40));
    private static final int LIMIT = 96;
    private static final int SLOTS_PER_POOL = LIMIT / 4 + LIMIT / 8 + LIMIT / 16;

    /** A spot pool (taken back at 900 s) then an on-demand pool, 96 cores each, launch 20–60 s. */
    private static Cluster pools() {
        return pools(LIMIT, 900);
    }

    /** The same with {@code limit} cores per pool, the spot pool taken back at {@code reclaimAt}. */
    private static Cluster pools(int limit, double reclaimAt) {
        NodePool spot = NodePool.builder("spot").capacityType(CapacityType.SPOT).instanceTypes(ElasticPresets.KWOK_GENERAL)
                .limitCores(limit).launchDelay(new LaunchDelay(20, 60)).billing(1, 60).consolidateAfter(30)
                .interruptions(Interruptions.trace(120, List.of(reclaimAt))).build();
        NodePool onDemand = NodePool.builder("od").instanceTypes(ElasticPresets.KWOK_GENERAL).limitCores(limit)
                .launchDelay(new LaunchDelay(20, 60)).billing(1, 60).consolidateAfter(30).build();
        return new NodePools("test-pools", List.of(spot, onDemand), false).cluster();
    }

    private static PairEnv env(Cluster cluster) {
        return new PairEnv(List.of(new TpdsEnv(cluster, List.of(JOBS),
                SimulationConfig.defaults(cluster, JOBS).durationModel(), CONFIG)), PairSchema.ELASTIC);
    }

    private static int vm(int slot, String feature) {
        PairSchema s = PairSchema.ELASTIC;
        return s.contextSize() + slot * s.vmSize() + s.vmFeatures().indexOf(feature);
    }

    private static int context(String feature) {
        return PairSchema.ELASTIC.context().indexOf(feature);
    }

    @Test
    void theElasticPairEnvironmentConforms() {
        Cluster cluster = pools();
        // Buying a small node can use up a pool's limit, so the mask cannot promise that the rest of a
        // job stays placeable: penalties under the mask are allowed (as for the TPDS environment on pools).
        assertThat(EnvChecker.check(() -> env(cluster), new EnvChecker.Options(new long[]{0, 1}, 20_000, false)))
                .isEmpty();
        // On the elastic-spot preset (350 node slots) no allowed action of these episodes is penalised.
        assertThat(EnvChecker.check(() -> env(ElasticPresets.spot()), new EnvChecker.Options(new long[]{0}, 20_000, true)))
                .isEmpty();
    }

    @Test
    void nodeFeaturesFollowTheirDefinitions() {
        PairEnv env = env(pools());
        double[] obs = env.reset(0, 0);
        Job first = env.current().currentJob();
        double duration = env.current().durationModel().duration(first, true, false);
        // Nothing is bought: every slot would be bought by a placement, after the pools' mean launch (40 s).
        assertThat(obs[context("boughtVms")]).isZero();
        assertThat(obs[context("roomOnBought")]).isZero();
        for (int slot = 0; slot < 2 * SLOTS_PER_POOL; slot++) {
            assertThat(obs[vm(slot, "bought")]).isZero();
            assertThat(obs[vm(slot, "readyIn")]).isCloseTo(Math.min(40 / duration, 3) / 3, within(1e-12));
            assertThat(obs[vm(slot, "spot")]).isEqualTo(slot < SLOTS_PER_POOL ? 1.0 : 0.0);
            assertThat(obs[vm(slot, "poolOpen")]).isEqualTo(1.0);
            assertThat(obs[vm(slot, "idleNode")]).isZero();
            boolean late = first.hasDeadline() && first.arrival() + 40 + duration > first.deadline() + 1e-9;
            assertThat(obs[vm(slot, "lateAfterLaunch")]).isEqualTo(late ? 1.0 : 0.0);
        }
        // Place the first job on the on-demand pool's nodes, the last allowed slot each time.
        java.util.Set<Integer> used = new java.util.TreeSet<>();
        StepResult r;
        do {
            boolean[] mask = env.actionMask();
            int a = mask.length - 1;
            while (!mask[a]) {
                a--;
            }
            assertThat(a).isGreaterThan(SLOTS_PER_POOL);
            used.add(a - 1);
            r = env.step(a);
        } while (env.current().currentJob() == first && !r.done());
        assertThat(r.terminated()).isFalse();
        // The next decision sees those nodes bought and launching (ready within the 20-60 s draw), not idle.
        obs = r.observation();
        Job next = env.current().currentJob();
        double nextDuration = env.current().durationModel().duration(next, true, false);
        assertThat(obs[context("boughtVms")]).isEqualTo(used.size() / (2.0 * SLOTS_PER_POOL));
        for (int slot : used) {
            assertThat(obs[vm(slot, "bought")]).isEqualTo(1.0);
            double readyIn = env.current().clusterView().readyIn(slot);
            assertThat(readyIn).isBetween(0.0, 60.0);
            assertThat(obs[vm(slot, "readyIn")]).isCloseTo(Math.min(readyIn / nextDuration, 3) / 3, within(1e-12));
            assertThat(obs[vm(slot, "spot")]).isZero();
            assertThat(obs[vm(slot, "idleNode")]).isZero();
        }
        assertThat(obs[vm(0, "bought")]).isZero();
    }

    /**
     * With driver pods too (on pools whose limits do not bind within a placement, where an agent's
     * purchases one executor at a time are the whole placement's: docs/elastic.md, "Environments"):
     * the kernel places each driver with the last executor in the episode, with the placement in the
     * run. (Without a reclaim there: an episode's mean turnaround counts a restarted application's
     * attempts, the run's its records; DriverPodsEnvTest compares the records with restarts.)
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theSchedulerPlacesAsInItsEnvironmentEpisode(boolean drivers) {
        Cluster cluster = drivers ? pools(400, 1e9).pools().withDrivers(DriverPod.SPARK_DEFAULT, "test-pools+drivers")
                .cluster() : pools();
        PairEnv env = env(cluster);
        PairNetwork net = PairNetwork.policy(PairSchema.ELASTIC, env.slots(), List.of(8, 8),
                RandomSource.SPLIT_MIX_64.create(11L));
        EpisodeStats episode = Evaluation.episode(new GreedyPolicy(net), env, 0);
        assertThat(episode.completed()).isTrue();
        SimulationConfig sim = SimulationConfig.defaults(cluster, JOBS).withQueue(QueuePolicy.byName("edf"));
        PairPolicy policy = new PairPolicy("agent", net.withSlots(1));
        RunResult run = Simulation.run(cluster, JOBS, policy, sim);
        // Same schedule: every job's start and end, the same holds, and the same nodes bought.
        assertThat(run.summary().jobsDropped()).isZero();
        assertThat(policy.agentCounts().holds()).isEqualTo(episode.outcome().waits()).isPositive();
        assertThat(run.summary().meanTurnaround()).isCloseTo(episode.outcome().meanTurnaround(), within(1e-9));
        assertThat(run.summary().meanDuration()).isCloseTo(episode.outcome().meanDuration(), within(1e-9));
        assertThat(run.capacity().nodeLaunches()).isEqualTo(episode.outcome().capacity().nodeLaunches()).isPositive();
        assertThat(run.jobs()).allMatch(j -> !j.completed() || j.placement().hasDriver() == drivers);
    }

    private static Path train(Path dir) throws Exception {
        PpoConfig ppo = PpoConfig.defaults().toBuilder().hidden(List.of(8, 8)).episodesPerIteration(2).minibatchSize(64)
                .rewardScale(0.1).build();
        TrainingSpec spec = TrainingSpec.of(ppo, CONFIG, 2, 3).withEvalInterval(2).withEvalEpisodes(1)
                .withCheckpointInterval(2);
        new Trainer(spec, env(pools()), env(pools()), dir, null).run(TrainingListener.NONE);
        return dir;
    }

    @Test
    void aTinyTrainingRunIsReproducibleAndRunsAsAScheduler(@TempDir Path dir) throws Exception {
        Path a = train(dir.resolve("a"));
        Path b = train(dir.resolve("b"));
        assertThat(Files.readAllBytes(a.resolve(AgentFiles.MODEL_FILE)))
                .isEqualTo(Files.readAllBytes(b.resolve(AgentFiles.MODEL_FILE)));
        assertThat(Files.readAllBytes(a.resolve(AgentFiles.CHECKPOINT_FILE)))
                .isEqualTo(Files.readAllBytes(b.resolve(AgentFiles.CHECKPOINT_FILE)));
        TrainedAgent agent = RlSchedulers.load(a);
        assertThat(agent.pairNetwork(1).schema()).isEqualTo(PairSchema.ELASTIC);
        // As agent:PATH on the elastic-spot preset (350 node slots it never trained on): every job runs,
        // nodes are bought and billed.
        Cluster spot = ElasticPresets.spot();
        PlacementPolicy policy = RlSchedulers.withAgents(Schedulers.builtIn()).create("agent:" + a, 1);
        SimulationConfig sim = SimulationConfig.defaults(spot, JOBS).withQueue(QueuePolicy.byName("edf"));
        RunResult run = Simulation.run(spot, JOBS, policy, sim);
        assertThat(run.summary().jobsCompleted()).isEqualTo(JOBS.jobs().size());
        assertThat(run.capacity().nodeLaunches()).isPositive();
        assertThat(run.summary().totalCost()).isPositive().isFinite();
    }
}
