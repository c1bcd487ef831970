package io.execplace.schedulers.elastic;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Karpenter-like provisioning and kube-scheduler scoring on hand-worked cases. */
class KubeProvisionedTest {

    // Prices per second: 4 cores 4, 8 cores 7, 16 cores 16 (the 8-core type is the cheapest per core).
    private static final InstanceType S = new InstanceType("s", 4, 16, 4, 4);
    private static final InstanceType M = new InstanceType("m", 8, 32, 7, 7);
    private static final InstanceType L = new InstanceType("l", 16, 64, 16, 16);

    private static Cluster cluster(int limit) {
        NodePool pool = NodePool.builder("od").instanceTypes(List.of(S, M, L)).limitCores(limit).build();
        return new NodePools("hand", List.of(pool), false).cluster();
    }

    private static Job job(int id, double arrival, int executors, int cores, double base) {
        return new Job(id, JobType.WORDCOUNT, arrival, executors, cores, cores, base, Job.NO_DEADLINE);
    }

    private static RunResult run(Cluster c, String policy, Job... jobs) {
        Workload w = new Workload("hand", List.of(jobs));
        SimulationConfig config = SimulationConfig.defaults(c, w).withDurationModel(new DurationModel(false, false, 1.3));
        KubeProvisioned.Scoring scoring = policy.equals("kube-most")
                ? KubeProvisioned.Scoring.MOST_ALLOCATED : KubeProvisioned.Scoring.LEAST_ALLOCATED;
        return Simulation.run(c, w, new KubeProvisioned(scoring), config);
    }

    private static String typeOf(Cluster c, int vm) {
        return c.pools().instanceType(vm).name();
    }

    @Test
    void pendingExecutorsGetTheCheapestTypeThatHoldsAsManyAsTheLargestCan() {
        Cluster c = cluster(64);
        // Six executors of 3 cores: the largest type (16 cores) holds 5, so the first NodeClaim takes 5
        // and the cheapest type holding 5 is l (16 cores); the sixth gets the cheapest type holding
        // one: s (4 cores, price 4 < m's 7).
        RunResult r = run(c, "kube-default", job(0, 0, 6, 3, 10));
        Placement p = r.jobs().get(0).placement();
        assertThat(p.distinctVms()).isEqualTo(2);
        assertThat(typeOf(c, p.vm(0))).isEqualTo("l");
        assertThat(typeOf(c, p.vm(5))).isEqualTo("s");
        assertThat(r.capacity().nodeLaunches()).isEqualTo(2);
    }

    @Test
    void twoExecutorsOfFourCoresBuyOneEightCoreNode() {
        Cluster c = cluster(64);
        RunResult r = run(c, "kube-default", job(0, 0, 2, 4, 10));
        Placement p = r.jobs().get(0).placement();
        assertThat(p.vm(0)).isEqualTo(p.vm(1));
        assertThat(typeOf(c, p.vm(0))).isEqualTo("m");
    }

    @Test
    void leastAllocatedSpreadsOverLiveNodesAndMostAllocatedPacks() {
        Cluster c = cluster(64);
        Job a = job(0, 0, 1, 2, 100);     // buys s (2 of 4 cores)
        Job b = job(1, 1, 1, 6, 100);     // does not fit s: buys m (6 of 8 cores)
        Job small = job(2, 2, 1, 1, 10);  // fits both: s would be 3/4 used, m 7/8
        RunResult least = run(c, "kube-default", a, b, small);
        RunResult most = run(c, "kube-most", a, b, small);
        int sNode = least.jobs().get(0).placement().vm(0);
        int mNode = least.jobs().get(1).placement().vm(0);
        // LeastAllocated: free share after the pod, s (1/4 free) against m (1/8 free): s.
        assertThat(least.jobs().get(2).placement().vm(0)).isEqualTo(sNode);
        // MostAllocated: m is fuller after the pod (7/8 against 3/4).
        assertThat(most.jobs().get(2).placement().vm(0)).isEqualTo(mNode);
        assertThat(least.capacity().nodeLaunches()).isEqualTo(2);
    }

    @Test
    void aPoolAtItsLimitLeavesTheJobPendingUntilANodeIsRemoved() {
        Cluster c = cluster(16);
        // Job 0 fills the pool (one l node for 5 executors of 3 cores = 15 cores; limit 16). Job 1
        // (4 cores) cannot buy: it waits until job 0 ends at 100 and the node goes (consolidate 0).
        RunResult r = run(c, "kube-most", job(0, 0, 5, 3, 100), job(1, 10, 1, 4, 10));
        assertThat(r.jobs().get(1).start()).isEqualTo(100);
        assertThat(r.summary().jobsDropped()).isZero();
    }
}
