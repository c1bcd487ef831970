package io.execplace.schedulers.elastic;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.metrics.VmRecord;
import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ConsolidationPolicy;
import io.execplace.core.model.DriverPod;
import io.execplace.core.model.ElasticPresets;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.UnavailableWindow;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Invariants of elastic runs over many seeds, schedulers and pools, read from the run's own records:
 * every executor runs inside a lifetime of its node and never before that node could be ready, no
 * node is over capacity at any instant, the cost is the pools' billing of the node lifetimes, the
 * node-hours are the lifetimes, the same seed gives the same run bit for bit, and the view's list of
 * bought slots ({@code provisionedVms}, read by the elastic policies) is the slots it says are bought,
 * every active slot is one of them, and the free room it copies in one call ({@code copyFreeResources})
 * is each slot's own answer.
 */
class ElasticPropertyTest {

    /** A spot pool whose capacity a trace takes back four times a day, and an on-demand pool. */
    private static Cluster reclaimed() {
        return reclaimed(ConsolidationPolicy.WHEN_EMPTY);
    }

    /**
     * A spot pool closed by two availability windows (300-1,200 s and 1,800-2,400 s), so that policies
     * whose placeholders follow spot availability move them to on-demand nodes, and an on-demand pool;
     * every application runs a driver pod.
     */
    private static Cluster windowed() {
        NodePool spot = NodePool.builder("spot").capacityType(CapacityType.SPOT)
                .instanceTypes(ElasticPresets.KWOK_GENERAL).limitCores(200).launchDelay(new LaunchDelay(30, 90))
                .billing(1, 60).consolidateAfter(30).interruptions(Interruptions.unavailable(120,
                        List.of(new UnavailableWindow(300, 1_200), new UnavailableWindow(1_800, 2_400)))).build();
        NodePool onDemand = NodePool.builder("od").instanceTypes(ElasticPresets.KWOK_GENERAL).limitCores(200)
                .launchDelay(new LaunchDelay(30, 90)).billing(1, 60).consolidateAfter(30).build();
        return new NodePools("windowed", List.of(spot, onDemand), false, DriverPod.SPARK_DEFAULT).cluster();
    }

    private static Cluster reclaimed(ConsolidationPolicy consolidation) {
        List<Double> reclaims = List.of(3_000.0, 9_000.0, 20_000.0, 40_000.0);
        NodePool spot = NodePool.builder("spot").capacityType(CapacityType.SPOT)
                .instanceTypes(ElasticPresets.KWOK_GENERAL).limitCores(200).launchDelay(new LaunchDelay(30, 90))
                .billing(1, 60).consolidateAfter(30).consolidationPolicy(consolidation)
                .interruptions(Interruptions.trace(120, reclaims)).build();
        NodePool onDemand = NodePool.builder("od").instanceTypes(ElasticPresets.KWOK_GENERAL).limitCores(200)
                .launchDelay(new LaunchDelay(30, 90)).billing(1, 60).consolidateAfter(30)
                .consolidationPolicy(consolidation).build();
        return new NodePools("reclaimed-" + consolidation.key(), List.of(spot, onDemand), false).cluster();
    }

    /**
     * The policy, asserting at every decision that the view's list of bought slots is exactly the scan's,
     * that every active slot is one of them, and that the one-call copy of the free room is each slot's answer.
     */
    private static PlacementPolicy listingChecked(PlacementPolicy policy, String where) {
        return new CheckedPolicy(policy, (job, view) -> {
            int[] listed = new int[view.vmCount()];
            int count = view.provisionedVms(listed);
            List<Integer> scanned = new ArrayList<>();
            for (int vm = 0; vm < view.vmCount(); vm++) {
                if (view.isProvisioned(vm)) {
                    scanned.add(vm);
                }
            }
            assertThat(Arrays.stream(listed, 0, count).boxed().toList()).as(where + " at " + view.now()).isEqualTo(scanned);
            int[] cores = new int[view.vmCount()];
            double[] memory = new double[view.vmCount()];
            view.copyFreeResources(cores, memory);
            for (int vm = 0; vm < view.vmCount(); vm++) {
                assertThat(cores[vm]).as(where + " at " + view.now() + ", slot " + vm).isEqualTo(view.freeCores(vm));
                assertThat(memory[vm]).as(where + " at " + view.now() + ", slot " + vm).isEqualTo(view.freeMemoryGb(vm));
                assertThat(!view.isActive(vm) || view.isProvisioned(vm)).as(where + ", active slot " + vm + " bought").isTrue();
            }
        });
    }

