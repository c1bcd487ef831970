package io.execplace.rl.env;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.DriverPod;
import io.execplace.core.model.ElasticPresets;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The executor-at-a-time environments on pools with driver pods: the kernel places each application's
 * driver with its last executor, by the rule it applies to a whole placement that names none, so an
 * episode whose agent copies a policy's executors is the simulation of that policy with the kernel
 * choosing the drivers — job records (drivers' nodes included), node lifetimes, cost, restarts — as
 * docs/rl.md says, where the pools' limits do not bind (a purchase one executor at a time is then the
 * purchase of the whole placement).
 */
class DriverPodsEnvTest {

    private static final Workload JOBS = WorkloadPresets.generate("hybrid-medium", WorkloadOptions.seed(3).withJobs(40));

    /** Spot capacity taken back at 150, 300 and 450 s and on-demand capacity, 400 cores each, with drivers. */
    private static Cluster pools() {
        NodePool spot = NodePool.builder("spot").capacityType(CapacityType.SPOT).instanceTypes(ElasticPresets.KWOK_GENERAL)
                .limitCores(400).launchDelay(new LaunchDelay(20, 60)).billing(1, 60).consolidateAfter(30)
                .interruptions(Interruptions.trace(120, List.of(150.0, 300.0, 450.0))).build();
        NodePool onDemand = NodePool.builder("od").instanceTypes(ElasticPresets.KWOK_GENERAL).limitCores(400)
                .launchDelay(new LaunchDelay(20, 60)).billing(1, 60).consolidateAfter(30).build();
        return new NodePools("driver-pools", List.of(spot, onDemand), false, DriverPod.SPARK_DEFAULT).cluster();
    }

