package io.execplace.core.sim;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.ConsolidationPolicy;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Under-used consolidation ({@code WhenEmptyOrUnderutilized}) on hand-worked timelines. */
class UnderutilizedConsolidationTest {

    private static final InstanceType N8 = new InstanceType("n8", 8, 32, 1.0, 0.5);

    /** Executors on bought nodes first (lowest first), then on slots not bought — as pods go to existing nodes. */
    private static final PlacementPolicy BOUGHT_FIRST = TestPolicies.pack(true);

    /** Executors of 2 cores and 2 GB: four fill a node. */
    private static Job job(int id, int executors, double base) {
        return new Job(id, JobType.WORDCOUNT, 0, executors, 2, 2, base, Job.NO_DEADLINE);
    }

    private static RunResult run(ConsolidationPolicy policy, boolean graceful, Job... jobs) {
        // Two slots of 8 cores, no launch delay, exact billing at 1 per second, consolidateAfter 20 s.
        NodePool pool = NodePool.builder("od").instanceTypes(List.of(N8)).limitCores(16).consolidateAfter(20)
                .consolidationPolicy(policy).build();
        Cluster cluster = new NodePools("hand", List.of(pool), graceful).cluster();
        Workload w = new Workload("hand", List.of(jobs));
        SimulationConfig config = SimulationConfig.defaults(cluster, w).withDurationModel(
                new DurationModel(false, false, 1.3));
        return Simulation.run(cluster, w, BOUGHT_FIRST, config);
    }

    // F (2 executors, 50 s) fills half of node 0; A (4 executors, 1000 s) puts two on node 0 and buys
    // node 1 for the other two; G (2 executors, 50 s) fills node 1. At 50 F and G end: each node runs
    // two of A's executors with 4 cores free. Both are candidates at 50 + 20 = 70, the loop's run at 70
    // tries node 0 first (equal executors, lower slot): its two executors fit on node 1. Checked again
    // 15 s later, node 0 goes at 85 and A is evicted.
    private static final Job F = job(0, 2, 50);
    private static final Job A = job(1, 4, 1000);
    private static final Job G = job(2, 2, 50);

    @Test
    void aNodeWhoseExecutorsFitElsewhereIsDrainedAndTheJobRequeuedWithWhatIsLeft() {
        RunResult r = run(ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED, false, F, A, G);
        // A ran 85 of 1000 s; half its executors were lost with their map output: 1000 × (0.915 +
        // 0.085 × 2/4) = 957.5 s left, restarted at 85 on node 1 (all four fit there now).
        JobRecord a = r.jobs().get(1);
        assertThat(a.start()).isEqualTo(85);
        assertThat(a.finish()).isCloseTo(85 + 957.5, within(1e-9));
        assertThat(a.placement().vm(0)).isEqualTo(1);
        assertThat(r.capacity().nodesRemovedUnderused()).isEqualTo(1);
        assertThat(r.capacity().executorsEvicted()).isEqualTo(2);
        assertThat(r.capacity().jobsEvicted()).isEqualTo(1);
        assertThat(r.capacity().executorSecondsEvicted()).isCloseTo(0.0425 * 4 * 1000, within(1e-9));
        // Evictions are not interruptions.
        assertThat(r.capacity().interruptions()).isZero();
        assertThat(r.capacity().executorsLost()).isZero();
        assertThat(r.capacity().jobsStopped()).isZero();
        // Node 0 lives 0-85; node 1 from 0 until 20 s after A ends (removed empty).
        assertThat(r.vms().get(0).intervalEnd(0)).isEqualTo(85);
        assertThat(r.vms().get(1).intervalEnd(0)).isCloseTo(1062.5, within(1e-9));
        assertThat(r.capacity().nodesRemovedEmpty()).isEqualTo(1);
        assertThat(r.summary().totalCost()).isCloseTo(85 + 1062.5, within(1e-9));
    }