    @Test
    void elasticRunsKeepTheirInvariants() {
        List<Cluster> clusters = List.of(ElasticPresets.onDemand(), ElasticPresets.spot(), reclaimed());
        List<String> schedulers = List.of("kube-default", "kube-most", "kube-spot", "uniform-progress",
                "uniform-progress-most", "finish-together", "finish-together-spot", "finish-together-headroom",
                "finish-together-patient", "first-fit", "gio", "round-robin", "random");
        int runs = 0;
        int interrupted = 0;
        for (long seed = 1; seed <= 6; seed++) {
            Workload w = WorkloadPresets.generate("hybrid-medium", WorkloadOptions.seed(seed).withJobs(150).withMeanGapSeconds(20.0));
            for (Cluster c : clusters) {
                SimulationConfig config = SimulationConfig.defaults(c, w).withQueue(QueuePolicy.EDF).withCapacitySeed(seed);
                for (String s : schedulers) {
                    String where = s + " on " + c.name() + " seed " + seed;
                    RunResult r = Simulation.run(c, w, listingChecked(Schedulers.create(s, seed), where), config);
                    check(c, r, where);
                    RunResult again = Simulation.run(c, w, Schedulers.create(s, seed), config);
                    assertThat(again.summary().withoutDelays()).as(where).isEqualTo(r.summary().withoutDelays());
                    assertThat(again.capacity()).as(where).isEqualTo(r.capacity());
                    interrupted += r.capacity().jobsStopped() > 0 ? 1 : 0;
                    runs++;
                }
            }
        }
        assertThat(runs).isEqualTo(6 * 3 * 13);
        assertThat(interrupted).as("runs where a reclaim stopped a job").isGreaterThan(10);
    }

    /**
     * The same invariants with under-used consolidation, which evicts executors and stops their jobs:
     * no executor on a node after consolidation removed it (each job's last placement lies inside a
     * ready lifetime), billed time equals the lifetimes, a seed replays bit for bit — with fixed
     * executors and with dynamic allocation, with and without spot reclaims; under the blanket
     * {@code karpenter.sh/do-not-disrupt} policies no node with executors is drained.
     */
    @Test
    void underusedConsolidationKeepsTheInvariants() {
        List<Cluster> clusters = List.of(ElasticPresets.onDemandUnderutilized(),
                reclaimed(ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED));
        List<String> schedulers = List.of("kube-default", "kube-most", "kube-spot", "uniform-progress",
                "finish-together", "finish-together-spot", "finish-together-steady", "first-fit", "gio", "random",
                "finish-together-protected", "kube-most-protected", "finish-together-steady-protected",
                "finish-together-patient", "finish-together-patient-protected");
        int evicted = 0;
        int runs = 0;
        for (long seed = 1; seed <= 4; seed++) {
            for (String preset : List.of("hybrid-medium", "hybrid-medium-dynamic")) {
                Workload w = WorkloadPresets.generate(preset, WorkloadOptions.seed(seed).withJobs(150).withMeanGapSeconds(20.0));
                for (Cluster c : clusters) {
                    SimulationConfig config = SimulationConfig.defaults(c, w).withQueue(QueuePolicy.EDF).withCapacitySeed(seed);
                    for (String s : schedulers) {
                        String where = s + " on " + c.name() + " seed " + seed + " " + preset;
                        RunResult r = checkedTwice(c, w, config, s, seed, where);
                        assertThat(r.capacity().executorsEvicted()).as(where)
                                .isGreaterThanOrEqualTo(r.capacity().nodesRemovedUnderused());
                        if (s.endsWith("-protected") && !s.equals("finish-together-protected")) {
                            // Every executor pod "true": no node with executors is ever drained.
                            assertThat(r.capacity().nodesRemovedUnderused()).as(where).isZero();
                        }
                        evicted += r.capacity().executorsEvicted() > 0 ? 1 : 0;
                        runs++;
                    }
                }
            }
        }
        assertThat(runs).isEqualTo(4 * 2 * 2 * 15);
        assertThat(evicted).as("runs where consolidation evicted executors").isGreaterThan(runs / 4);
    }

