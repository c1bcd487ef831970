package io.execplace.core.sim;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.UnavailableWindow;
import io.execplace.core.model.Workload;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Launch delay, minimum billing, consolidation and spot interruptions on hand-worked timelines. */
class ElasticTimelineTest {

    /** Each executor on the lowest-numbered slot with room. */
    private static final PlacementPolicy LOWEST_FIRST = TestPolicies.pack();

    private static final InstanceType N4 = new InstanceType("n4", 4, 16, 1.0, 0.25);

    private static Job job(int id, double arrival, int executors, double base) {
        return new Job(id, JobType.WORDCOUNT, arrival, executors, 4, 4, base, Job.NO_DEADLINE);
    }

    private static RunResult run(Cluster cluster, Job... jobs) {
        Workload w = new Workload("hand", List.of(jobs));
        SimulationConfig config = SimulationConfig.defaults(cluster, w).withDurationModel(
                new DurationModel(false, false, 1.3));
        return Simulation.run(cluster, w, LOWEST_FIRST, config);
    }

    @Test
    void launchDelayMinimumBillingAndConsolidation() {
        NodePool pool = NodePool.builder("od").instanceTypes(List.of(N4)).limitCores(8)
                .launchDelay(LaunchDelay.constant(30)).billing(1, 60).consolidateAfter(20).build();
        Cluster cluster = new NodePools("hand", List.of(pool), false).cluster();
        // A at 0 buys node 0 (ready at 30): runs 30-130; node 0 empty at 130, still alive at 140
        // when B arrives: B runs at once 140-150; node 0 removed at 170 (lifetime 0-170). C at 200 buys
        // node 0 again: ready 230, runs 230-235, removed at 255: a 55 s life billed 60 s.
        RunResult r = run(cluster, job(0, 0, 1, 100), job(1, 140, 1, 10), job(2, 200, 1, 5));
        List<JobRecord> jobs = r.jobs();
        assertThat(jobs.get(0).start()).isEqualTo(30);
        assertThat(jobs.get(0).finish()).isEqualTo(130);
        assertThat(jobs.get(1).start()).isEqualTo(140);
        assertThat(jobs.get(2).start()).isEqualTo(230);
        assertThat(jobs.get(2).finish()).isEqualTo(235);
        assertThat(r.vms().get(0).intervals()).isEqualTo(2);
        assertThat(r.vms().get(0).intervalStart(0)).isEqualTo(0);
        assertThat(r.vms().get(0).intervalEnd(0)).isEqualTo(170);
        assertThat(r.vms().get(0).intervalStart(1)).isEqualTo(200);
        assertThat(r.vms().get(0).intervalEnd(1)).isEqualTo(255);
        assertThat(r.vms().get(1).used()).isFalse();
        assertThat(r.summary().totalCost()).isEqualTo(170 + 60);
        assertThat(r.capacity().nodeLaunches()).isEqualTo(2);
        assertThat(r.capacity().nodeHours()).isCloseTo((170 + 55) / 3600.0, within(1e-12));
        assertThat(r.capacity().interruptions()).isZero();
    }

    @Test
    void poolLimitHoldsJobsBackUntilANodeIsConsolidated() {
        // Limit 4 cores: one node at a time. B (at 10) waits for A's node to empty (100) and be
        // consolidated (130) before its own node can be bought — and is not dropped meanwhile.
        NodePool pool = NodePool.builder("od").instanceTypes(List.of(N4, new InstanceType("n2", 2, 8, 0.5, 0.2)))
                .limitCores(4).consolidateAfter(30).build();
        Cluster cluster = new NodePools("hand", List.of(pool), false).cluster();
        Job a = job(0, 0, 1, 100);
        Job b = new Job(1, JobType.WORDCOUNT, 10, 1, 4, 4, 10, Job.NO_DEADLINE);
        RunResult r = run(cluster, a, b);
        assertThat(r.jobs().get(1).status().name()).isEqualTo("COMPLETED");
        assertThat(r.jobs().get(1).start()).isEqualTo(100); // node 0 is still alive (warm) at 100
    }

    @Test
    void spotInterruptionStopsTheJobAndItsLostWorkIsRecomputed() {
        // Two spot nodes; the trace takes the pool back at 50 with a 10 s notice. A (2 executors, one
        // per node, base 100) runs 0-100: at 50 half is done; without decommissioning both lost
        // executors' finished halves are redone: 100 × (0.5 + 0.5 × 2/2) = 100 s of work left.
        NodePool spot = NodePool.builder("spot").capacityType(CapacityType.SPOT).instanceTypes(List.of(N4))
                .limitCores(8).interruptions(Interruptions.trace(10, List.of(50.0))).build();
        Job a = new Job(0, JobType.WORDCOUNT, 0, 2, 4, 4, 100, Job.NO_DEADLINE);
        RunResult plain = run(new NodePools("hand", List.of(spot), false).cluster(), a);
        assertThat(plain.capacity().interruptions()).isEqualTo(2);
        assertThat(plain.capacity().executorsLost()).isEqualTo(2);
        assertThat(plain.capacity().jobsStopped()).isEqualTo(1);
        assertThat(plain.capacity().executorSecondsLost()).isCloseTo(100, within(1e-9));
        JobRecord r = plain.jobs().get(0);
        assertThat(r.start()).isEqualTo(50);
        assertThat(r.finish()).isEqualTo(150);
        // Lifetimes 0-50 (taken back) and 50-150 on both slots, at the spot price.
        assertThat(plain.summary().totalCost()).isCloseTo(2 * 150 * 0.25, within(1e-9));

        // With graceful decommissioning the finished half migrates: only 50 s of work are left.
        RunResult graceful = run(new NodePools("hand", List.of(spot), true).cluster(), a);
        assertThat(graceful.capacity().executorSecondsLost()).isZero();
        assertThat(graceful.jobs().get(0).finish()).isEqualTo(100);
    }

