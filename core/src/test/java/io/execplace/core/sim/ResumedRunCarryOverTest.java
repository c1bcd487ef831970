package io.execplace.core.sim;

import io.execplace.core.metrics.CapacityStats;
import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.metrics.VmRecord;
import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ConsolidationPolicy;
import io.execplace.core.model.DriverPod;
import io.execplace.core.model.ElasticPresets;
import io.execplace.core.model.ExecutorDemand;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.PlaceholderRoom;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.Billing;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A run resumed mid-way with the same future — the true arrivals, the run's own policy, the run's node
 * draws — is that run's continuation, with everything the kernel keeps between decisions carried over:
 * placeholder pods, dynamic allocation's executor requests, under-used consolidation's clocks and the
 * jobs it evicted, driver pods, protected executors, and the running jobs' own start (so that an
 * interruption in the resumed run stops them as in the source). Pinned: the cost (closed lifetimes
 * before the resume plus the resumed run's), the deadlines missed, every job's start, finish and
 * placement, and the counts of nodes bought, interruptions, evictions, restarts and executors added.
 */
class ResumedRunCarryOverTest {

    /** What the cases below exercised, over all of them: each must have happened somewhere. */
    private static final Map<String, Integer> EXERCISED = new HashMap<>();

    private static final List<InstanceType> TYPES = List.of(InstanceType.perHour("s-4x", 4, 16, 0.104, 0.0728),
            InstanceType.perHour("s-8x", 8, 32, 0.208, 0.1456));

    /** Spot nodes, all reclaimed every 7 minutes (a trace), and on-demand ones; both consolidate under-used nodes. */
    private static Cluster busy(boolean drivers) {
        List<Double> reclaims = new ArrayList<>();
        for (double t = 250; t < 4_000; t += 420) {
            reclaims.add(t);
        }
        NodePool spot = pool("spot", CapacityType.SPOT).interruptions(new Interruptions(0.5, 120, reclaims)).build();
        NodePool onDemand = pool("on-demand", CapacityType.ON_DEMAND).build();
        NodePools pools = new NodePools("busy", List.of(spot, onDemand), false);
        return drivers ? pools.withDrivers(DriverPod.SPARK_DEFAULT, "busy+drivers").cluster() : pools.cluster();
    }

    private static NodePool.Builder pool(String name, CapacityType type) {
        return NodePool.builder(name).capacityType(type).instanceTypes(TYPES).zones(List.of("a"))
                .limitCores(64).launchDelay(LaunchDelay.constant(40)).billing(1, 60).consolidateAfter(30)
                .consolidationPolicy(ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED);
    }

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (long seed = 1; seed <= 6; seed++) {
            cases.add(Arguments.of("placeholders", ElasticPresets.onDemand(), true, false, false, seed));
            cases.add(Arguments.of("under-used, placeholders", ElasticPresets.onDemandUnderutilized(), true, false, false, seed));
            cases.add(Arguments.of("dynamic allocation", ElasticPresets.onDemand(), false, true, false, seed));
            cases.add(Arguments.of("spot, drivers, under-used, protected", busy(true), false, false, true, seed));
            cases.add(Arguments.of("all of it", busy(true), true, true, true, seed));
            cases.add(Arguments.of("spot, dynamic allocation, placeholders", busy(false), true, true, false, seed));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} seed {5}")
    @MethodSource("cases")
    void aResumedRunIsItsSourcesContinuation(String name, Cluster cluster, boolean placeholders, boolean demands,
                                             boolean protect, long seed) {
        Workload w = workload(seed, demands);
        SimulationConfig config = new SimulationConfig(seed % 2 == 0 ? QueuePolicy.FCFS : QueuePolicy.EDF, false,
                seed % 3 != 0, new DurationModel(false, false, 1.3), Billing.EXACT, seed);
        RunResult whole = Simulation.run(cluster, w, policy(placeholders, protect), config);

        // The same run again, with a policy of its own, up to a decision: resumed from there with that policy.
        PlacementPolicy policy = policy(placeholders, protect);
        EventKernel source = new EventKernel(cluster, config);
        source.reset(w);
        source.setDecider(policy);
        int resumeAt = 15 + new SplittableRandom(seed * 7 + name.length()).nextInt(30);
        ResumedRun resumed = new ResumedRun(true);
        ResumedRun.Outcome outcome = null;
        CapacityStats before = null;
        List<VmRecord> closedAtResume = List.of();
        Set<Integer> decidedOn = new HashSet<>();
        double now = Double.NaN;
        for (int d = 0; source.nextDecision(); d++) {
            Job job = source.offeredJob();
            Placement p = policy.place(job, source.view());
            if (d == resumeAt) {
                now = source.now();
                before = source.capacity();
                closedAtResume = source.state().vmRecords();
                count("placeholders held at the resume", source.state().placeholders() != null
                        ? source.state().placeholders().placed() : 0);
                count("requests running or waiting at the resume", source.runningCount() - source.runningJobCount());
                for (int i = 0; i < source.waitingCount(); i++) {
                    if (source.waitingJobIndex(i) < source.jobCount()) { // an executor request is its application's
                        decidedOn.add(source.waitingJob(i).id());
                    }
                }
                List<Job> future = w.jobs().stream().filter(j -> j.arrival() > source.now()).toList();
                future.forEach(j -> decidedOn.add(j.id()));
                outcome = resumed.run(source.state(), job, p, future, policy, 0);
                break;
            }
            if (p.isNone()) {
                source.skip();
            } else {
                source.start(source.offered(), p);
            }
        }
        assertThat(outcome).as("resumed at decision " + resumeAt).isNotNull();

        Map<Integer, JobRecord> byId = new HashMap<>();
        whole.jobs().forEach(r -> byId.put(r.job().id(), r));
        for (JobRecord r : resumed.result().jobs()) {
            JobRecord there = byId.get(r.job().id());
            assertThat(r.status()).as("job " + r.job().id()).isEqualTo(there.status());
            if (r.completed()) {
                assertThat(r.start()).as("start of job " + r.job().id()).isEqualTo(there.start());
                assertThat(r.finish()).as("finish of job " + r.job().id()).isEqualTo(there.finish());
                assertThat(r.placement().toArray()).as("placement of job " + r.job().id()).isEqualTo(there.placement().toArray());
                assertThat(r.placement().driverVm()).as("driver of job " + r.job().id()).isEqualTo(there.placement().driverVm());
            }
        }
        // Node lifetimes after the resume: the resumed run's are the whole run's, but that the whole run's
        // records merge a lifetime that began the instant the slot's previous one ended (before the resume).
        Map<Integer, Double> lastClosed = new HashMap<>();
        for (VmRecord vm : closedAtResume) {
            if (vm.intervals() > 0) {
                lastClosed.put(vm.vm().id(), vm.intervalEnd(vm.intervals() - 1));
            }
        }
        List<String> expected = new ArrayList<>();
        double expectedCost = 0;
        for (VmRecord vm : whole.vms()) {
            for (int i = 0; i < vm.intervals(); i++) {
                double start = vm.intervalStart(i);
                double end = vm.intervalEnd(i);
                if (end <= now) {
                    continue;
                }
                Double cut = lastClosed.get(vm.vm().id());
                if (start < now && cut != null && cut > start) {
                    start = cut; // merged in the whole run's records: the lifetime open at the resume began here
                }
                expected.add(vm.vm().id() + ": " + start + "-" + end);
                expectedCost += cluster.pools().pool(vm.vm().id()).billedSeconds(end - start) * vm.vm().pricePerSecond();
            }
        }
        List<String> lifetimes = new ArrayList<>();
        for (VmRecord vm : resumed.result().vms()) {
            for (int i = 0; i < vm.intervals(); i++) {
                lifetimes.add(vm.vm().id() + ": " + vm.intervalStart(i) + "-" + vm.intervalEnd(i));
            }
        }
        assertThat(lifetimes).as("node lifetimes after the resume").containsExactlyElementsOf(expected);
        assertThat(outcome.cost()).as("cost").isCloseTo(expectedCost, within(1e-9 * expectedCost));
        int missed = 0;
        for (JobRecord r : whole.jobs()) {
            missed += decidedOn.contains(r.job().id()) && r.job().hasDeadline() && !r.metDeadline() ? 1 : 0;
        }
        assertThat(outcome.deadlinesMissed()).as("deadlines missed").isEqualTo(missed);

        CapacityStats after = resumed.capacity();
        CapacityStats all = whole.capacity();
        assertThat(before.nodeLaunches() + after.nodeLaunches()).as("nodes bought").isEqualTo(all.nodeLaunches());
        assertThat(before.interruptions() + after.interruptions()).as("interruptions").isEqualTo(all.interruptions());
        assertThat(before.jobsStopped() + after.jobsStopped()).as("jobs stopped").isEqualTo(all.jobsStopped());
        assertThat(before.executorsEvicted() + after.executorsEvicted()).as("executors evicted").isEqualTo(all.executorsEvicted());
        assertThat(before.nodesRemovedUnderused() + after.nodesRemovedUnderused()).as("under-used nodes removed")
                .isEqualTo(all.nodesRemovedUnderused());
        assertThat(before.applicationsRestarted() + after.applicationsRestarted()).as("applications restarted")
                .isEqualTo(all.applicationsRestarted());
        assertThat(before.executorsAdded() + after.executorsAdded()).as("executors added").isEqualTo(all.executorsAdded());
        count("interruptions after the resume", after.interruptions());
        count("executors evicted after the resume", after.executorsEvicted());
        count("applications restarted after the resume", after.applicationsRestarted());
        count("executors added after the resume", after.executorsAdded());
    }

    @AfterAll
    static void everyFeatureWasExercised() {
        assertThat(EXERCISED).allSatisfy((what, times) -> assertThat(times).as(what).isPositive());
        assertThat(EXERCISED).hasSize(6);
    }

    private static void count(String what, int times) {
        EXERCISED.merge(what, times, Integer::sum);
    }

    /**
     * Packs onto bought nodes first, then the lowest slots; with {@code placeholders} every placement asks
     * for 1–3 two-core placeholders (by job), with {@code protect} odd jobs' executors are protected 90 s.
     */
    private static PlacementPolicy policy(boolean placeholders, boolean protect) {
        PlacementPolicy pack = TestPolicies.pack(true);
        return new PlacementPolicy() {
            @Override
            public String name() {
                return "test-pack-carry-over";
            }

            @Override
            public Placement place(Job job, ClusterView view) {
                Placement p = pack.place(job, view);
                if (p.isNone()) {
                    return p;
                }
                if (protect && job.id() % 2 == 1) {
                    p = p.withProtection(90);
                }
                return placeholders ? p.withPlaceholders(PlaceholderRoom.of(1 + job.id() % 3, 2, 8)) : p;
            }
        };
    }

    private static Workload workload(long seed, boolean demands) {
        SplittableRandom r = new SplittableRandom(seed * 31 + 11);
        List<Job> jobs = new ArrayList<>();
        Map<Integer, ExecutorDemand> demand = new HashMap<>();
        double t = 0;
        for (int i = 0; i < 80; i++) {
            t += -Math.log(1 - r.nextDouble()) * 15;
            double base = 30 + r.nextDouble() * 200;
            double deadline = r.nextBoolean() ? t + base * (1 + 2 * r.nextDouble()) : Job.NO_DEADLINE;
            int executors = 1 + r.nextInt(4);
            jobs.add(new Job(i, JobType.WORDCOUNT, t, executors, 1 + r.nextInt(2), 1 + r.nextInt(4), base, deadline));
            if (demands && i % 2 == 0) {
                // More executors a third of the way in, fewer again later; released after 10 s idle.
                demand.put(i, new ExecutorDemand(new double[] {0, base / 3, 2 * base / 3},
                        new int[] {executors, executors + 1 + r.nextInt(3), executors + 1}, 10));
            }
        }
        return new Workload("carry-over", jobs, demand);
    }
}
