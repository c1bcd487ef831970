package io.execplace.rl.env;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The HJS environment's Table 1 rewards and final Target on a hand-worked episode. One node of 4 cores /
 * 8 GB at price 1/s, untyped jobs (no penalties), λ = 0.5:
 *
 * <pre>
 * J0 t=0 1 x 4c/8GB r=10 no deadline
 * J1 t=1 2 x 2c/2GB r=10 no deadline    R_tot = (2/4 + 2/8) x 2 = 1.5, Wei = 0.75
 * J2 t=2 1 x 4c/2GB r=10 deadline 25    R_tot = 1.25, on time: Wei = 0.5 + 0.625 = 1.125
 *
 * step action  what happens                                             reward
 *  1   node1   J0 placed, starts [0,10]; t=1, J1 offered (no room)        +1
 *  2   skip    t=2, J2 arrives and outranks J1                           −1
 *  3   skip    t=10, J0 completes; J2 offered                            −1 + 10
 *  4   node1   J2 starts [10,20]; J1 offered (no room)                   +1
 *  5   skip    t=20, J2 completes (met 25); J1 offered                   −1 + 10
 *  6   node1   first executor of J1                                        0
 *  7   node1   J1 starts [20,30], completes; Target                      +1 + 10 + 100
 * </pre>
 * Target: C = 30 (the node busy [0,30]), C_max = (10+10+10) x 1 = 30, D_in/D_num = 1/1:
 * 100 x (0 + 1) = 100.
 */
class HjsEnvTest {

    static final Cluster ONE = Cluster.builder("one").add(new VmType("node", 4, 8), Site.CLOUD, 1, 1).build();

    static Job job(int id, double arrival, int executors, int cores, double mem, double deadline) {
        return new Job(id, JobType.GENERIC, arrival, executors, cores, mem, 10, deadline);
    }

    static final Workload W = new Workload("w", List.of(job(0, 0, 1, 4, 8, Job.NO_DEADLINE),
            job(1, 1, 2, 2, 2, Job.NO_DEADLINE), job(2, 2, 1, 4, 2, 25)));

    static HjsEnv env(HjsEnvConfig config) {
        return new HjsEnv(ONE, List.of(W), DurationModel.none(), config, null);
    }

    @Test
    void handWorkedEpisode() {
        HjsEnv env = env(HjsEnvConfig.of(0.5));
        env.reset(0);
        assertThat(env.currentJob().id()).isZero();
        assertThat(env.actionMask()).containsExactly(false, true); // nothing runs: no skip
        int[] actions = {1, 0, 0, 1, 0, 1, 1};
        double[] rewards = {1, -1, 9, 1, 9, 0, 111};
        int[] offeredAfter = {1, 2, 2, 1, 1, 1, -1};
        double[] clockAfter = {1, 2, 10, 10, 20, 20, 30};
        for (int i = 0; i < actions.length; i++) {
            StepResult r = env.step(actions[i]);
            assertThat(r.reward()).as("step %d", i + 1).isCloseTo(rewards[i], within(1e-9));
            assertThat(r.terminated()).as("step %d", i + 1).isEqualTo(i == actions.length - 1);
            assertThat(env.now()).as("step %d", i + 1).isEqualTo(clockAfter[i]);
            if (offeredAfter[i] >= 0) {
                assertThat(env.currentJob().id()).as("step %d", i + 1).isEqualTo(offeredAfter[i]);
            }
            if (i == 0) {
                assertThat(env.actionMask()).containsExactly(true, false); // J1 has no room: skip only
            }
            if (i == 5) {
                assertThat(env.executorsPlaced()).isEqualTo(1);
                assertThat(env.actionMask()).containsExactly(false, true); // no skip after a partial placement
            }
        }
        HjsEnv.Episode e = env.lastEpisode();
        assertThat(e.completed()).isTrue();
        assertThat(e.endEvent()).isEqualTo(StepEvent.COMPLETED);
        assertThat(e.totalReward()).isCloseTo(130, within(1e-9));
        assertThat(e.skips()).isEqualTo(3);
        assertThat(e.target().cost()).isEqualTo(30);
        assertThat(e.target().maxCost()).isEqualTo(30);
        assertThat(e.target().deadlinesMet()).isEqualTo(1);
        assertThat(e.target().target()).isCloseTo(100, within(1e-9));
        // The kernel's records: the same schedule the simulator would report.
        assertThat(e.run().jobs()).extracting(j -> j.start()).containsExactly(0.0, 20.0, 10.0);
        EpisodeOutcome o = env.outcome();
        assertThat(o.completed()).isTrue();
        assertThat(o.episodeReward()).isCloseTo(111, within(1e-9));
        assertThat(o.cost()).isEqualTo(30);
        assertThat(o.deadlineMetPercent()).isEqualTo(100);
        assertThat(o.jobsPlaced()).isEqualTo(3);
        assertThat(o.waits()).isEqualTo(3);
    }

