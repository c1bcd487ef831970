package io.execplace.rl.choice;

import io.execplace.core.io.BadInputException;
import io.execplace.core.io.InputFileException;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.ClusterState;
import io.execplace.core.sim.Simulation;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.pairs.PairNetwork;
import io.execplace.rl.train.RlSchedulers;
import io.execplace.schedulers.Schedulers;
import io.execplace.schedulers.lookahead.LookaheadOptions;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.spi.SchedulerRegistry;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Choice agents: their observation, training, file and scheduler. */
class ChoiceAgentTest {

    private static final Cluster TPDS = ClusterPresets.tpds();
    private static final SchedulerRegistry REGISTRY = Schedulers.builtIn();

    private static List<ChoiceTraining.Episode> episodes(int count) {
        List<ChoiceTraining.Episode> out = new java.util.ArrayList<>();
        for (int s = 1; s <= count; s++) {
            Workload w = WorkloadPresets.generate("tpds-burst", WorkloadOptions.seed(s));
            out.add(new ChoiceTraining.Episode(TPDS, w, SimulationConfig.defaults(TPDS, w), s));
        }
        return out;
    }

    private static PairNetwork train(long seed) {
        ChoiceTraining.Settings settings = new ChoiceTraining.Settings(2, 2, 0.001, List.of(8, 8), seed);
        try {
            return new ChoiceTraining(REGISTRY, LookaheadOptions.defaults(), ChoicePolicy.LOOKAHEAD_CANDIDATES)
                    .train(episodes(2), settings, r -> { });
        } catch (IOException e) {
            throw new UncheckedIOException(e); // the rounds here write nothing
        }
    }

    @Test
    void featuresFollowTheirDefinitions() {
        Cluster c = Cluster.builder("two").add(VmType.M1_LARGE, Site.CLOUD, 1, 1.0).add(VmType.M1_LARGE, Site.CLOUD, 1, 3.0).build();
        DurationModel model = DurationModel.defaultsFor(c, true);
        ClusterState state = new ClusterState(c, model);
        Job running = new Job(1, JobType.WORDCOUNT, 0, 1, 1, 1, 100, Job.NO_DEADLINE);
        state.start(running, Placement.of(0), 100);
        Job job = new Job(2, JobType.WORDCOUNT, 0, 2, 1, 1, 50, 60);
        List<Placement> candidates = List.of(Placement.of(0, 1), Placement.of(1, 1), Placement.none());
        ChoiceObservation writer = new ChoiceObservation(c, model, 5);
        double[] obs = new double[writer.size()];
        writer.write(obs, job, state, candidates);

        int ctx = ChoiceObservation.CONTEXT.size();
        int f = ChoiceObservation.CANDIDATE_FEATURES.size();
        assertThat(obs[ChoiceObservation.CONTEXT.indexOf("busyCores")]).isCloseTo(1 / 8.0, within(1e-12));
        assertThat(obs[ChoiceObservation.CONTEXT.indexOf("deadline")]).isEqualTo(1);
        assertThat(obs[ChoiceObservation.CONTEXT.indexOf("laxity")]).isCloseTo((10 / 50.0 + 1) / 3, within(1e-12));
        // Spread on VMs 0 and 1: VM 0 is billed until 100 anyway, VM 1 (price 3, mean 2) for 50 s.
        double extra0 = Math.log1p(50 * 3.0 / (2.0 * 50)) / 3;
        assertThat(feature(obs, ctx, f, 0, "extraCost")).isCloseTo(extra0, within(1e-12));
        assertThat(feature(obs, ctx, f, 0, "slowdown")).isEqualTo(0);
        assertThat(feature(obs, ctx, f, 0, "newVms")).isEqualTo(0.5);
        assertThat(feature(obs, ctx, f, 0, "vms")).isEqualTo(1);
        assertThat(feature(obs, ctx, f, 0, "late")).isEqualTo(0);
        assertThat(feature(obs, ctx, f, 0, "slack")).isCloseTo((10 / 50.0 + 1) / 3, within(1e-12));
        assertThat(feature(obs, ctx, f, 0, "freeAfter")).isCloseTo(5 / 8.0, within(1e-12));
        assertThat(feature(obs, ctx, f, 0, "rank1")).isEqualTo(1);
        assertThat(feature(obs, ctx, f, 0, "rank2")).isEqualTo(0);
        assertThat(feature(obs, ctx, f, 1, "rank2")).isEqualTo(1);
        assertThat(feature(obs, ctx, f, 2, "rank3")).isEqualTo(1);
        // Both executors on VM 1 break the spread layout: slower, and late.
        double slow = model.duration(job, false, false);
        assertThat(slow).isGreaterThan(50);
        assertThat(feature(obs, ctx, f, 1, "slowdown")).isCloseTo(Math.min(slow / 50 - 1, 1), within(1e-12));
        assertThat(feature(obs, ctx, f, 1, "extraCost")).isCloseTo(Math.log1p(slow * 3.0 / (2.0 * 50)) / 3, within(1e-12));
        assertThat(feature(obs, ctx, f, 1, "extraVsFirst")).isCloseTo(Math.log1p(slow * 3.0 / 100) / 3 - extra0, within(1e-12));
        assertThat(feature(obs, ctx, f, 1, "vms")).isEqualTo(0.5);
        assertThat(feature(obs, ctx, f, 1, "late")).isEqualTo(slow > 60 ? 1 : 0);
        // Waiting: VM 0 frees at 100, so the job ends at 150 at best: late, slack clipped to -1.
        assertThat(feature(obs, ctx, f, 2, "wait")).isEqualTo(1);
        assertThat(feature(obs, ctx, f, 2, "soonestFree")).isCloseTo(2 / 3.0, within(1e-12));
        assertThat(feature(obs, ctx, f, 2, "late")).isEqualTo(1);
        assertThat(feature(obs, ctx, f, 2, "slack")).isEqualTo(0);
        assertThat(feature(obs, ctx, f, 3, "present")).isEqualTo(0);
    }

