package io.execplace.rl.pairs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.io.InputFileException;
import io.execplace.core.metrics.RunSummary;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Placement;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.rl.agent.GreedyPolicy;
import io.execplace.rl.agent.PpoConfig;
import io.execplace.rl.agent.PpoLearner;
import io.execplace.rl.agent.Learners;
import io.execplace.rl.env.EnvChecker;
import io.execplace.rl.env.EpisodeStats;
import io.execplace.rl.env.StepResult;
import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.train.AgentFiles;
import io.execplace.rl.train.Evaluation;
import io.execplace.rl.train.RlSchedulers;
import io.execplace.rl.train.TrainedAgent;
import io.execplace.rl.train.Trainer;
import io.execplace.rl.train.TrainingListener;
import io.execplace.rl.train.TrainingSpec;
import io.execplace.schedulers.spi.AgentStatistics;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import io.execplace.rl.env.StepEvent;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The size-free agent: its environment conforms, one file runs on every preset, training is reproducible. */
class SizeFreeAgentTest {

    private static final TpdsEnvConfig CONFIG = TpdsEnvConfig.paper(1).withMasking(true).withPerJobReward(true);
    private static final List<Workload> WORKLOADS = List.of(
            WorkloadPresets.generate("tpds-normal", WorkloadOptions.seed(1)),
            WorkloadPresets.generate("tpds-burst", WorkloadOptions.seed(2)));

    private static PairEnv env(List<Cluster> bases, int variants) {
        List<TpdsEnv> envs = new ArrayList<>();
        for (ClusterVariants.Variant v : ClusterVariants.sample(bases, variants, 0.3, 5)) {
            envs.add(new TpdsEnv(v.cluster(), WORKLOADS,
                    SimulationConfig.defaults(v.cluster(), WORKLOADS.get(0)).durationModel(), CONFIG));
        }
        return new PairEnv(envs);
    }

    private static PairEnv tpdsAndHybrid() {
        return env(List.of(ClusterPresets.tpds(), ClusterPresets.hybridSmall(PricingModel.parse("1"))), 6);
    }

    private static Path train(Path dir, PairEnv train, PairEnv eval, int iterations) throws Exception {
        PpoConfig ppo = PpoConfig.defaults().toBuilder().hidden(List.of(8, 8)).episodesPerIteration(3).minibatchSize(64)
                .build();
        TrainingSpec spec = TrainingSpec.of(ppo, CONFIG, iterations, 3).withEvalInterval(iterations).withEvalEpisodes(2)
                .withCheckpointInterval(iterations);
        new Trainer(spec, train, eval, dir, null).run(TrainingListener.NONE);
        return dir;
    }

    @Test
    void thePairEnvironmentConforms() {
        List<String> problems = EnvChecker.check(SizeFreeAgentTest::tpdsAndHybrid,
                new EnvChecker.Options(new long[]{0, 1, 4, 9}, 20_000, true));
        assertThat(problems).isEmpty();
    }

    @Test
    void anUnusedSlotIsAnInvalidPlacementAsAVmWithoutRoomIs() {
        PairEnv env = tpdsAndHybrid();
        for (long episode = 0; episode < 6; episode++) {
            env.reset(episode);
            int size = env.current().cluster().size();
            if (size + 1 < env.slots()) {
                assertThat(env.actionMask()[size + 1]).isFalse();
                StepResult r = env.step(size + 1);
                assertThat(r.terminated()).isTrue();
                assertThat(r.event()).isEqualTo(StepEvent.INVALID_PLACEMENT);
                assertThat(r.reward()).isEqualTo(CONFIG.rewards().invalid());
                assertThat(env.outcome().endEvent()).isEqualTo(StepEvent.INVALID_PLACEMENT);
                assertThatThrownBy(() -> env.step(0)).isInstanceOf(IllegalStateException.class);
                return;
            }
        }
        throw new AssertionError("no episode met a cluster smaller than the slots");
    }

    @Test
    void variantsAreSeededAndKeepTheLargestVmType() {
        List<Cluster> bases = List.of(ClusterPresets.tpds(), ClusterPresets.c5());
        List<ClusterVariants.Variant> a = ClusterVariants.sample(bases, 12, 0.3, 9);
        assertThat(a).isEqualTo(ClusterVariants.sample(bases, 12, 0.3, 9));
        assertThat(a.get(0).cluster()).isEqualTo(ClusterPresets.tpds());
        assertThat(a.get(1).cluster()).isEqualTo(ClusterPresets.c5());
        for (ClusterVariants.Variant v : a) {
            int largest = bases.get(v.base()).vms().stream().mapToInt(vm -> vm.cores()).max().orElseThrow();
            assertThat(v.cluster().vms()).anyMatch(vm -> vm.cores() == largest);
            assertThat(v.cluster().size()).isBetween(1, 2 * bases.get(v.base()).size());
        }
        assertThat(a.stream().map(v -> v.cluster().size()).distinct().count()).isGreaterThan(2);
    }

