package io.execplace.rl.env;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The kernel environments on a workload with executor demands (dynamic allocation) follow the
 * simulator's physics: an agent that copies a policy's placements — of jobs and of the executor
 * requests the kernel makes for their demands — ends with exactly the simulator's records for that
 * policy. (On fixed clusters: on an elastic cluster an executor request that lapses before its nodes
 * are ready is cancelled either way, but placed executor by executor it has bought them already,
 * placed whole it has not — docs/rl.md.)
 */
class DynamicAllocationEnvTest {

    private static final int JOBS = 40;

    private static Workload dynamic(long seed) {
        return WorkloadPresets.generate("hybrid-medium-dynamic", WorkloadOptions.seed(seed).withJobs(JOBS));
    }

    private static Cluster cluster(String name) {
        return ClusterPresets.byName(name, PricingModel.MODEL_1);
    }

    @ParameterizedTest
    @CsvSource({"hybrid-large, first-fit, 1", "hybrid-large, round-robin, 2", "hybrid-small, first-fit, 3",
            "hybrid-large, finish-together, 4"})
    void tpdsEpisodeDrivenByAPolicyIsTheSimulation(String clusterName, String scheduler, long seed) {
        Cluster cluster = cluster(clusterName);
        Workload workload = dynamic(seed);
        SimulationConfig config = SimulationConfig.defaults(cluster, workload);
        RunResult sim = Simulation.run(cluster, workload, Schedulers.create(scheduler, seed), config);
        assertThat(sim.summary().jobsDropped()).isZero();
        assertThat(sim.capacity().executorsAdded()).as("the workload adds executors").isPositive();

        TpdsEnv env = new TpdsEnv(cluster, List.of(workload), config.durationModel(),
                TpdsEnvConfig.paper(0.5).withMasking(true));
        int requests = KernelEnvDriving.drive(env, Schedulers.create(scheduler, seed));
        assertThat(requests).as("requests offered to the agent").isPositive();

        KernelEnvDriving.assertSameRun(env.kernel.result(scheduler, new long[0], 0), sim);
        EpisodeOutcome episode = env.outcome();
        assertThat(episode.completed()).isTrue();
        assertThat(episode.jobs()).isEqualTo(JOBS);
        assertThat(episode.jobsPlaced()).isEqualTo(sim.summary().jobsCompleted());
        assertThat(episode.capacity().executorsAdded()).isEqualTo(sim.capacity().executorsAdded());
        assertThat(episode.capacity().executorsCancelled()).isEqualTo(sim.capacity().executorsCancelled());
        // The outcome sums in start order, the summary in job order: equal to rounding.
        assertThat(episode.cost()).isCloseTo(sim.summary().totalCost(), within(1e-9 * sim.summary().totalCost()));
        assertThat(episode.meanDuration()).isCloseTo(sim.summary().meanDuration(), within(1e-9));
        assertThat(episode.meanTurnaround()).isCloseTo(sim.summary().meanTurnaround(), within(1e-9));
        assertThat(episode.deadlineMetPercent()).isEqualTo(sim.summary().deadlineMetPercent());
    }

    @Test
    void hjsEpisodeDrivenByAPolicyIsTheSimulation() {
        Cluster cluster = cluster("hybrid-large");
        Workload workload = dynamic(5);
        HjsEnvConfig hjs = HjsEnvConfig.of(0.5);
        SimulationConfig config = SimulationConfig.defaults(cluster, workload).withQueue(hjs.queue());
        // The environment runs the kernel with the same rules (HJS's weight order, exact billing).
        RunResult sim = Simulation.run(cluster, workload, Schedulers.create("first-fit", 5), config);

        HjsEnv env = new HjsEnv(cluster, List.of(workload), config.durationModel(), hjs, null);
        assertThat(KernelEnvDriving.drive(env, Schedulers.create("first-fit", 5))).isPositive();
        HjsEnv.Episode episode = env.lastEpisode();
        assertThat(episode.completed()).isTrue();
        KernelEnvDriving.assertSameRun(episode.run(), sim);
    }

    @Test
    void randomAllowedActionsCompleteAndRepeatExactly() {
        Cluster cluster = cluster("hybrid-large");
        TpdsEnv env = new TpdsEnv(cluster, List.of(dynamic(7)),
                SimulationConfig.defaults(cluster, dynamic(7)).durationModel(), TpdsEnvConfig.paper(0.5).withMasking(true));
        EpisodeOutcome first = randomEpisode(env, 11);
        assertThat(first.completed()).isTrue();
        assertThat(first.capacity().executorsAdded()).isPositive();
        assertThat(randomEpisode(env, 11)).isEqualTo(first);
    }

    @Test
    void checkerPassesOnADynamicWorkload() {
        Cluster cluster = cluster("hybrid-large");
        Workload workload = dynamic(8);
        EnvChecker.Options options = new EnvChecker.Options(new long[]{0, 1}, 100_000, true);
        assertThat(EnvChecker.check(() -> new TpdsEnv(cluster, List.of(workload),
                SimulationConfig.defaults(cluster, workload).durationModel(),
                TpdsEnvConfig.paper(0.5).withMasking(true)).wrapped(), options)).isEmpty();
        assertThat(EnvChecker.check(() -> new HjsEnv(cluster, List.of(workload),
                SimulationConfig.defaults(cluster, workload).durationModel(), HjsEnvConfig.of(0.5), null).wrapped(),
                options)).isEmpty();
    }

    /** Random allowed actions, waits only when nothing else is allowed. */
    private static EpisodeOutcome randomEpisode(TpdsEnv env, long seed) {
        Random random = new Random(seed);
        env.reset(0);
        while (env.active()) {
            boolean[] mask = env.actionMask();
            int allowed = 0;
            for (int a = 1; a < mask.length; a++) {
                allowed += mask[a] ? 1 : 0;
            }
            int pick = allowed == 0 ? 0 : 1 + random.nextInt(allowed);
            int action = 0;
            for (int a = 1; pick > 0 && a < mask.length; a++) {
                if (mask[a] && --pick == 0) {
                    action = a;
                }
            }
            env.step(action);
        }
        return env.outcome();
    }
}