    private static double feature(double[] obs, int ctx, int f, int slot, String name) {
        return obs[ctx + slot * f + ChoiceObservation.CANDIDATE_FEATURES.indexOf(name)];
    }

    @Test
    void labelsMeasureEachCandidateAgainstTheFirst() {
        ChoiceTraining training = new ChoiceTraining(REGISTRY, LookaheadOptions.defaults(), ChoicePolicy.LOOKAHEAD_CANDIDATES);
        List<ChoiceTraining.Sample> samples = training.collect(episodes(1).get(0), null);
        assertThat(samples).hasSizeGreaterThan(10);
        assertThat(samples).allSatisfy(s -> {
            assertThat(s.candidates()).isBetween(2, ChoicePolicy.CANDIDATES + 1);
            assertThat(s.target()[0]).isZero();
            for (double t : s.target()) {
                assertThat(t).isBetween(-ChoiceTraining.CLIP, ChoiceTraining.CLIP);
            }
        });
        // Some candidate beats milp's on some decision: there is something to learn.
        assertThat(samples.stream().anyMatch(s -> s.target()[1] > 0 || s.target()[s.candidates() - 1] > 0)).isTrue();
    }

    @Test
    void furtherFuturesAverageTheTeachersScores() {
        ChoiceTraining training = new ChoiceTraining(REGISTRY, LookaheadOptions.defaults(), ChoicePolicy.LOOKAHEAD_CANDIDATES);
        ChoiceTraining.Episode e = episodes(1).get(0);
        List<ChoiceTraining.Sample> alone = training.collect(e, null);
        // The workload itself as the other one: its later arrivals are the true future again, so
        // every label (a mean of two equal scores) is the true future's.
        List<ChoiceTraining.Sample> itself = training.collect(
                new ChoiceTraining.Episode(e.cluster(), e.workload(), e.config(), e.seed(), List.of(e.workload())), null);
        assertThat(itself).hasSameSizeAs(alone);
        for (int i = 0; i < alone.size(); i++) {
            assertThat(itself.get(i).target()).containsExactly(alone.get(i).target());
        }
        // Another seed's arrivals change some labels (the same decisions: milp acts in both runs).
        Workload other = episodes(2).get(1).workload();
        List<ChoiceTraining.Sample> averaged = training.collect(
                new ChoiceTraining.Episode(e.cluster(), e.workload(), e.config(), e.seed(), List.of(other)), null);
        assertThat(averaged).hasSameSizeAs(alone);
        long changed = java.util.stream.IntStream.range(0, alone.size())
                .filter(i -> !java.util.Arrays.equals(averaged.get(i).target(), alone.get(i).target())).count();
        assertThat(changed).isPositive();
    }