    @Test
    void oneAgentFileRunsOnEveryPresetWithValidPlacements(@TempDir Path dir) throws Exception {
        // Trained on tpds variants only; run as a scheduler on all five presets.
        PairEnv tpdsOnly = env(List.of(ClusterPresets.tpds()), 3);
        train(dir, tpdsOnly, env(List.of(ClusterPresets.tpds()), 3), 2);
        TrainedAgent agent = RlSchedulers.load(dir);
        assertThat(agent.isSizeFree()).isTrue();
        var registry = RlSchedulers.withAgents(Schedulers.builtIn());
        Workload workload = WorkloadPresets.generate("tpds-normal", WorkloadOptions.seed(4));
        for (String preset : List.of("tpds", "tpds-code", "c5", "hybrid-small", "hybrid-large")) {
            Cluster cluster = ClusterPresets.byName(preset, PricingModel.parse("1"));
            SimulationConfig sim = SimulationConfig.defaults(cluster, workload);
            PlacementPolicy policy = registry.create("agent:" + dir, 1);
            // The simulator validates every placement and fails the run on an over-committed VM.
            RunSummary agentRun = Simulation.run(cluster, workload, policy, sim).summary();
            RunSummary firstFit = Simulation.run(cluster, workload, registry.create("first-fit", 1), sim).summary();
            assertThat(agentRun.jobsCompleted()).as(preset).isEqualTo(firstFit.jobsCompleted());
            assertThat(agentRun.jobsDropped()).as(preset).isEqualTo(firstFit.jobsDropped());
            assertThat(agentRun.totalCost()).as(preset).isPositive().isFinite();
            assertThat(((AgentStatistics) policy).agentCounts().decisions()).as(preset).isGreaterThan(0);
        }
    }

    @Test
    void theSchedulerReproducesTheGreedyEpisodeOfTheEnvironment(@TempDir Path dir) throws Exception {
        train(dir, tpdsAndHybrid(), tpdsAndHybrid(), 2);
        TrainedAgent agent = TrainedAgent.read(dir);
        for (Cluster cluster : List.of(ClusterPresets.tpds(), ClusterPresets.hybridSmall(PricingModel.parse("1")))) {
            SimulationConfig sim = SimulationConfig.defaults(cluster, WORKLOADS.get(1));
            PairEnv one = new PairEnv(List.of(new TpdsEnv(cluster, List.of(WORKLOADS.get(1)), sim.durationModel(), CONFIG)));
            EpisodeStats episode = Evaluation.episode(new GreedyPolicy(agent.pairNetwork(one.slots())), one, 0);
            assertThat(episode.completed()).isTrue();
            RunSummary run = Simulation.run(cluster, WORKLOADS.get(1), new PairPolicy("agent", agent.pairNetwork(1)), sim)
                    .summary();
            assertThat(run.totalCost()).as(cluster.name()).isCloseTo(episode.outcome().cost(), within(1e-9));
            assertThat(run.meanTurnaround()).as(cluster.name()).isCloseTo(episode.outcome().meanTurnaround(), within(1e-9));
        }
    }

    @Test
    void theSameSeedGivesTheSameAgentFileBytes(@TempDir Path dir) throws Exception {
        Path a = train(dir.resolve("a"), tpdsAndHybrid(), tpdsAndHybrid(), 2);
        Path b = train(dir.resolve("b"), tpdsAndHybrid(), tpdsAndHybrid(), 2);
        assertThat(Files.readAllBytes(a.resolve(AgentFiles.MODEL_FILE)))
                .isEqualTo(Files.readAllBytes(b.resolve(AgentFiles.MODEL_FILE)));
        assertThat(Files.readAllBytes(a.resolve(AgentFiles.CHECKPOINT_FILE)))
                .isEqualTo(Files.readAllBytes(b.resolve(AgentFiles.CHECKPOINT_FILE)));
    }

    @Test
    void cloningASchedulerMakesTheGreedyPolicyFollowIt() {
        PairEnv env = tpdsAndHybrid();
        PpoConfig ppo = PpoConfig.defaults().toBuilder().hidden(List.of(16, 16)).minibatchSize(64).build();
        PpoLearner learner = (PpoLearner) Learners.create(ppo, env, 4);
        PlacementPolicy gio = Schedulers.builtIn().create("gio", 1);
        double[] first = learner.imitate(new PolicyDemonstrator(gio), 2, 1);
        double[] later = learner.imitate(new PolicyDemonstrator(gio), 4, 8);
        assertThat(later[0]).isLessThan(first[0]);
        assertThat(later[1]).isGreaterThan(first[1]).isGreaterThan(0.8);
        assertThat(learner.totalEpisodes()).isEqualTo(6);

        // DAgger: a second round acted by the learner and labelled by the teacher, then trained on both.
        PpoLearner dagger = (PpoLearner) Learners.create(ppo, tpdsAndHybrid(), 4);
        double[] rounds = dagger.imitate(new PolicyDemonstrator(gio), 3, 8, 2);
        assertThat(dagger.totalEpisodes()).isEqualTo(6);
        assertThat(rounds[1]).isGreaterThan(0.8);
    }

