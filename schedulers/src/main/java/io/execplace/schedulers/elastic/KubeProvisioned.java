package io.execplace.schedulers.elastic;

import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.DriverPod;
import io.execplace.core.model.Job;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.KubeScores;

/**
 * kube-scheduler with a Karpenter-like provisioner. Each executor pod goes to the existing node
 * (bought, not under notice) with the best kube-scheduler score among those it fits — NodeResourcesFit
 * ({@code LeastAllocated}, the default, or {@code MostAllocated}) plus NodeResourcesBalancedAllocation,
 * weight 1 each, as kube-scheduler's default profile. The executors no existing node holds are
 * pending, and the provisioner buys nodes for them as Karpenter documents: pods packed largest
 * first (one job's executors are alike) into a new NodeClaim of the first node pool (Karpenter's
 * highest weight) that can still buy one, as many as its largest instance type holds, then the
 * cheapest instance type that holds them is launched. The job waits for the new nodes.
 *
 * <p>{@code kube-spot} is the practitioners' rule for Spark on Kubernetes: executor pods carry a
 * preferred node affinity for {@code karpenter.sh/capacity-type: spot}. kube-scheduler's NodeAffinity
 * plugin (weight 2) scores a matching node 100, so a spot node with room wins over any on-demand
 * node; Karpenter, which first tries a pod's preferred terms as required, buys spot and falls back to
 * on-demand only when no spot pool can buy. The rule's other half, on pools that model driver pods
 * ({@code +drivers}): the driver pod carries a required node selector {@code karpenter.sh/capacity-type:
 * on-demand}, so it goes to the on-demand node kube-scheduler's default profile scores best, and
 * Karpenter buys an on-demand node for it when none has room. Under the other scorings a driver pod
 * is scored and provisioned as an executor pod is, on any capacity type.
 */
public final class KubeProvisioned implements PlacementPolicy {

    /** kube-scheduler's NodeResourcesFit strategy. */
    public enum Scoring {
        /** The default: prefer the node with the most free resources after the pod (spreading). */
        LEAST_ALLOCATED("kube-default"),
        /** Prefer the fullest node (bin packing), the change practitioners make for autoscaled clusters. */
        MOST_ALLOCATED("kube-most"),
        /** The default scoring with a preferred node affinity for spot nodes (executors on spot). */
        SPOT_PREFERRED("kube-spot");

        private final String policyName;

        Scoring(String policyName) {
            this.policyName = policyName;
        }

        public String policyName() {
            return policyName;
        }
    }

    private final Scoring scoring;
    private final TentativeRoom room = new TentativeRoom();

    public KubeProvisioned(Scoring scoring) {
        this.scoring = scoring;
    }

    @Override
    public String name() {
        return scoring.policyName();
    }

    /** NodeAffinity's weight in kube-scheduler's default profile times its top score. */
    private static final double PREFERRED_AFFINITY_SCORE = 2 * 100;

    @Override
    public Placement place(Job job, ClusterView view) {
        return placeOn(job, view, null);
    }

    /**
     * The placement this scoring and the provisioner give the job on nodes of one capacity type
     * ({@code only}; null: any); {@link Placement#none()} when the pools of that type cannot hold it now.
     */
    public Placement placeOn(Job job, ClusterView view, CapacityType only) {
        return placeOn(job, view, only, scoring == Scoring.SPOT_PREFERRED ? CapacityType.ON_DEMAND : only);
    }

    /**
     * {@link #placeOn(Job, ClusterView, CapacityType)} with the application's driver pod, where the
     * pools model one, on a node of capacity type {@code driverOnly} (null: any): the existing node
     * this scoring prefers after the executors (LeastAllocated for {@code kube-spot}), else a new node.
     */
    public Placement placeOn(Job job, ClusterView view, CapacityType only, CapacityType driverOnly) {
        Placement executors = executorsOn(job, view, only);
        DriverPod pod = view.cluster().isElastic() ? view.cluster().pools().drivers() : null;
        if (executors.isNone() || pod == null) {
            return executors;
        }
        Job driver = pod.asJob(job);
        int vm = bestExistingNode(driver, view, driverOnly);
        if (vm < 0) {
            vm = new NodeClaims(view.cluster().pools(), room).claim(driver, 1, driverOnly);
        }
        return vm < 0 ? Placement.none() : executors.withDriver(vm);
    }

    private Placement executorsOn(Job job, ClusterView view, CapacityType only) {
        room.load(view);
        int[] vms = new int[job.executors()];
        int placed = 0;
        while (placed < vms.length) {
            int best = bestExistingNode(job, view, only);
            if (best < 0) {
                break;
            }
            room.take(vms, placed++, best, job);
        }
        if (placed < vms.length) {
            Cluster cluster = view.cluster();
            if (!cluster.isElastic()) {
                return Placement.none();
            }
            placed = provision(job, cluster.pools(), vms, placed, only);
            if (placed < vms.length) {
                return Placement.none();
            }
        }
        return Placement.of(vms);
    }

    /** The existing node with the best score for one more executor (ties: lowest index); -1 when none fits. */
    private int bestExistingNode(Job job, ClusterView view, CapacityType only) {
        NodePools pools = view.cluster().isElastic() ? view.cluster().pools() : null;
        int best = -1;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < room.liveCount; k++) {
            int vm = room.live[k];
            if (!room.fits(vm, job) || (only != null && pools.capacityType(vm) != only)) {
                continue;
            }
            double cpuUsed = 1 - (room.freeCores[vm] - job.coresPerExecutor()) / (double) view.vm(vm).cores();
            double memUsed = 1 - (room.freeMemory[vm] - job.memoryGbPerExecutor()) / view.vm(vm).memoryGb();
            double fit = scoring == Scoring.MOST_ALLOCATED
                    ? KubeScores.mostAllocated(cpuUsed, memUsed)
                    : KubeScores.leastAllocated(cpuUsed, memUsed);
            double balanced = KubeScores.balanced(cpuUsed, memUsed);
            boolean preferred = scoring == Scoring.SPOT_PREFERRED && pools != null
                    && pools.capacityType(vm) == CapacityType.SPOT;
            double score = fit + balanced + (preferred ? PREFERRED_AFFINITY_SCORE : 0);
            if (score > bestScore) {
                bestScore = score;
                best = vm;
            }
        }
        return best;
    }

    /** Karpenter's new NodeClaims for the pending executors; returns how many executors are placed then. */
    private int provision(Job job, NodePools pools, int[] vms, int placed, CapacityType only) {
        NodeClaims claims = new NodeClaims(pools, room);
        while (placed < vms.length) {
            int slot = -1;
            if (only == null && scoring == Scoring.SPOT_PREFERRED) {
                slot = claims.claim(job, vms.length - placed, CapacityType.SPOT);
            }
            if (slot < 0) {
                slot = claims.claim(job, vms.length - placed, only);
            }
            if (slot < 0) {
                return placed;
            }
            while (placed < vms.length && room.fits(slot, job)) {
                room.take(vms, placed++, slot, job);
            }
        }
        return placed;
    }
}