    @Test
    void withDecommissioningOnlyTheUnfinishedWorkIsLeft() {
        RunResult r = run(ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED, true, F, A, G);
        assertThat(r.jobs().get(1).finish()).isCloseTo(85 + 915, within(1e-9));
        assertThat(r.capacity().executorsEvicted()).isEqualTo(2);
        assertThat(r.capacity().executorSecondsEvicted()).isZero();
    }

    @Test
    void whenEmptyEvictsNothing() {
        // The default: both nodes run A to its end and are removed 20 s later.
        RunResult r = run(ConsolidationPolicy.WHEN_EMPTY, false, F, A, G);
        assertThat(r.jobs().get(1).start()).isZero();
        assertThat(r.capacity().nodesRemovedUnderused()).isZero();
        assertThat(r.capacity().executorsEvicted()).isZero();
        assertThat(r.capacity().nodesRemovedEmpty()).isEqualTo(2);
        assertThat(r.summary().totalCost()).isEqualTo(2 * 1020);
    }

    @Test
    void aNodeWhoseExecutorsFitNowhereElseStays() {
        // G runs as long as A: node 1 stays full, so node 0's two executors have nowhere to go (and
        // node 1's four fit nowhere either).
        RunResult r = run(ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED, false, F, A, job(2, 2, 1000));
        assertThat(r.capacity().executorsEvicted()).isZero();
        assertThat(r.jobs().get(1).finish()).isEqualTo(1000);
        assertThat(r.summary().totalCost()).isEqualTo(2 * 1020);
    }

    @Test
    void aPodEventRestartsTheWait() {
        // H arrives at 80, between the choice (70) and its check (85), and takes node 0's free room: node 0
        // changed, so the check fails. Its executors then fit nowhere else, and nothing is evicted.
        Job h = new Job(3, JobType.WORDCOUNT, 80, 2, 2, 2, 2000, Job.NO_DEADLINE);
        RunResult r = run(ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED, false, F, A, G, h);
        assertThat(r.jobs().get(3).placement().vm(0)).isEqualTo(0);
        assertThat(r.capacity().executorsEvicted()).isZero();
        assertThat(r.jobs().get(1).start()).isZero();
    }
    // Nodes take 100 s to launch, consolidateAfter 30 s. A (4 executors, 1000 s) buys and fills node 0 at
    // 0; B (2 executors, 5 s) buys node 1. Both start at 100; B ends at 105 and node 1 waits empty until
    // 135. A's pods were nominated to node 0 at 0 but bound when it was ready, at 100: Karpenter counts
    // consolidateAfter from then, so node 0 is a candidate at 130, chosen then (its executors fit on the
    // empty node 1) and re-validated at 145, when node 1 is gone: nothing is evicted. Counting from the
    // decision instead made it a candidate at 110 and drained it at 125.
    @Test
    void consolidateAfterCountsFromWhenANominatedPodIsBoundNotFromTheDecision() {
        NodePool pool = NodePool.builder("od").instanceTypes(List.of(N8)).limitCores(16).consolidateAfter(30)
                .launchDelay(LaunchDelay.constant(100))
                .consolidationPolicy(ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED).build();
        Cluster cluster = new NodePools("hand", List.of(pool), false).cluster();
        Workload w = new Workload("hand", List.of(job(0, 4, 1000), job(1, 2, 5)));
        SimulationConfig config = SimulationConfig.defaults(cluster, w).withDurationModel(
                new DurationModel(false, false, 1.3));
        RunResult r = Simulation.run(cluster, w, BOUGHT_FIRST, config);
        assertThat(r.jobs().get(0).start()).isEqualTo(100);
        assertThat(r.jobs().get(0).finish()).isEqualTo(1100);
        assertThat(r.capacity().executorsEvicted()).isZero();
        assertThat(r.capacity().nodesRemovedUnderused()).isZero();
        assertThat(r.vms().get(1).intervalEnd(0)).isEqualTo(135);
    }
}
