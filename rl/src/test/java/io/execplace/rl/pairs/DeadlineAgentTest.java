package io.execplace.rl.pairs;

import io.execplace.core.metrics.HjsTarget;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.rl.agent.GreedyPolicy;
import io.execplace.rl.env.EnvChecker;
import io.execplace.rl.env.EpisodeStats;
import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.train.Evaluation;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * The size-free agent for jobs with deadlines: the deadline schema's features, the TPDS environment
 * with another queue order and the Target reward, and a scheduler that reproduces its episodes.
 */
class DeadlineAgentTest {

    private static final Cluster C5 = ClusterPresets.c5();
    private static final Workload HJS = WorkloadPresets.generate("hjs-60-20", WorkloadOptions.seed(3));

    private static TpdsEnvConfig config(String queue) {
        return TpdsEnvConfig.paper(1).withMasking(true).withQueue(queue).withTargetReward(true);
    }

    private static PairEnv env(String queue) {
        SimulationConfig sim = SimulationConfig.defaults(C5, HJS);
        return new PairEnv(List.of(new TpdsEnv(C5, List.of(HJS), sim.durationModel(), config(queue))), PairSchema.DEADLINES);
    }

    @ParameterizedTest
    @ValueSource(strings = {"edf", "hjs-weight:0.75", "fcfs"})
    void anEpisodeReturnsItsTargetAndTheSchedulerReproducesIt(String queue) {
        PairEnv env = env(queue);
        PairNetwork net = PairNetwork.policy(PairSchema.DEADLINES, env.slots(), List.of(8, 8),
                RandomSource.SPLIT_MIX_64.create(7L));
        EpisodeStats episode = Evaluation.episode(new GreedyPolicy(net), env, 0);
        assertThat(episode.completed()).isTrue();

        SimulationConfig sim = SimulationConfig.defaults(C5, HJS).withQueue(QueuePolicy.byName(queue));
        RunResult run = Simulation.run(C5, HJS, new PairPolicy("agent", net.withSlots(1)), sim);
        HjsTarget target = HjsTarget.of(run);
        // The Target reward's undiscounted return is the episode's Target less one per wait, and the
        // simulator's run with the same network and queue order is the same schedule.
        assertThat(episode.outcome().waits()).as(queue).isPositive();
        assertThat(episode.totalReward()).as(queue).isCloseTo(target.target() - episode.outcome().waits(), within(1e-9));
        assertThat(run.summary().totalCost()).as(queue).isCloseTo(episode.outcome().cost(), within(1e-9));
        assertThat(run.summary().meanTurnaround()).as(queue)
                .isCloseTo(episode.outcome().meanTurnaround(), within(1e-9));
        assertThat(target.deadlinesMet()).isBetween(1, target.deadlineJobs() - 1);
    }

    @Test
    void theDeadlineEnvironmentConforms() {
        List<String> problems = EnvChecker.check(() -> env("edf"), new EnvChecker.Options(new long[]{0, 1}, 20_000, true));
        assertThat(problems).isEmpty();
    }

    @Test
    void deadlineFeaturesFollowTheirDefinitions() {
        SimulationConfig sim = SimulationConfig.defaults(C5, HJS);
        PairObservation deadlines = new PairObservation(PairSchema.DEADLINES, C5, sim.durationModel(), 12);
        PairObservation base = new PairObservation(PairSchema.PLACEMENT, C5, sim.durationModel(), 12);
        int n = C5.size();
        int[] here = new int[n];
        int[] cores = new int[n];
        double[] memory = new double[n];
        double[] busy = new double[n];
        for (int vm = 0; vm < n; vm++) {
            cores[vm] = C5.vm(vm).cores();
            memory[vm] = C5.vm(vm).memoryGb();
        }
        double[] d = new double[deadlines.size()];
        double[] b = new double[base.size()];
        int c = PairObservation.CONTEXT_SIZE;
        int f = PairObservation.VM_SIZE;

        // Arrived at 0, runs 100 s, due at 250; now 50: one base duration of laxity, 80 % of its window left.
        Job onTime = new Job(1, JobType.WORDCOUNT, 0, 2, 1, 1, 100, 250);
        deadlines.write(d, onTime, 0, here, cores, memory, busy, 50);
        base.write(b, onTime, 0, here, cores, memory, busy, 50);
        assertThat(Arrays.copyOfRange(d, c, c + 4)).containsExactly(1, 2.0 / 3, 0.8, 1);
        for (int vm = 0; vm < n; vm++) {
            int o = PairSchema.DEADLINES.contextSize() + vm * PairSchema.DEADLINES.vmSize();
            int ob = c + vm * f;
            assertThat(Arrays.copyOfRange(d, o, o + f)).isEqualTo(Arrays.copyOfRange(b, ob, ob + f));
            assertThat(d[o + f]).isZero(); // finishes at 150 anywhere
        }
        assertThat(Arrays.copyOfRange(d, 0, c)).isEqualTo(Arrays.copyOfRange(b, 0, c));

        // Due at 120: late by 30 s wherever it runs; a second executor on its VM breaks WordCount's
        // spread layout (x1.3) and is late as well.
        Job late = new Job(2, JobType.WORDCOUNT, 0, 2, 1, 1, 100, 120);
        deadlines.write(d, late, 0, here, cores, memory, busy, 50);
        assertThat(d[c]).isEqualTo(1);
        assertThat(d[c + 1]).isCloseTo(0.7 / 3, within(1e-12));
        assertThat(d[c + 2]).isCloseTo(70.0 / 120, within(1e-12));
        assertThat(d[c + 3]).isCloseTo(1.0 / 30, within(1e-12));
        assertThat(d[PairSchema.DEADLINES.contextSize() + f]).isEqualTo(1);

        // Due at 160 with one executor on VM 1: finishing there at 50 + 130 misses it, elsewhere (150) not.
        Job tight = new Job(3, JobType.WORDCOUNT, 0, 2, 1, 1, 100, 160);
        here[0] = 1;
        deadlines.write(d, tight, 1, here, cores, memory, busy, 50);
        int vmSize = PairSchema.DEADLINES.vmSize();
        assertThat(d[PairSchema.DEADLINES.contextSize() + f]).isEqualTo(1);
        assertThat(d[PairSchema.DEADLINES.contextSize() + vmSize + f]).isZero();

        // No deadline: every deadline feature is 0.
        Job none = new Job(4, JobType.SORT, 0, 2, 1, 1, 100, Job.NO_DEADLINE);
        here[0] = 0;
        deadlines.write(d, none, 0, here, cores, memory, busy, 50);
        assertThat(Arrays.copyOfRange(d, c, c + 4)).containsOnly(0.0);
        assertThat(d[PairSchema.DEADLINES.contextSize() + f]).isZero();
    }

