package io.execplace.core.sim;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ConsolidationPolicy;
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
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Executor pods protected from under-used consolidation ({@code karpenter.sh/do-not-disrupt}, a
 * duration counted from the pod's start) on the hand-worked timeline of {@link UnderutilizedConsolidationTest}:
 * F (2 executors, 50 s) and G (2, 50 s) leave each of two 8-core nodes with two of A's four executors
 * (1,000 s) and room for two more; unprotected, node 0 is chosen at 70 and A evicted at 85.
 */
class ProtectedExecutorsTest {

    private static final InstanceType N8 = new InstanceType("n8", 8, 32, 1.0, 0.5);
    private static final Job F = job(0, 2, 50);
    private static final Job A = job(1, 4, 1000);
    private static final Job G = job(2, 2, 50);

    private static Job job(int id, int executors, double base) {
        return new Job(id, JobType.WORDCOUNT, 0, executors, 2, 2, base, Job.NO_DEADLINE);
    }

    /**
     * Bought nodes first, lowest first (as {@link TestPolicies#pack(boolean)}), with job A's executors
     * protected as given: one value for all four, or one per executor.
     */
    private static PlacementPolicy protectingA(double... seconds) {
        PlacementPolicy pack = TestPolicies.pack(true);
        return new PlacementPolicy() {
            @Override
            public String name() {
                return "test-protect-a";
            }

            @Override
            public Placement place(Job job, ClusterView view) {
                Placement p = pack.place(job, view);
                if (job.id() != A.id() || p.isNone()) {
                    return p;
                }
                return seconds.length == 1 ? p.withProtection(seconds[0]) : p.withProtection(seconds);
            }
        };
    }

    private static RunResult run(double launchSeconds, PlacementPolicy policy) {
        NodePool pool = NodePool.builder("od").instanceTypes(List.of(N8)).limitCores(16).consolidateAfter(20)
                .launchDelay(LaunchDelay.constant(launchSeconds))
                .consolidationPolicy(ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED).build();
        Cluster cluster = new NodePools("hand", List.of(pool), false).cluster();
        Workload w = new Workload("hand", List.of(F, A, G));
        SimulationConfig config = SimulationConfig.defaults(cluster, w).withDurationModel(
                new DurationModel(false, false, 1.3));
        return Simulation.run(cluster, w, policy, config);
    }

    @Test
    void aProtectedExecutorBlocksTheDrainAndItsNodeGoesOnceEmpty() {
        // "true": neither node is ever a candidate; A runs 0-1000 and both nodes go empty 20 s later.
        RunResult r = run(0, protectingA(Double.POSITIVE_INFINITY));
        JobRecord a = r.jobs().get(1);
        assertThat(a.start()).isZero();
        assertThat(a.finish()).isEqualTo(1000);
        assertThat(r.capacity().executorsEvicted()).isZero();
        assertThat(r.capacity().nodesRemovedUnderused()).isZero();
        assertThat(r.capacity().nodesRemovedEmpty()).isEqualTo(2);
        assertThat(r.summary().totalCost()).isEqualTo(2 * 1020);
        assertThat(a.placement().protectionSeconds(0)).isInfinite();
    }

    @Test
    void anExpiredDurationNoLongerBlocks() {
        // "300s" from the pods' start at 0: both nodes are candidates from 70 but protected until 300; the
        // loop's run at 300 finds the protection over (Karpenter: active while the pod's age < 300 s),
        // chooses node 0, and removes it at 315. A ran 315 of 1000 s and loses half its executors' map
        // output: 1000 × (0.685 + 0.315 × 2/4) = 842.5 s left, restarted at 315 on node 1.
        RunResult r = run(0, protectingA(300));
        JobRecord a = r.jobs().get(1);
        assertThat(a.start()).isEqualTo(315);
        assertThat(a.finish()).isCloseTo(315 + 842.5, within(1e-9));
        assertThat(r.capacity().executorsEvicted()).isEqualTo(2);
        assertThat(r.capacity().nodesRemovedUnderused()).isEqualTo(1);
        assertThat(r.vms().get(0).intervalEnd(0)).isEqualTo(315);
        assertThat(r.summary().totalCost()).isCloseTo(315 + 315 + 842.5 + 20, within(1e-9));
        // The restarted placement carries its protection again, from its own start: nothing more is evicted.
        assertThat(r.capacity().jobsEvicted()).isEqualTo(1);
    }

    @Test
    void protectionIsPerExecutorSoTheDrainTakesTheOtherNode() {
        // Only A's executors on node 0 are protected: node 0 is skipped, and node 1, whose two executors
        // fit in node 0's free room, is chosen at 70 and drained at 85 instead.
        RunResult r = run(0, protectingA(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 0, 0));
        assertThat(r.capacity().executorsEvicted()).isEqualTo(2);
        assertThat(r.vms().get(1).intervalEnd(0)).isEqualTo(85);
        JobRecord a = r.jobs().get(1);
        assertThat(a.start()).isEqualTo(85);
        assertThat(a.placement().vm(0)).isZero();
    }

    @Test
    void aDurationCountsFromThePodsStartOnANodeStillLaunching() {
        // Nodes take 100 s to launch: the pods bound at 100 are protected until 250, not 150. F and G end
        // at 150, the nodes are candidates from 170, and node 0 is chosen at 250 and removed at 265; A
        // ran 165 of 1000 s: 1000 × (0.835 + 0.165 × 2/4) = 917.5 s left, restarted at 265 on node 1.
        RunResult r = run(100, protectingA(150));
        JobRecord a = r.jobs().get(1);
        assertThat(a.start()).isEqualTo(265);
        assertThat(a.finish()).isCloseTo(265 + 917.5, within(1e-9));
        assertThat(r.capacity().executorsEvicted()).isEqualTo(2);
    }

    @Test
    void aPlacementCarriesOneProtectionPerExecutor() {
        Placement p = Placement.of(0, 0, 1);
        assertThat(p.hasProtection()).isFalse();
        assertThat(p.withProtection(0).hasProtection()).isFalse();
        assertThat(p.withProtection(0).equals(p)).isTrue();
        Placement q = p.withProtection(new double[] {60, 60, 0}).withDriver(1);
        assertThat(q.protectionSeconds(1)).isEqualTo(60);
        assertThat(q.protectionSeconds(2)).isZero();
        assertThat(q).isNotEqualTo(p.withDriver(1));
        assertThatThrownBy(() -> p.withProtection(new double[] {1, 2})).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> p.withProtection(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Placement.none().withProtection(1)).isInstanceOf(IllegalStateException.class);
    }
}
