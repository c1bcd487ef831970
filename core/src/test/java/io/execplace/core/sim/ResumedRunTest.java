package io.execplace.core.sim;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.metrics.VmRecord;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.ElasticPresets;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.Billing;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A run resumed from the middle of another (its running and waiting jobs, nodes and rules), with the
 * same future (the true arrivals, the same policy, the same node draws), is that run's continuation: the source run's cost is what its node lifetimes
 * closed before the resume were billed plus the resumed run's cost, and the same jobs miss their
 * deadlines. Random states on an elastic pool with launch delays, minimum billing, consolidation and a
 * core limit, and on a fixed cluster.
 */
class ResumedRunTest {

    /** Packs onto the bought nodes first (read from the kernel's list of them), then the lowest slots that fit. */
    private static final PlacementPolicy PACK = new PlacementPolicy() {
        private final PlacementPolicy lowestFirst = TestPolicies.pack();

        @Override
        public String name() {
            return "test-pack-bought";
        }

        @Override
        public Placement place(Job job, ClusterView view) {
            int[] bought = new int[view.vmCount()];
            int count = view.provisionedVms(bought);
            int[] out = new int[job.executors()];
            int placed = 0;
            for (int i = 0; i < count && placed < out.length; i++) {
                int fit = view.executorsThatFit(bought[i], job.coresPerExecutor(), job.memoryGbPerExecutor());
                for (int k = 0; k < fit && placed < out.length; k++) {
                    out[placed++] = bought[i];
                }
            }
            return placed == out.length ? Placement.wrap(out) : lowestFirst.place(job, view);
        }
    };

    static Stream<Arguments> states() {
        List<Arguments> cases = new ArrayList<>();
        NodePool tight = NodePool.builder("od").instanceTypes(List.of(new InstanceType("n4", 4, 16, 1.0, 0.25),
                        new InstanceType("n8", 8, 32, 1.9, 0.5)))
                .limitCores(48).launchDelay(LaunchDelay.constant(45)).billing(1, 60).consolidateAfter(30).build();
        for (long seed = 1; seed <= 6; seed++) {
            cases.add(Arguments.of("elastic-ondemand", ElasticPresets.onDemand(), seed));
            cases.add(Arguments.of("tight pool", new NodePools("tight", List.of(tight), false).cluster(), seed));
            cases.add(Arguments.of("tpds", ClusterPresets.tpds(), seed));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} seed {2}")
    @MethodSource("states")
    void aRunResumedWithTheSameFutureIsItsContinuation(String name, Cluster cluster, long seed) {
        List<Job> jobs = workload(seed);
        // Odd seeds: earliest deadline first with backfilling, the resumed run under the same rules.
        SimulationConfig config = new SimulationConfig(seed % 2 == 0 ? QueuePolicy.FCFS : QueuePolicy.EDF, false,
                seed % 2 == 1, new DurationModel(false, false, 1.3), Billing.EXACT, seed);
        EventKernel source = new EventKernel(cluster, config);
        source.reset(new Workload("w", jobs));
        SplittableRandom random = new SplittableRandom(seed);
        int resumeAt = 10 + random.nextInt(20);
        int decisions = 0;
        ResumedRun.Outcome resumed = null;
        double now = Double.NaN;
        List<Integer> decidedOn = new ArrayList<>();
        while (source.nextDecision()) {
            Job job = source.offeredJob();
            Placement p = PACK.place(job, source.view());
            if (resumed == null && ++decisions >= resumeAt) {
                now = source.now();
                List<Job> future = new ArrayList<>();
                for (Job j : jobs) {
                    if (j.arrival() > now) {
                        future.add(j);
                    }
                }
                for (int i = 0; i < source.waitingCount(); i++) {
                    decidedOn.add(source.waitingJob(i).id());
                }
                future.forEach(j -> decidedOn.add(j.id()));
                resumed = new ResumedRun(true).run(source.state(), job, p, future, PACK, 0);
            }
            if (p.isNone()) {
                source.skip();
            } else {
                source.start(source.offered(), p);
            }
        }
        RunResult whole = source.result(PACK.name(), new long[0], 0);
        assertThat(resumed).as("resumed at decision " + resumeAt).isNotNull();

        double before = 0;
        for (VmRecord vm : whole.vms()) {
            for (int i = 0; i < vm.intervals(); i++) {
                if (vm.intervalEnd(i) <= now) {
                    double life = vm.intervalEnd(i) - vm.intervalStart(i);
                    double billed = cluster.isElastic() ? cluster.pools().pool(vm.vm().id()).billedSeconds(life) : life;
                    before += billed * vm.vm().pricePerSecond();
                }
            }
        }
        assertThat(before + resumed.cost()).isCloseTo(whole.summary().totalCost(), within(1e-9 * whole.summary().totalCost()));
        assertThat(resumed.currentStarted()).isTrue();
        int missed = 0;
        for (JobRecord r : whole.jobs()) {
            if (decidedOn.contains(r.job().id()) && r.job().hasDeadline() && !r.metDeadline()) {
                missed++;
            }
        }
        assertThat(resumed.deadlinesMissed()).isEqualTo(missed);
    }

    @ParameterizedTest(name = "{0} seed {2}")
    @MethodSource("states")
    void planningDrawsFromItsSeedAndReplays(String name, Cluster cluster, long seed) {
        List<Job> jobs = workload(seed);
        SimulationConfig config = new SimulationConfig(QueuePolicy.FCFS, false, false,
                new DurationModel(false, false, 1.3), Billing.EXACT, seed);
        EventKernel source = new EventKernel(cluster, config);
        source.reset(new Workload("w", jobs));
        for (int d = 0; d < 15 && source.nextDecision(); d++) {
            Placement p = PACK.place(source.offeredJob(), source.view());
            if (p.isNone()) {
                source.skip();
            } else {
                source.start(source.offered(), p);
            }
        }
        assertThat(source.nextDecision()).isTrue(); // a decision point: the job offered waits
        Job current = source.offeredJob();
        List<Job> future = jobs.stream().filter(j -> j.arrival() > source.now()).limit(8).toList();
        ResumedRun planner = new ResumedRun(false);
        ResumedRun.Outcome a = planner.run(source.state(), current, Placement.none(), future, PACK, 7);
        ResumedRun.Outcome b = planner.run(source.state(), current, Placement.none(), future, PACK, 7);
        assertThat(b).isEqualTo(a);
        assertThat(a.cost()).isPositive();
        // The source is left as it was: its decision can still be made.
        assertThat(source.offeredJob()).isEqualTo(current);
    }

    private static List<Job> workload(long seed) {
        SplittableRandom r = new SplittableRandom(seed * 31 + 5);
        List<Job> jobs = new ArrayList<>();
        double t = 0;
        for (int i = 0; i < 60; i++) {
            t += -Math.log(1 - r.nextDouble()) * 12;
            double base = 20 + r.nextDouble() * 180;
            double deadline = r.nextBoolean() ? t + base * (1 + 2 * r.nextDouble()) : Job.NO_DEADLINE;
            jobs.add(new Job(i, JobType.WORDCOUNT, t, 1 + r.nextInt(6), 1 + r.nextInt(3), 1 + r.nextInt(6), base, deadline));
        }
        return jobs;
    }
}