    @Test
    void aHoldChargeLowersWaitingsLabelByIt() {
        ChoiceTraining.Episode e = episodes(1).get(0);
        List<ChoiceTraining.Sample> free = new ChoiceTraining(REGISTRY, LookaheadOptions.defaults(), ChoicePolicy.LOOKAHEAD_CANDIDATES)
                .collect(e, null);
        List<ChoiceTraining.Sample> charged = new ChoiceTraining(REGISTRY, LookaheadOptions.defaults(), ChoicePolicy.LOOKAHEAD_CANDIDATES, 0.5)
                .collect(e, null);
        int ctx = ChoiceObservation.CONTEXT.size();
        int f = ChoiceObservation.CANDIDATE_FEATURES.size();
        assertThat(charged).hasSameSizeAs(free);
        int waits = 0;
        for (int i = 0; i < free.size(); i++) {
            double[] a = free.get(i).target();
            double[] b = charged.get(i).target();
            for (int k = 0; k < a.length; k++) {
                boolean wait = feature(free.get(i).observation(), ctx, f, k, "wait") == 1;
                boolean clipped = Math.abs(a[k]) >= ChoiceTraining.CLIP - 0.5;
                if (k > 0 && wait && !clipped) {
                    assertThat(b[k]).isCloseTo(a[k] - 0.5, within(1e-9));
                    waits++;
                } else if (k > 0 && !wait) {
                    assertThat(b[k]).isEqualTo(a[k]);
                }
            }
        }
        assertThat(waits).isPositive();
        assertThatThrownBy(() -> new ChoiceTraining(REGISTRY, LookaheadOptions.defaults(), ChoicePolicy.LOOKAHEAD_CANDIDATES, -1))
                .hasMessageContaining("hold charge");
    }

    @Test
    void trainingIsSeededAndFitsItsLabels() {
        PairNetwork a = train(5);
        PairNetwork b = train(5);
        assertThat(a.parameters()).containsExactly(b.parameters());
        assertThat(train(6).parameters()).isNotEqualTo(a.parameters());

        List<ChoiceTraining.Sample> samples = new ChoiceTraining(REGISTRY, LookaheadOptions.defaults(), ChoicePolicy.LOOKAHEAD_CANDIDATES)
                .collect(episodes(1).get(0), null);
        PairNetwork net = PairNetwork.policy(ChoiceObservation.SCHEMA, 5, List.of(16, 16), RandomSource.SPLIT_MIX_64.create(1L));
        double first = ChoiceTraining.fit(net, samples, 1, 16, 0.001, RandomSource.SPLIT_MIX_64.create(2L));
        double later = ChoiceTraining.fit(net, samples, 30, 16, 0.001, RandomSource.SPLIT_MIX_64.create(3L));
        assertThat(later).isLessThan(first);
    }

    @Test
    void withAnUnreachableMarginTheAgentIsMilp() {
        PairNetwork net = train(5);
        Workload w = WorkloadPresets.generate("tpds-normal", WorkloadOptions.seed(9));
        SimulationConfig config = SimulationConfig.defaults(TPDS, w);
        RunResult milp = Simulation.run(TPDS, w, REGISTRY.create("milp", 1, SchedulerOptions.defaults()), config);
        ChoiceAgent agent = new ChoiceAgent(net, ChoicePolicy.LOOKAHEAD_CANDIDATES, "fcfs", ChoiceRules.DEFAULT.withMargin(1e9), new ObjectMapper().createObjectNode());
        RunResult choice = Simulation.run(TPDS, w, agent.policy("choice",
                new io.execplace.schedulers.spi.SchedulerContext(1, SchedulerOptions.defaults(), REGISTRY)), config);
        assertThat(choice.summary().totalCost()).isEqualTo(milp.summary().totalCost());
        assertThat(choice.summary().meanTurnaround()).isEqualTo(milp.summary().meanTurnaround());
    }