    @Test
    void aCostOnlyAgentStartsADeadlineAgentThatActsAsIt() {
        PairEnv deadlines = env("edf");
        SimulationConfig sim = SimulationConfig.defaults(C5, HJS);
        PairEnv costOnly = new PairEnv(List.of(new TpdsEnv(C5, List.of(HJS), sim.durationModel(), config("edf"))));
        var rng = RandomSource.SPLIT_MIX_64.create(11L);
        PairNetwork source = PairNetwork.policy(costOnly.slots(), List.of(6, 5), rng);
        PairNetwork started = PairNetwork.policy(PairSchema.DEADLINES, deadlines.slots(), List.of(6, 5), rng).adopt(source);
        PairNetwork value = PairNetwork.value(costOnly.slots(), List.of(6, 5), rng);
        PairNetwork startedValue = PairNetwork.value(PairSchema.DEADLINES, deadlines.slots(), List.of(6, 5), rng)
                .adopt(value);
        double[] a = costOnly.reset(0, 0).clone();
        double[] b = deadlines.reset(0, 0).clone();
        int compared = 0;
        boolean sawDeadline = false;
        for (int step = 0; step < 60; step++) {
            sawDeadline |= b[PairObservation.CONTEXT_SIZE] == 1;
            // The same state through both schemas: every output (wait and each VM's score) is the source's.
            assertThat(started.forward(b, 1)).containsExactly(source.forward(a, 1), within(1e-12));
            assertThat(startedValue.forward(b, 1)[0]).isCloseTo(value.forward(a, 1)[0], within(1e-12));
            compared++;
            int action = 0;
            boolean[] mask = costOnly.actionMask();
            while (!mask[action]) {
                action++;
            }
            var ra = costOnly.step(action);
            var rb = deadlines.step(action);
            if (ra.terminated()) {
                break;
            }
            a = ra.observation().clone();
            b = rb.observation().clone();
        }
        assertThat(compared).isEqualTo(60);
        assertThat(sawDeadline).as("states with a deadline job were compared").isTrue();
        assertThatThrownBy(() -> PairNetwork.policy(PairSchema.DEADLINES, 3, List.of(4), rng).adopt(source))
                .hasMessageContaining("hidden widths");
    }

    @Test
    void schemasAreKnownByName() {
        assertThat(PairSchema.byName("pairs-1")).isSameAs(PairSchema.PLACEMENT);
        assertThat(PairSchema.byName("pairs-deadlines-1")).isSameAs(PairSchema.DEADLINES);
        assertThat(PairSchema.DEADLINES.size(3)).isEqualTo(17 + 3 * 12);
        assertThatThrownBy(() -> PairSchema.byName("pairs-0")).hasMessageContaining("pairs-0")
                .hasMessageContaining("pairs-deadlines-1");
    }

    @Test
    void theTargetRewardAndRepaidCostExcludeEachOtherAndQueuesAreChecked() {
        assertThatThrownBy(() -> TpdsEnvConfig.paper(1).withPerJobReward(true).withTargetReward(true))
                .hasMessageContaining("exclude each other");
        assertThatThrownBy(() -> TpdsEnvConfig.paper(1).withQueue("lifo")).hasMessageContaining("unknown queue order 'lifo'");
        assertThat(TpdsEnvConfig.paper(1).withQueue("EDF").queue()).isEqualTo("edf");
        assertThat(TpdsEnvConfig.paper(1).queue()).isEqualTo("fcfs");
    }
}