    @Test
    void passesTheConformanceCheck() {
        var c5 = io.execplace.core.model.ClusterPresets.c5();
        List<Workload> ws = List.of(
                io.execplace.core.workload.WorkloadPresets.generate("hjs-60-50",
                        io.execplace.core.workload.WorkloadOptions.seed(1)),
                io.execplace.core.workload.WorkloadPresets.generate("hjs-40-20",
                        io.execplace.core.workload.WorkloadOptions.seed(2)));
        DurationModel model = SimulationConfig.defaults(c5, ws.get(0)).durationModel();
        for (HjsEnvConfig config : List.of(HjsEnvConfig.of(0.5), HjsEnvConfig.of(1).withObservation(new ObservationSettings(false, true, 0)),
                HjsEnvConfig.of(0).withObservation(new ObservationSettings(true, false, 0)), HjsEnvConfig.of(0.75).withObservation(new ObservationSettings(true, true, 30)))) {
            List<String> problems = EnvChecker.check(() -> new HjsEnv(c5, ws, model, config, null).wrapped(),
                    new EnvChecker.Options(new long[]{0, 1, 5}, 20_000, config.observation().masking()));
            assertThat(problems).as(config.toString()).isEmpty();
        }
    }

    @Test
    void invalidPlacementAndDeadEndEndTheEpisode() {
        HjsEnv env = env(HjsEnvConfig.of(0.5).withObservation(new ObservationSettings(true, false, 0)));
        env.reset(0);
        env.step(1);
        StepResult r = env.step(1); // J1 offered, the node is full
        assertThat(r.reward()).isEqualTo(-200);
        assertThat(r.terminated()).isTrue();
        assertThat(env.lastEpisode().endEvent()).isEqualTo(StepEvent.INVALID_PLACEMENT);
        assertThat(env.lastEpisode().target()).isNull();

        env.reset(0);
        r = env.step(0); // skip while nothing runs
        assertThat(r.reward()).isEqualTo(-200);
        assertThat(env.lastEpisode().endEvent()).isEqualTo(StepEvent.IDLE_WAIT);
    }

    @Test
    void maxStepsTruncates() {
        Env env = env(HjsEnvConfig.of(0.5).withObservation(new ObservationSettings(true, true, 2))).wrapped();
        env.reset(0);
        env.step(1);
        StepResult r = env.step(0);
        assertThat(r.truncated()).isTrue();
        assertThat(r.terminated()).isFalse();
    }

    @Test
    void anEpisodeOfFirstFitChoicesEqualsTheSimulatorsRun() {
        // The agent that always takes the lowest allowed node places each job as a first-fit policy
        // would; the environment's records must equal the simulator's with the same queue order.
        var c5 = io.execplace.core.model.ClusterPresets.c5();
        Workload w = io.execplace.core.workload.WorkloadPresets.generate("hjs-60-50",
                io.execplace.core.workload.WorkloadOptions.seed(3));
        DurationModel model = SimulationConfig.defaults(c5, w).durationModel();
        HjsEnv env = new HjsEnv(c5, List.of(w), model, HjsEnvConfig.of(0.5), null);
        env.reset(0);
        StepResult r;
        do {
            boolean[] mask = env.actionMask();
            int a = 0;
            for (int k = 1; k < mask.length; k++) {
                if (mask[k]) {
                    a = k;
                    break;
                }
            }
            r = env.step(a);
        } while (!r.done());
        assertThat(env.lastEpisode().completed()).isTrue();
        var lowest = new io.execplace.core.policy.PlacementPolicy() {
            @Override
            public String name() {
                return "lowest-node";
            }

            @Override
            public io.execplace.core.model.Placement place(Job job, io.execplace.core.policy.ClusterView view) {
                return lowestNodes(job, view);
            }
        };
        var sim = Simulation.run(c5, w, lowest, SimulationConfig.defaults(c5, w).withQueue(env.config().queue()));
        assertThat(env.lastEpisode().run().jobs()).extracting(j -> j.start())
                .isEqualTo(sim.jobs().stream().map(j -> j.start()).toList());
        assertThat(env.lastEpisode().run().summary().totalCost()).isEqualTo(sim.summary().totalCost());
    }

    /** Each executor on the lowest node with room, if the whole job fits now. */
    private static io.execplace.core.model.Placement lowestNodes(Job job, io.execplace.core.policy.ClusterView view) {
        int n = view.cluster().size();
        int[] cores = new int[n];
        double[] mem = new double[n];
        for (int i = 0; i < n; i++) {
            cores[i] = view.freeCores(i);
            mem[i] = view.freeMemoryGb(i);
        }
        int[] out = new int[job.executors()];
        for (int e = 0; e < out.length; e++) {
            int vm = -1;
            for (int i = 0; i < n && vm < 0; i++) {
                if (cores[i] >= job.coresPerExecutor() && mem[i] >= job.memoryGbPerExecutor() - 1e-9) {
                    vm = i;
                }
            }
            if (vm < 0) {
                return io.execplace.core.model.Placement.none();
            }
            out[e] = vm;
            cores[vm] -= job.coresPerExecutor();
            mem[vm] -= job.memoryGbPerExecutor();
        }
        return io.execplace.core.model.Placement.wrap(out);
    }
}
