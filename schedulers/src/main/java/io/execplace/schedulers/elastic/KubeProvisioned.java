package io.execplace.schedulers.elastic;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;

/**
 * kube-scheduler with a Karpenter-like provisioner. Each executor pod goes to the existing node
 * (bought, not under notice) with the best kube-scheduler score among those it fits — NodeResourcesFit
 * ({@code LeastAllocated}, the default, or {@code MostAllocated}) plus NodeResourcesBalancedAllocation,
 * weight 1 each, as kube-scheduler's default profile. The executors no existing node holds are
 * pending, and the provisioner buys nodes for them as Karpenter documents: pods packed largest
 * first (one job's executors are alike) into a new NodeClaim of the first node pool (Karpenter's
 * highest weight) that can still buy one, as many as its largest instance type holds, then the
 * cheapest instance type that holds them is launched. The job waits for the new nodes.
 */
public final class KubeProvisioned implements PlacementPolicy {

    /** kube-scheduler's NodeResourcesFit strategy. */
    public enum Scoring {
        /** The default: prefer the node with the most free resources after the pod (spreading). */
        LEAST_ALLOCATED("kube-default"),
        /** Prefer the fullest node (bin packing), the change practitioners make for autoscaled clusters. */
        MOST_ALLOCATED("kube-most");

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

    @Override
    public Placement place(Job job, ClusterView view) {
        room.load(view);
        int[] vms = new int[job.executors()];
        int placed = 0;
        while (placed < vms.length) {
            int best = bestExistingNode(job, view);
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
            placed = provision(job, cluster.pools(), vms, placed);
            if (placed < vms.length) {
                return Placement.none();
            }
        }
        return Placement.of(vms);
    }

    /** The existing node with the best score for one more executor (ties: lowest index); -1 when none fits. */
    private int bestExistingNode(Job job, ClusterView view) {
        int best = -1;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < room.liveCount; k++) {
            int vm = room.live[k];
            if (!room.fits(vm, job)) {
                continue;
            }
            double cpuUsed = 1 - (room.freeCores[vm] - job.coresPerExecutor()) / (double) view.vm(vm).cores();
            double memUsed = 1 - (room.freeMemory[vm] - job.memoryGbPerExecutor()) / view.vm(vm).memoryGb();
            double fit = scoring == Scoring.LEAST_ALLOCATED
                    ? ((1 - cpuUsed) + (1 - memUsed)) / 2 * 100
                    : (cpuUsed + memUsed) / 2 * 100;
            double balanced = (1 - Math.abs(cpuUsed - memUsed) / 2) * 100;
            double score = fit + balanced;
            if (score > bestScore) {
                bestScore = score;
                best = vm;
            }
        }
        return best;
    }

    /** Karpenter's new NodeClaims for the pending executors; returns how many executors are placed then. */
    private int provision(Job job, NodePools pools, int[] vms, int placed) {
        NodeClaims claims = new NodeClaims(pools, room);
        while (placed < vms.length) {
            int slot = claims.claim(job, vms.length - placed);
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