    /** The policy's executors, its driver left to the kernel (an agent chooses executors only). */
    private static PlacementPolicy executorsOnly(String name) {
        PlacementPolicy policy = Schedulers.create(name, 1);
        return new PlacementPolicy() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Placement place(Job job, ClusterView cluster) {
                Placement p = policy.place(job, cluster);
                return p == null || p.isNone() || !p.hasDriver() ? p : Placement.of(p.toArray());
            }
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"first-fit", "kube-most", "finish-together"})
    void anEpisodeDrivenByAPolicyIsItsSimulation(String scheduler) {
        Cluster cluster = pools();
        SimulationConfig sim = SimulationConfig.defaults(cluster, JOBS).withQueue(QueuePolicy.byName("edf"));
        RunResult run = Simulation.run(cluster, JOBS, executorsOnly(scheduler), sim);
        assertThat(run.jobs()).allMatch(j -> !j.completed() || j.placement().hasDriver());

        TpdsEnv env = new TpdsEnv(cluster, List.of(JOBS), sim.durationModel(),
                TpdsEnvConfig.paper(0.5).withMasking(true).withQueue("edf"));
        KernelEnvDriving.drive(env, executorsOnly(scheduler));
        assertThat(env.outcome().completed()).isTrue();
        KernelEnvDriving.assertSameRun(env.kernel.result(scheduler, new long[0], 0), run);
        // Spot capacity taken back under drivers: applications fail and restart, in both alike.
        assertThat(env.outcome().capacity().applicationsRestarted()).isEqualTo(run.capacity().applicationsRestarted())
                .isPositive();
    }

    @Test
    void anHjsEpisodeDrivenByAPolicyIsItsSimulation() {
        Cluster cluster = pools();
        HjsEnvConfig hjs = HjsEnvConfig.of(0.5);
        SimulationConfig sim = SimulationConfig.defaults(cluster, JOBS).withQueue(hjs.queue());
        RunResult run = Simulation.run(cluster, JOBS, executorsOnly("kube-most"), sim);
        HjsEnv env = new HjsEnv(cluster, List.of(JOBS), sim.durationModel(), hjs, null);
        KernelEnvDriving.drive(env, executorsOnly("kube-most"));
        assertThat(env.lastEpisode().completed()).isTrue();
        KernelEnvDriving.assertSameRun(env.lastEpisode().run(), run);
        assertThat(run.capacity().applicationsRestarted()).isPositive();
    }

    @Test
    void aJobWhoseDriverNoNodeCanTakeWaitsAgain() {
        // Two 8-core on-demand slots, no launch delay. Job 0 (4 x 2 cores) fills slot 0; its driver buys
        // slot 1. Job 1 (1 x 7 cores) fits slot 1 beside that driver, but then its own driver has no
        // node: the step frees the executor and is a wait. At 100 job 0 ends and job 1 starts on
        // slot 0, its driver on slot 1 (empty and still alive: the default rule prefers the emptier
        // node) — as in the simulation of the same placements.
        InstanceType n8 = new InstanceType("n8", 8, 32, 1.0, 0.25);
        NodePool onDemand = NodePool.builder("od").instanceTypes(List.of(n8)).limitCores(16).consolidateAfter(30).build();
        Cluster cluster = new NodePools("two", List.of(onDemand), false, DriverPod.SPARK_DEFAULT).cluster();
        Workload jobs = new Workload("hand", List.of(new Job(0, JobType.WORDCOUNT, 0, 4, 2, 4, 100, Job.NO_DEADLINE),
                new Job(1, JobType.WORDCOUNT, 0, 1, 7, 4, 50, Job.NO_DEADLINE)));
        // No type-mismatch penalty: durations are the jobs' base durations.
        SimulationConfig sim = SimulationConfig.defaults(cluster, jobs).withDurationModel(new DurationModel(false, false, 1.3));
        TpdsEnv env = new TpdsEnv(cluster, List.of(jobs), sim.durationModel(), TpdsEnvConfig.paper(0.5).withMasking(true));
        env.reset(0, 0);
        for (int i = 0; i < 4; i++) {
            assertThat(env.step(1).event()).isEqualTo(StepEvent.PLACED);
        }
        assertThat(env.currentJob().id()).isEqualTo(1);
        assertThat(env.actionMask()).containsExactly(true, false, true);
        StepResult r = env.step(2);
        assertThat(r.event()).isEqualTo(StepEvent.WAITED);
        assertThat(r.reward()).isEqualTo(TpdsEnvConfig.paper(0.5).rewards().waitReward());
        assertThat(env.now()).isEqualTo(100);
        assertThat(env.currentJob().id()).isEqualTo(1);
        assertThat(env.executorsPlaced()).isZero();
        assertThat(env.step(1).event()).isEqualTo(StepEvent.COMPLETED);

        RunResult episode = env.kernel.result("agent", new long[0], 0);
        assertThat(episode.jobs().get(0).placement()).isEqualTo(Placement.of(0, 0, 0, 0).withDriver(1));
        assertThat(episode.jobs().get(1).placement()).isEqualTo(Placement.of(0).withDriver(1));
        assertThat(episode.jobs().get(1).start()).isEqualTo(100);
        assertThat(episode.jobs().get(1).finish()).isEqualTo(150);
        PlacementPolicy same = new PlacementPolicy() {
            @Override
            public String name() {
                return "agent";
            }

            @Override
            public Placement place(Job job, ClusterView view) {
                return job.id() == 0 ? Placement.of(0, 0, 0, 0) : Placement.of(view.freeCores(0) == 8 ? 0 : 1);
            }
        };
        KernelEnvDriving.assertSameRun(episode, Simulation.run(cluster, jobs, same, sim));
    }

    /** The TPDS and HJS environments pass the conformance check on pools with drivers, masked and not, raw and normalised. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void conformsWithDriverPods(int bits) {
        Cluster cluster = pools();
        boolean masked = (bits & 1) != 0;
        boolean normalised = (bits & 2) != 0;
        // Penalties under the mask are allowed: the mask does not count the driver's room, nor a pool's limit.
        EnvChecker.Options options = new EnvChecker.Options(new long[]{0, 7}, 20_000, false);
        TpdsEnvConfig tpds = TpdsEnvConfig.paper(0.5).withMasking(masked).withNormalised(normalised);
        assertThat(EnvChecker.check(() -> new TpdsEnv(cluster, List.of(JOBS), SimulationConfig.defaults(cluster, JOBS)
                .durationModel(), tpds).wrapped(), options)).as(tpds.toString()).isEmpty();
        HjsEnvConfig hjs = HjsEnvConfig.of(0.5).withObservation(new ObservationSettings(normalised, masked, 0));
        assertThat(EnvChecker.check(() -> new HjsEnv(cluster, List.of(JOBS), SimulationConfig.defaults(cluster, JOBS)
                .durationModel(), hjs, null).wrapped(), options)).as(hjs.toString()).isEmpty();
    }
}
