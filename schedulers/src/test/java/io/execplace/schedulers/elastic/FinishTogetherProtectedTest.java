package io.execplace.schedulers.elastic;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ConsolidationPolicy;
import io.execplace.core.model.ElasticPresets;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.ClusterState;
import io.execplace.core.sim.Simulation;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.schedulers.Fixtures;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link EvictionGuard}'s rule by hand, and the protecting policies on seeded runs. */
class FinishTogetherProtectedTest {

    private static final InstanceType N16 = new InstanceType("n16", 16, 64, 16, 8);

    /** One 16-core slot's pool, launching in {@code launch} seconds, removing under-used nodes (or only empty ones). */
    private static Cluster pool(double launch, ConsolidationPolicy policy) {
        NodePool pool = NodePool.builder("od").instanceTypes(List.of(N16)).limitCores(16)
                .launchDelay(LaunchDelay.constant(launch)).consolidateAfter(30).consolidationPolicy(policy).build();
        return new NodePools("hand", List.of(pool), false).cluster();
    }

    private static Job job(int executors, double base, double deadline) {
        return new Job(0, JobType.WORDCOUNT, 0, executors, 2, 2, base, deadline);
    }

    private static Placement guarded(Cluster c, Job job) {
        ClusterState state = Fixtures.empty(c);
        int[] vms = new int[job.executors()];
        return new EvictionGuard(1).protect(job, Placement.of(vms), state);
    }

    // Slot 0 (16 cores, not bought: 16 free), launch 90 s, no graceful decommissioning, weight 1.
    // One 2-core executor for 1,000 s: an eviction costs 2 × (1 × 500 + 1 × 90) = 1,180 core-s, a drain
    // keeps 14 idle cores × 500 s = 7,000: not protected. For 20 s: 2 × (10 + 90) = 200 against 14 × 10 =
    // 140: protected for 20 s. Eight executors (the node full) for 1,000 s: 2 × (8 × 500 + 8 × 90) = 9,440
    // against 0: protected. One executor for 1,000 s whose deadline leaves 50 s of slack (less than a
    // 90 s relaunch): protected.
    @Test
    void protectsWhereAnEvictionCostsMoreThanTheIdleNodeTimeADrainKeeps() {
        Cluster c = pool(90, ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED);
        assertThat(guarded(c, job(1, 1000, Job.NO_DEADLINE)).hasProtection()).isFalse();
        Placement shortJob = guarded(c, job(1, 20, Job.NO_DEADLINE));
        assertThat(shortJob.protectionSeconds(0)).isEqualTo(20);
        Placement full = guarded(c, job(8, 1000, Job.NO_DEADLINE));
        for (int e = 0; e < 8; e++) {
            assertThat(full.protectionSeconds(e)).isEqualTo(1000);
        }
        assertThat(guarded(c, job(1, 1000, 1050)).protectionSeconds(0)).isEqualTo(1000);
    }

    @Test
    void protectsNothingOnPoolsThatRemoveOnlyEmptyNodes() {
        Cluster c = pool(90, ConsolidationPolicy.WHEN_EMPTY);
        assertThat(guarded(c, job(8, 1000, Job.NO_DEADLINE)).hasProtection()).isFalse();
    }

    @Test
    void areRegisteredAndRunOnlyWhenNamed() {
        for (String name : List.of("finish-together-protected", "kube-most-protected", "finish-together-steady-protected")) {
            assertThat(Schedulers.create(name, 1).name()).isEqualTo(name);
            assertThat(Schedulers.PROTECTING_POLICIES).contains(name);
            assertThat(Schedulers.ELASTIC_POLICIES).doesNotContain(name);
        }
        // a placement finish-together-protected leaves unprotected is meant so (k8s-scheduler writes nothing there)
        assertThat(Schedulers.create("finish-together-protected", 1).namesProtections()).isTrue();
        assertThat(Schedulers.create("kube-most", 1).namesProtections()).isFalse();
    }

    /**
     * Seeded runs of 300 {@code hybrid-medium} jobs: on pools that remove only empty nodes each protecting
     * policy places as its base policy, job for job; with under-used consolidation the blanket rule evicts
     * nothing, and the chosen protections evict less than none.
     */
    @Test
    void onSeededRuns() {
        Workload w = WorkloadPresets.generate("hybrid-medium", WorkloadOptions.seed(4).withJobs(300));
        Cluster whenEmpty = ElasticPresets.onDemand();
        SimulationConfig config = SimulationConfig.defaults(whenEmpty, w).withQueue(QueuePolicy.EDF).withCapacitySeed(4);
        RunResult steady = Simulation.run(whenEmpty, w, new FinishTogetherSteady(), config);
        RunResult chosen = Simulation.run(whenEmpty, w, new FinishTogetherProtected(), config);
        assertThat(chosen.summary().totalCost()).isEqualTo(steady.summary().totalCost());
        for (int j = 0; j < w.jobs().size(); j++) {
            assertThat(chosen.jobs().get(j).finish()).isEqualTo(steady.jobs().get(j).finish());
        }

        Cluster underused = ElasticPresets.onDemandUnderutilized();
        SimulationConfig onUnderused = SimulationConfig.defaults(underused, w).withQueue(QueuePolicy.EDF).withCapacitySeed(4);
        RunResult most = Simulation.run(underused, w, Schedulers.create("kube-most", 4), onUnderused);
        RunResult mostProtected = Simulation.run(underused, w, Schedulers.create("kube-most-protected", 4), onUnderused);
        RunResult steadyUnder = Simulation.run(underused, w, new FinishTogetherSteady(), onUnderused);
        RunResult chosenUnder = Simulation.run(underused, w, new FinishTogetherProtected(), onUnderused);
        assertThat(most.capacity().executorsEvicted()).isPositive();
        assertThat(mostProtected.capacity().executorsEvicted()).isZero();
        assertThat(mostProtected.capacity().nodesRemovedUnderused()).isZero();
        assertThat(steadyUnder.capacity().executorsEvicted()).isPositive();
        assertThat(chosenUnder.capacity().executorsEvicted()).isLessThan(steadyUnder.capacity().executorsEvicted());
    }
}
