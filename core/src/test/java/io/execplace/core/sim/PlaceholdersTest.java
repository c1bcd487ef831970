package io.execplace.core.sim;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.metrics.VmRecord;
import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ConsolidationPolicy;
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
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Placeholder pods (Kubernetes' overprovisioning pattern) on hand-worked timelines. */
class PlaceholdersTest {

    private static final InstanceType N4 = new InstanceType("n4", 4, 16, 1.0, 0.25);
    private static final PlaceholderRoom ONE_NODE = PlaceholderRoom.of(1, 4, 16);

    private static Job job(int id, double arrival, double base) {
        return new Job(id, JobType.WORDCOUNT, arrival, 1, 4, 4, base, Job.NO_DEADLINE);
    }

    /** Bought nodes first, lowest-numbered first; every placement asks for {@code room}. */
    private static PlacementPolicy packWith(PlaceholderRoom room) {
        PlacementPolicy base = TestPolicies.pack(true);
        return new PlacementPolicy() {
            @Override
            public String name() {
                return "test-pack-placeholders";
            }

            @Override
            public Placement place(Job job, ClusterView view) {
                Placement p = base.place(job, view);
                return p.isNone() ? p : p.withPlaceholders(room);
            }
        };
    }

    private static RunResult run(Cluster cluster, PlacementPolicy policy, Job... jobs) {
        Workload w = new Workload("hand", List.of(jobs));
        SimulationConfig config = SimulationConfig.defaults(cluster, w).withDurationModel(new DurationModel(false, false, 1.3));
        return Simulation.run(cluster, w, policy, config);
    }

    private static Cluster onDemand(ConsolidationPolicy consolidation) {
        NodePool pool = NodePool.builder("od").instanceTypes(List.of(N4)).limitCores(16)
                .launchDelay(LaunchDelay.constant(30)).billing(1, 60).consolidateAfter(20)
                .consolidationPolicy(consolidation).build();
        return new NodePools("hand", List.of(pool), false).cluster();
    }

    private static void assertLife(VmRecord vm, int interval, double from, double to) {
        assertThat(vm.intervalStart(interval)).isEqualTo(from);
        assertThat(vm.intervalEnd(interval)).isEqualTo(to);
    }

    @Test
    void aPlaceholderHoldsRoomThatAShortJobTakesAtOnceAndIsBoughtAgainAfterALaunch() {
        // A at 0 buys node 0 (ready 30, runs 30-130); its placement asks for one 4-core placeholder, which
        // fits on no live node: node 1 is bought for it at 0 (ready 30). B at 50 takes node 1's room at once
        // (50-60): the placeholder is pre-empted and node 2 is bought for it at 50 (ready 80). Node 1 empties
        // at 60 and goes at 80; node 0 at 150. Node 2 holds only the placeholder, so it is never empty: D at
        // 400 runs there at once (400-410), and slot 0 is bought again for the pre-empted placeholder at 400.
        // The workload is over at 410: the Deployment goes, and slot 0 and node 2 go at 430.
        RunResult r = run(onDemand(ConsolidationPolicy.WHEN_EMPTY), packWith(ONE_NODE),
                job(0, 0, 100), job(1, 50, 10), job(2, 400, 10));
        assertThat(r.jobs().get(0).start()).isEqualTo(30);
        assertThat(r.jobs().get(1).start()).isEqualTo(50);
        assertThat(r.jobs().get(1).placement().vm(0)).isEqualTo(1);
        assertThat(r.jobs().get(2).start()).isEqualTo(400);
        assertThat(r.jobs().get(2).placement().vm(0)).isEqualTo(2);
        List<VmRecord> vms = r.vms();
        assertThat(vms.get(0).intervals()).isEqualTo(2);
        assertLife(vms.get(0), 0, 0, 150);
        assertLife(vms.get(0), 1, 400, 430);
        assertLife(vms.get(1), 0, 0, 80);
        assertThat(vms.get(2).intervals()).isEqualTo(1);
        assertLife(vms.get(2), 0, 50, 430);
        assertThat(vms.get(3).used()).isFalse();
        // Billed per second with a 60 s minimum at 1 $/s: 150 + 60 (a 30 s life) + 80 + 380.
        assertThat(r.summary().totalCost()).isCloseTo(150 + 60 + 80 + 380, within(1e-9));
        assertThat(r.capacity().nodeLaunches()).isEqualTo(4);
        assertThat(r.capacity().nodeHours()).isCloseTo((150 + 30 + 80 + 380) / 3600.0, within(1e-12));
        assertThat(r.capacity().nodesRemovedEmpty()).isEqualTo(4);

        // Without placeholders B and D each wait for a launch.
        RunResult plain = run(onDemand(ConsolidationPolicy.WHEN_EMPTY), TestPolicies.pack(true),
                job(0, 0, 100), job(1, 50, 10), job(2, 400, 10));
        assertThat(plain.jobs().get(1).start()).isEqualTo(80);
        assertThat(plain.jobs().get(2).start()).isEqualTo(430);
    }

    @Test
    void noReplicasRemovesThePlaceholdersAndTheirNodeIsConsolidated() {
        // A asks for one placeholder (node 1 bought at 0 for it); B at 50 asks for none: the placeholder
        // goes and node 1, which never ran an executor, empties then and goes 20 s later.
        PlacementPolicy policy = new PlacementPolicy() {
            private final PlacementPolicy base = TestPolicies.pack(true);

            @Override
            public String name() {
                return "test-pack-then-none";
            }

            @Override
            public Placement place(Job job, ClusterView view) {
                return base.place(job, view).withPlaceholders(PlaceholderRoom.of(job.id() == 0 ? 1 : 0, 4, 16));
            }
        };
        RunResult r = run(onDemand(ConsolidationPolicy.WHEN_EMPTY), policy, job(0, 0, 100), job(1, 50, 10));
        assertThat(r.jobs().get(1).placement().vm(0)).isEqualTo(1); // the placeholder's room, at once
        assertThat(r.jobs().get(1).start()).isEqualTo(50);
        assertLife(r.vms().get(1), 0, 0, 80); // B ends at 60, the node goes 20 s later
        assertThat(r.vms().get(2).used()).isFalse(); // nothing bought for a placeholder no longer wanted
    }

    @Test
    void anInterruptedNodesPlaceholderIsBoughtAgain() {
        // A spot pool with no launch delay, taken back at 100 (notice at 90). A (base 200) on node 0 from 0,
        // the placeholder on node 1 (bought for it at 0). At 100 both go; A stopped half way keeps 200 s of
        // work (its lost half is redone). The placeholder goes pending and slot 0 is bought for it; A, placed
        // again on the bought node first, pre-empts it there, and slot 1 is bought for it: A runs 100-300.
        // The workload is over at 300 and both nodes go at 320; touching lives merge, so each slot shows
        // 0-320 — four launches and two interruptions between.
        NodePool spot = NodePool.builder("spot").capacityType(CapacityType.SPOT).instanceTypes(List.of(N4))
                .limitCores(16).consolidateAfter(20).interruptions(Interruptions.trace(10, List.of(100.0))).build();
        Cluster cluster = new NodePools("hand", List.of(spot), false).cluster();
        RunResult r = run(cluster, packWith(ONE_NODE.on(CapacityType.SPOT)), job(0, 0, 200));
        assertThat(r.capacity().interruptions()).isEqualTo(2);
        assertThat(r.capacity().jobsStopped()).isEqualTo(1);
        assertThat(r.capacity().nodeLaunches()).isEqualTo(4);
        assertThat(r.jobs().get(0).start()).isEqualTo(100);
        assertThat(r.jobs().get(0).finish()).isEqualTo(300);
        assertThat(r.jobs().get(0).placement().vm(0)).isEqualTo(0);
        assertLife(r.vms().get(0), 0, 0, 320);
        assertLife(r.vms().get(1), 0, 0, 320);
        assertThat(r.vms().get(2).used()).isFalse();
        assertThat(r.summary().totalCost()).isCloseTo(2 * 320 * 0.25, within(1e-9));
    }

    @Test
    void underUsedConsolidationMovesPlaceholdersOnlyWhereTheyFit() {
        // 8-core nodes, under-used consolidation. A (4 cores, 0-1000 after a 30 s launch) on node 0; the
        // placeholder (4 cores) fits beside it on node 0. Nothing else runs: no node is removed and the
        // placeholder's room is never paid for with a second node.
        InstanceType n8 = new InstanceType("n8", 8, 32, 2.0, 0.5);
        NodePool pool = NodePool.builder("od").instanceTypes(List.of(n8)).limitCores(32)
                .launchDelay(LaunchDelay.constant(30)).billing(1, 60).consolidateAfter(20)
                .consolidationPolicy(ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED).build();
        Cluster cluster = new NodePools("hand", List.of(pool), false).cluster();
        RunResult r = run(cluster, packWith(ONE_NODE), job(0, 0, 1000));
        assertThat(r.vms().get(1).used()).isFalse();
        assertThat(r.capacity().nodesRemovedUnderused()).isZero();
        assertLife(r.vms().get(0), 0, 0, 1050);

        // Two placeholders: one beside A on node 0, the other on node 1 alone. Node 1's placeholder fits
        // nowhere else (node 0's room is A's and the first placeholder's), so under-used consolidation keeps it.
        RunResult two = run(cluster, packWith(PlaceholderRoom.of(2, 4, 16)), job(0, 0, 1000));
        assertThat(two.capacity().nodesRemovedUnderused()).isZero();
        assertLife(two.vms().get(1), 0, 0, 1050);
    }

    @Test
    void underUsedConsolidationRemovesANodeHoldingOnlyPlaceholdersThatFitElsewhere() {
        // 8-core nodes, under-used consolidation; every executor pod protected ("true"), so that only
        // placeholders can move. A (0-1000 after a 30 s launch) on node 0, the 4-core placeholder beside it.
        // B at 100 takes that room (100-110): the placeholder is pre-empted, fits on no live node, and node 1
        // is bought for it at 100 (ready 130). B ends at 110 and leaves room on node 0 again. Node 1 holds only
        // the placeholder, unchanged since 130: at the loop's run at 150 it is a candidate whose placeholder
        // fits on node 0, chosen, validated 15 s later and removed at 165 — no executor evicted — and the
        // placeholder goes back to node 0.
        InstanceType n8 = new InstanceType("n8", 8, 32, 2.0, 0.5);
        NodePool pool = NodePool.builder("od").instanceTypes(List.of(n8)).limitCores(32)
                .launchDelay(LaunchDelay.constant(30)).billing(1, 60).consolidateAfter(20)
                .consolidationPolicy(ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED).build();
        Cluster cluster = new NodePools("hand", List.of(pool), false).cluster();
        PlacementPolicy base = TestPolicies.pack(true);
        PlacementPolicy protectedWithRoom = new PlacementPolicy() {
            @Override
            public String name() {
                return "test-pack-protected-placeholders";
            }

            @Override
            public Placement place(Job job, ClusterView view) {
                Placement p = base.place(job, view);
                return p.isNone() ? p : p.withProtection(Double.POSITIVE_INFINITY).withPlaceholders(ONE_NODE);
            }
        };
        RunResult r = run(cluster, protectedWithRoom, job(0, 0, 1000), job(1, 100, 10));
        assertThat(r.jobs().get(1).placement().vm(0)).isEqualTo(0);
        assertThat(r.jobs().get(1).start()).isEqualTo(100);
        assertThat(r.capacity().nodesRemovedUnderused()).isEqualTo(1);
        assertThat(r.capacity().executorsEvicted()).isZero();
        assertThat(r.vms().get(1).intervals()).isEqualTo(1);
        assertLife(r.vms().get(1), 0, 100, 165);
        assertLife(r.vms().get(0), 0, 0, 1050);
        assertThat(r.vms().get(2).used()).isFalse(); // the placeholder went back to node 0, nothing bought
    }
}