    @Test
    void aCordonedNodeTakesNoNewExecutors() {
        NodePool spot = NodePool.builder("spot").capacityType(CapacityType.SPOT).instanceTypes(List.of(N4))
                .limitCores(8).consolidateAfter(1000).interruptions(Interruptions.trace(120, List.of(200.0))).build();
        // A runs on node 0 from 0 to 60; node 0 stays warm. Notice at 80. B at 100 must not use node 0.
        RunResult r = run(new NodePools("hand", List.of(spot), false).cluster(), job(0, 0, 1, 60), job(1, 100, 1, 50));
        assertThat(r.jobs().get(1).placement().vm(0)).isEqualTo(1);
        assertThat(r.capacity().jobsStopped()).isZero();
        assertThat(r.capacity().interruptions()).isEqualTo(1);
        // Node 0 lives 0-200 (taken back while empty); node 1, bought after the notice, is not taken
        // back: B runs 100-150 and the node is consolidated at 1150.
        assertThat(r.vms().get(0).intervalEnd(0)).isEqualTo(200);
        assertThat(r.vms().get(1).intervalEnd(0)).isEqualTo(1150);
    }

    @Test
    void anUnavailableWindowTakesTheNodesBackAndKeepsThePoolFromBuyingUntilItEnds() {
        // One spot pool without capacity in [1000, 2000), 100 s notice: the pool closes at 900. A (one
        // executor, base 2000) runs 0-2000 on node 0: cordoned at 900, taken back at 1000 with all its
        // work (one executor, no decommissioning), then waits while the pool cannot buy — B, arriving
        // at 1500, too — until the window ends at 2000: both start then, A ends at 4000, B at 2100.
        NodePool spot = NodePool.builder("spot").capacityType(CapacityType.SPOT).instanceTypes(List.of(N4))
                .limitCores(8).consolidateAfter(10)
                .interruptions(Interruptions.unavailable(100, List.of(new UnavailableWindow(1000, 2000)))).build();
        Cluster cluster = new NodePools("hand", List.of(spot), false).cluster();
        RunResult r = run(cluster, job(0, 0, 1, 2000), job(1, 1500, 1, 100));
        assertThat(r.capacity().interruptions()).isEqualTo(1);
        assertThat(r.capacity().jobsStopped()).isEqualTo(1);
        assertThat(r.jobs().get(0).start()).isEqualTo(2000);
        assertThat(r.jobs().get(0).finish()).isEqualTo(4000);
        assertThat(r.jobs().get(1).start()).isEqualTo(2000);
        assertThat(r.jobs().get(1).finish()).isEqualTo(2100);
        // Node 0 lived 0-1000; from 2000 two nodes: A's (to 4010) and B's (to 2110).
        assertThat(r.vms().get(0).intervalEnd(0)).isEqualTo(1000);
        assertThat(r.summary().totalCost()).isCloseTo((1000 + 2010 + 110) * 0.25, within(1e-9));
    }

    /**
     * A policy that holds a job back until a time of its own (a provisioner's batch window) is asked again
     * at that instant, though nothing arrives or ends then. R arrives at 0 and buys node 0 (ready at 30,
     * runs 30-230). A arrives at 5 and is held until 25: then it buys node 1, ready at 55, and runs 55-155.
     * B arrives at 40 and buys node 2, ready at 70. Without the instant A would wait for B's arrival at 40.
     */
    @Test
    void aPolicyIsAskedAgainWhenItSaysEvenIfNothingHappensThen() {
        NodePool pool = NodePool.builder("od").instanceTypes(List.of(N4)).limitCores(16)
                .launchDelay(LaunchDelay.constant(30)).billing(1, 0).consolidateAfter(20).build();
        Cluster cluster = new NodePools("hand", List.of(pool), false).cluster();
        PlacementPolicy heldUntil25 = new PlacementPolicy() {
            private final PlacementPolicy pack = TestPolicies.pack();

            @Override
            public String name() {
                return "held-until-25";
            }

            @Override
            public Placement place(Job job, ClusterView view) {
                return job.id() == 1 && view.now() < 25 ? Placement.none() : pack.place(job, view);
            }

            @Override
            public double askAgainAt() {
                return 25;
            }
        };
        Workload w = new Workload("hand", List.of(job(0, 0, 1, 200), job(1, 5, 1, 100), job(2, 40, 1, 10)));
        SimulationConfig config = SimulationConfig.defaults(cluster, w)
                .withDurationModel(new DurationModel(false, false, 1.3)).withBackfilling(true);
        RunResult r = Simulation.run(cluster, w, heldUntil25, config);
        assertThat(r.jobs().get(0).start()).isEqualTo(30);
        assertThat(r.jobs().get(1).start()).isEqualTo(55);
        assertThat(r.jobs().get(1).finish()).isEqualTo(155);
        assertThat(r.vms().get(1).intervalStart(0)).isEqualTo(25);
        assertThat(r.jobs().get(2).start()).isEqualTo(70);
        assertThat(r.vms().get(2).intervalStart(0)).isEqualTo(40);
    }
}