    @Test
    void aLongestHoldStopsTheAgentChoosingToWait(@TempDir Path dir) throws Exception {
        ChoiceAgent shipped = ChoiceAgent.read(Path.of("..", "models", "choice-hjs-feasible.xprl"));
        assertThat(shipped.rules().maxHoldSeconds()).isInfinite();
        Cluster c5 = ClusterPresets.c5();
        Workload w = WorkloadPresets.generate("hjs-40-100", WorkloadOptions.seed(400003));
        SimulationConfig config = SimulationConfig.defaults(c5, w).withQueue(io.execplace.core.rules.QueuePolicy.byName("edf-feasible"));
        io.execplace.schedulers.spi.SchedulerContext context = new io.execplace.schedulers.spi.SchedulerContext(1, SchedulerOptions.defaults(), REGISTRY);
        ChoicePolicy free = shipped.policy("free", context);
        Simulation.run(c5, w, free, config);
        ChoiceAgent capped = new ChoiceAgent(shipped.network(), shipped.candidates(), shipped.queue(),
                shipped.rules().withMaxHold(0), shipped.setup());
        ChoicePolicy never = capped.policy("never", context);
        Simulation.run(c5, w, never, config);
        assertThat(free.agentCounts().holds()).isPositive();
        assertThat(never.agentCounts().holds()).isZero();

        // The limit is in the file; absent, there is none; a negative one is refused naming the field.
        Path file = dir.resolve("capped.xprl");
        capped.write(file);
        assertThat(ChoiceAgent.read(file).rules().maxHoldSeconds()).isZero();
        assertThat(shipped.toBundle().metadata().has("maxHoldSeconds")).isFalse();
        ArrayBundle b = capped.toBundle();
        b.metadata().put("maxHoldSeconds", -1);
        assertThatThrownBy(() -> ChoiceAgent.of(b)).isInstanceOf(InputFileException.class).hasMessageContaining("maxHoldSeconds");
    }

    @Test
    void anAgentFileRoundTripsAndRunsAsAScheduler(@TempDir Path dir) throws Exception {
        PairNetwork net = train(5);
        ObjectMapper json = new ObjectMapper();
        ChoiceAgent agent = new ChoiceAgent(net, ChoicePolicy.LOOKAHEAD_CANDIDATES, "edf", ChoiceRules.DEFAULT.withMargin(0.25), json.createObjectNode().put("seed", 3).put("workloadSeeds", 7));
        Path file = dir.resolve("choice.xprl");
        agent.write(file);
        ChoiceAgent read = ChoiceAgent.read(file);
        assertThat(read.network().parameters()).containsExactly(net.parameters());
        assertThat(read.queue()).isEqualTo("edf");
        assertThat(read.rules().margin()).isEqualTo(0.25);
        assertThat(RlSchedulers.setup(file).path("workloadSeeds").asInt()).isEqualTo(7);

        SchedulerRegistry registry = RlSchedulers.withAgents(REGISTRY);
        Workload w = WorkloadPresets.generate("tpds-normal", WorkloadOptions.seed(9));
        SimulationConfig config = SimulationConfig.defaults(TPDS, w);
        RunResult fromFile = Simulation.run(TPDS, w, registry.create("agent:" + file, 1, SchedulerOptions.defaults()), config);
        RunResult direct = Simulation.run(TPDS, w, agent.policy("x",
                new io.execplace.schedulers.spi.SchedulerContext(1, SchedulerOptions.defaults(), REGISTRY)), config);
        assertThat(fromFile.summary().totalCost()).isEqualTo(direct.summary().totalCost());
        assertThatThrownBy(() -> RlSchedulers.load(file)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("choice agent");

        // Another build's schema is refused, naming the field.
        ArrayBundle b = agent.toBundle();
        ((com.fasterxml.jackson.databind.node.ObjectNode) b.metadata().get("observation")).put("schema", "choice-0");
        assertThatThrownBy(() -> ChoiceAgent.of(b)).isInstanceOf(InputFileException.class)
                .hasMessageContaining("observation.schema");
    }
}