    /**
     * The same invariants with dynamic allocation (the added executors are not in the job records: the
     * cost and node-hours checks cover their nodes, the kernel's own placement check their room), every
     * run adds executors, interruptions take some back, and a seed replays bit for bit.
     */
    @Test
    void dynamicAllocationRunsKeepTheirInvariants() {
        List<Cluster> clusters = List.of(ElasticPresets.onDemand(), reclaimed());
        List<String> schedulers = List.of("kube-default", "kube-most", "finish-together", "first-fit", "random");
        int stopped = 0;
        for (long seed = 1; seed <= 4; seed++) {
            Workload w = WorkloadPresets.generate("hybrid-medium-dynamic",
                    WorkloadOptions.seed(seed).withJobs(150).withMeanGapSeconds(20.0));
            for (Cluster c : clusters) {
                SimulationConfig config = SimulationConfig.defaults(c, w).withQueue(QueuePolicy.EDF).withCapacitySeed(seed);
                for (String s : schedulers) {
                    RunResult r = Simulation.run(c, w, Schedulers.create(s, seed), config);
                    String where = s + " on " + c.name() + " seed " + seed + " (dynamic allocation)";
                    check(c, r, where);
                    assertThat(r.capacity().executorsAdded()).as(where).isPositive();
                    assertThat(r.capacity().addedExecutorHours()).as(where).isPositive();
                    RunResult again = Simulation.run(c, w, Schedulers.create(s, seed), config);
                    assertThat(again.summary().withoutDelays()).as(where).isEqualTo(r.summary().withoutDelays());
                    assertThat(again.capacity()).as(where).isEqualTo(r.capacity());
                    stopped += r.capacity().jobsStopped() > 0 ? 1 : 0;
                }
            }
        }
        assertThat(stopped).as("runs where a reclaim stopped a job or an executor request").isGreaterThan(5);
    }

    /**
     * With driver pods: every completed application's driver lies inside a ready lifetime of its node
     * and counts in the node's room, the invariants above hold, a seed replays bit for bit, every
     * application has a driver, and reclaims restart applications whose driver was on spot.
     */
    @Test
    void driverPodsKeepTheInvariants() {
        List<Cluster> clusters = List.of(ElasticPresets.spot(), reclaimed()).stream()
                .map(c -> c.pools().withDrivers(DriverPod.SPARK_DEFAULT, c.name() + "+drivers").cluster()).toList();
        int restarted = 0;
        int runs = 0;
        for (Cluster c : clusters) {
            for (String s : List.of("kube-default", "kube-most", "kube-spot", "uniform-progress", "uniform-progress-most",
                    "finish-together", "finish-together-spot", "finish-together-headroom", "first-fit", "gio", "random")) {
                for (long seed = 1; seed <= 4; seed++) {
                    Workload w = WorkloadPresets.generate("hybrid-medium", WorkloadOptions.seed(seed).withJobs(150).withMeanGapSeconds(20.0));
                    String where = s + " on " + c.name() + " seed " + seed;
                    RunResult r = checkedTwice(c, w, SimulationConfig.defaults(c, w).withQueue(QueuePolicy.EDF)
                            .withCapacitySeed(seed), s, seed, where);
                    assertThat(r.jobs()).as(where).allMatch(j -> !j.completed() || j.placement().hasDriver());
                    assertThat(r.capacity().applicationsRestarted()).as(where).isLessThanOrEqualTo(r.capacity().jobsStopped());
                    restarted += r.capacity().applicationsRestarted() > 0 ? 1 : 0;
                    runs++;
                }
            }
        }
        assertThat(runs).isEqualTo(2 * 11 * 4);
        assertThat(restarted).as("runs where a reclaim took a driver and restarted its application").isGreaterThan(5);
    }