    @Test
    void aPreferredActionIsTheLabelWhereThePlanHasRoomForIt() {
        // On a multi-executor job the plan is a multiset of VMs: any of them is right, so the label
        // follows the learner's preference there, and the plan's next VM otherwise.
        PairEnv env = env(List.of(ClusterPresets.tpds()), 1);
        PlacementPolicy milp = Schedulers.builtIn().create("milp", 1);
        env.reset(3L);
        int checked = 0;
        for (int step = 0; step < 400 && checked < 20; step++) {
            TpdsEnv e = env.current();
            boolean[] mask = env.actionMask();
            int plain = new PolicyDemonstrator(milp).action(env);
            if (plain > 0 && e.executorsPlaced() == 0 && e.currentJob().executors() > 1) {
                Placement p = milp.place(e.currentJob(), e.clusterView());
                java.util.Set<Integer> plan = new java.util.HashSet<>();
                for (int i = 0; i < p.executors(); i++) {
                    plan.add(p.vm(i) + 1);
                }
                for (int a = 1; a < mask.length; a++) {
                    int label = new PolicyDemonstrator(milp).action(env, a);
                    assertThat(label).isEqualTo(plan.contains(a) && mask[a] ? a : plain);
                }
                checked++;
            }
            StepResult r = env.step(plain);
            if (r.done()) {
                env.reset(4L + step);
            }
        }
        assertThat(checked).isEqualTo(20);
    }

    @Test
    void anExpertRoundOnTheLearnersOwnStatesFollowsTheTeacher() {
        PpoConfig ppo = PpoConfig.defaults().toBuilder().hidden(List.of(16, 16)).minibatchSize(64).build();
        PlacementPolicy gio = Schedulers.builtIn().create("gio", 1);
        PpoLearner a = (PpoLearner) Learners.create(ppo, tpdsAndHybrid(), 4);
        double[] cloned = a.imitateRound(new PolicyDemonstrator(gio), 6, 8, true);
        double[] dagger = a.imitateRound(new PolicyDemonstrator(gio), 3, 8, false);
        assertThat(cloned[1]).isGreaterThan(0.8);
        assertThat(dagger[1]).isGreaterThan(0.8);
        assertThat(a.totalEpisodes()).isEqualTo(9);
        // Seeded: the same rounds give the same weights; a learner started from them has them.
        PpoLearner b = (PpoLearner) Learners.create(ppo, tpdsAndHybrid(), 4);
        b.imitateRound(new PolicyDemonstrator(gio), 6, 8, true);
        b.imitateRound(new PolicyDemonstrator(gio), 3, 8, false);
        assertThat(b.policyNetwork().parameters()).isEqualTo(a.policyNetwork().parameters());
        PpoLearner c = (PpoLearner) Learners.create(ppo, tpdsAndHybrid(), 9);
        c.startFrom(a.policyNetwork());
        assertThat(c.policyNetwork().parameters()).isEqualTo(a.policyNetwork().parameters());
        PpoLearner wide = (PpoLearner) Learners.create(PpoConfig.defaults().toBuilder().hidden(List.of(8)).build(),
                tpdsAndHybrid(), 4);
        assertThatThrownBy(() -> wide.startFrom(a.policyNetwork())).hasMessageContaining("cannot start a network");
    }

    @Test
    void anAgentFileOfAnotherSchemaIsRefused(@TempDir Path dir) throws Exception {
        train(dir, tpdsAndHybrid(), tpdsAndHybrid(), 1);
        ArrayBundle b = ArrayBundle.read(dir.resolve(AgentFiles.MODEL_FILE));
        ((ObjectNode) b.metadata().get("observation")).put("schema", "pairs-0");
        Path other = dir.resolve("other.xprl");
        b.write(other);
        assertThatThrownBy(() -> TrainedAgent.read(other)).isInstanceOf(InputFileException.class)
                .hasMessageContaining("observation.schema").hasMessageContaining("'pairs-0'")
                .hasMessageContaining("'" + PairObservation.SCHEMA + "'");
        // A feature list that differs under the same schema name is refused too.
        ArrayBundle c = ArrayBundle.read(dir.resolve(AgentFiles.MODEL_FILE));
        ((ObjectNode) c.metadata().get("observation")).putArray("vmFeatures").add("freeCores");
        Path third = dir.resolve("third.xprl");
        c.write(third);
        assertThatThrownBy(() -> TrainedAgent.read(third)).isInstanceOf(InputFileException.class)
                .hasMessageContaining("observation.schema");
    }
}