    /**
     * The same invariants with placeholder pods (Kubernetes' overprovisioning pattern): nodes bought and
     * held for placeholders only are billed as lifetimes like any other, no executor runs outside a ready
     * lifetime though it took a placeholder's room at once, and a seed replays bit for bit — under both
     * consolidation rules, with and without spot reclaims and driver pods, and with spot windows (where the
     * large variant's placeholders move to on-demand nodes). The placeholders hold nodes:
     * more node-hours than the same placement without them, summed over the runs.
     */
    @Test
    void placeholderRunsKeepTheirInvariants() {
        List<Cluster> clusters = List.of(ElasticPresets.onDemand(), ElasticPresets.onDemandUnderutilized(),
                reclaimed(), reclaimed(ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED),
                ElasticPresets.spot().pools().withDrivers(DriverPod.SPARK_DEFAULT, "elastic-spot+drivers").cluster(),
                windowed());
        double heldHours = 0;
        double baseHours = 0;
        int runs = 0;
        for (long seed = 1; seed <= 3; seed++) {
            // Deadlines that bite (hybrid-medium's), so that short-slack jobs ask for placeholders.
            Workload w = WorkloadPresets.generate("hybrid-medium", WorkloadOptions.seed(seed).withJobs(150).withMeanGapSeconds(20.0));
            for (Cluster c : clusters) {
                SimulationConfig config = SimulationConfig.defaults(c, w).withQueue(QueuePolicy.EDF).withCapacitySeed(seed);
                for (String s : Schedulers.OVERPROVISIONING_POLICIES) {
                    RunResult r = checkedTwice(c, w, config, s, seed, s + " on " + c.name() + " seed " + seed);
                    heldHours += s.equals("finish-together-overprovisioned") ? r.capacity().nodeHours() : 0;
                    runs++;
                }
                baseHours += Simulation.run(c, w, Schedulers.create("finish-together-spot", seed), config).capacity().nodeHours();
            }
        }
        assertThat(runs).isEqualTo(3 * 6 * 3);
        assertThat(heldHours).as("node-hours with placeholders against finish-together-spot's").isGreaterThan(baseHours);
    }

    /** Runs scheduler {@code s} on {@code c}, checks the invariants, and checks that a second run is the same bit for bit. */
    private static RunResult checkedTwice(Cluster c, Workload w, SimulationConfig config, String s, long seed, String where) {
        RunResult r = Simulation.run(c, w, Schedulers.create(s, seed), config);
        check(c, r, where);
        RunResult again = Simulation.run(c, w, Schedulers.create(s, seed), config);
        assertThat(again.summary().withoutDelays()).as(where).isEqualTo(r.summary().withoutDelays());
        assertThat(again.capacity()).as(where).isEqualTo(r.capacity());
        return r;
    }

    private static void check(Cluster c, RunResult r, String where) {
        assertThat(r.summary().jobsCompleted() + r.summary().jobsDropped()).as(where).isEqualTo(r.jobs().size());
        double cost = 0;
        double seconds = 0;
        for (VmRecord vm : r.vms()) {
            NodePool pool = c.pools().pool(vm.vm().id());
            for (int i = 0; i < vm.intervals(); i++) {
                double life = vm.intervalEnd(i) - vm.intervalStart(i);
                assertThat(life).as(where).isGreaterThanOrEqualTo(0);
                if (i > 0) {
                    assertThat(vm.intervalStart(i)).as(where).isGreaterThanOrEqualTo(vm.intervalEnd(i - 1));
                }
                cost += pool.billedSeconds(life) * vm.vm().pricePerSecond();
                seconds += life;
            }
        }
        assertThat(r.summary().totalCost()).as(where).isCloseTo(cost, within(1e-9 * Math.max(1, cost)));
        assertThat(r.capacity().nodeHours()).as(where).isCloseTo(seconds / 3600, within(1e-9));
        List<double[]> usage = new ArrayList<>(); // time, vm, +cores (start) / -cores (end)
        for (JobRecord j : r.jobs()) {
            if (!j.completed()) {
                continue;
            }
            Placement p = j.placement();
            for (int e = 0; e < p.executors() + (p.hasDriver() ? 1 : 0); e++) {
                boolean driver = e == p.executors();
                int vm = driver ? p.driverVm() : p.vm(e);
                int cores = driver ? c.pools().drivers().cores() : j.job().coresPerExecutor();
                VmRecord node = r.vms().get(vm);
                NodePool pool = c.pools().pool(vm);
                boolean inside = false;
                for (int i = 0; i < node.intervals(); i++) {
                    if (node.intervalStart(i) + pool.launchDelay().minSeconds() <= j.start() + 1e-9
                            && j.finish() <= node.intervalEnd(i) + 1e-9) {
                        inside = true;
                    }
                }
                assertThat(inside).as(where + ": job " + j.job().id() + (driver ? "'s driver" : "")
                        + " on node " + vm + " inside a ready lifetime").isTrue();
                usage.add(new double[] {j.start(), vm, cores});
                usage.add(new double[] {j.finish(), vm, -cores});
            }
        }
        usage.sort((a, b) -> a[0] != b[0] ? Double.compare(a[0], b[0]) : Double.compare(a[2], b[2]));
        int[] used = new int[c.size()];
        for (double[] u : usage) {
            int vm = (int) u[1];
            used[vm] += (int) u[2];
            assertThat(used[vm]).as(where + ": cores in use on node " + vm + " at " + u[0]).isLessThanOrEqualTo(c.vm(vm).cores());
        }
    }
}
