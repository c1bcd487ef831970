package io.execplace.kubernetes.replay;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.InstanceChoice;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Job;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.KubeScores;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * kube-scheduler and Karpenter on the testbed, one pod at a time ({@link PodJobs}: each pod a job of
 * one executor). kube-scheduler binds a pod only to a node that is ready, the one of best score among
 * those it fits (NodeResourcesFit, {@code LeastAllocated} or {@code MostAllocated}, plus
 * NodeResourcesBalancedAllocation); a node still launching does not exist for it yet. A pod no ready
 * node holds is Karpenter's: first the room of a node still launching (its provisioner counts in-flight
 * NodeClaims before buying, {@code pkg/controllers/provisioning/scheduling/scheduler.go}
 * {@code addToInflightNode}), then a new NodeClaim packed with the application's pods still to come,
 * largest first, as its batch packs pods pending together ({@code addToNewNodeClaim}): the first claim
 * that some type still holds takes each pod, and the cheapest type that holds a claim's pods is bought
 * ({@link InstanceChoice}), in the first node pool that can still buy it.
 *
 * <p>With a batch window ({@link KarpenterBatch}), Karpenter decides for a pod no ready node holds only
 * when the window it opened or joined closes ({@code batcher.go}: {@code --batch-idle-duration} after the
 * last pod that joined, at most {@code --batch-max-duration} after the first); until then the pod waits,
 * and kube-scheduler binds it to a ready node that frees room meanwhile (at once: its backoff of 1-10 s
 * is not modelled). The simulator asks again when the window closes ({@link #askAgainAt}). Without a
 * window, or while no pod is on any node, Karpenter decides when the pod arrives.
 */
final class KubePods implements PlacementPolicy {

    private final PodJobs pods;
    private final boolean mostAllocated;
    private final KarpenterBatch window;
    private int[] live = new int[0];

    /** @param mostAllocated kube-scheduler's {@code MostAllocated} scoring ({@code kube-most}); false: its default */
    KubePods(PodJobs pods, boolean mostAllocated) {
        this(pods, mostAllocated, KarpenterBatch.NONE);
    }

    /** As {@link #KubePods(PodJobs, boolean)}, Karpenter batching the pods that wait within {@code window}. */
    KubePods(PodJobs pods, boolean mostAllocated, KarpenterBatch window) {
        this.pods = pods;
        this.mostAllocated = mostAllocated;
        this.window = window.copy();
    }

    @Override
    public String name() {
        return (mostAllocated ? "kube-most" : "kube-default") + " pod by pod";
    }

    @Override
    public Placement place(Job pod, ClusterView view) {
        if (live.length < view.vmCount()) {
            live = new int[view.vmCount()];
        }
        int count = view.provisionedVms(live);
        int vm = best(pod, view, count, true);
        if (vm >= 0) {
            window.bound(pod);
            return Placement.of(new int[] {vm});
        }
        if (window.waits(pod, view.now(), anyPodPlaced(view, count))) {
            return Placement.none();
        }
        vm = best(pod, view, count, false);
        if (vm < 0 && view.cluster().isElastic()) {
            vm = newClaim(pod, view, count);
        }
        return vm < 0 ? Placement.none() : Placement.of(new int[] {vm});
    }

    /** Whether any node holds a pod (the simulator's cluster is not idle). */
    private boolean anyPodPlaced(ClusterView view, int count) {
        for (int k = 0; k < count; k++) {
            if (view.executorsOn(live[k]) > 0) {
                return true;
            }
        }
        return false;
    }

    @Override
    public double askAgainAt() {
        return window.closesAt();
    }

    /** The node of best score that holds the pod among those ready ({@code ready}) or still launching; -1: none. */
    private int best(Job pod, ClusterView view, int count, boolean ready) {
        int best = -1;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < count; k++) {
            int vm = live[k];
            if ((view.readyIn(vm) <= 0) != ready || view.executorsThatFit(vm, pod.coresPerExecutor(), pod.memoryGbPerExecutor()) < 1) {
                continue;
            }
            double cpuUsed = 1 - (view.freeCores(vm) - pod.coresPerExecutor()) / (double) view.vm(vm).cores();
            double memUsed = 1 - (view.freeMemoryGb(vm) - pod.memoryGbPerExecutor()) / view.vm(vm).memoryGb();
            double score = (mostAllocated ? KubeScores.mostAllocated(cpuUsed, memUsed) : KubeScores.leastAllocated(cpuUsed, memUsed))
                    + KubeScores.balanced(cpuUsed, memUsed);
            if (score > bestScore) {
                bestScore = score;
                best = vm;
            }
        }
        return best;
    }

    /** The slot of the NodeClaim Karpenter's batch puts the pod in; -1 when no pool can buy one. */
    private int newClaim(Job pod, ClusterView view, int count) {
        NodePools pools = view.cluster().pools();
        int[] coresLeft = new int[pools.pools().size()];
        for (int p = 0; p < coresLeft.length; p++) {
            coresLeft[p] = view.poolOpen(p) ? pools.pools().get(p).limitCores() : 0;
        }
        for (int k = 0; k < count; k++) {
            coresLeft[pools.poolIndex(live[k])] -= pools.instanceType(live[k]).cores();
        }
        List<Job> batch = new ArrayList<>(pods.podsFrom(pod.id()));
        // Karpenter packs a batch's pods largest first (by CPU, then memory); ties keep the pods' order.
        batch.sort(Comparator.comparingInt(Job::coresPerExecutor).thenComparingDouble(Job::memoryGbPerExecutor).reversed());
        for (int p = 0; p < coresLeft.length; p++) {
            int slot = claimFor(pod, batch, pools, p, coresLeft[p], view);
            if (slot >= 0) {
                return slot;
            }
        }
        return -1;
    }

    /** In pool {@code p}: the claims the batch packs into, the cheapest slot for the one holding {@code pod}; -1: none. */
    private static int claimFor(Job pod, List<Job> batch, NodePools pools, int p, int coresLeft, ClusterView view) {
        NodePool pool = pools.pools().get(p);
        List<InstanceType> types = pool.instanceTypes();
        List<int[]> claimCores = new ArrayList<>();
        List<double[]> claimMemory = new ArrayList<>();
        int podClaim = -1;
        for (Job q : batch) {
            int at = -1;
            for (int c = 0; c < claimCores.size() && at < 0; c++) {
                if (anyHolds(types, coresLeft, claimCores.get(c)[0] + q.coresPerExecutor(),
                        claimMemory.get(c)[0] + q.memoryGbPerExecutor())) {
                    at = c;
                }
            }
            if (at < 0) {
                if (!anyHolds(types, coresLeft, q.coresPerExecutor(), q.memoryGbPerExecutor())) {
                    continue; // no type of this pool holds the pod alone
                }
                claimCores.add(new int[1]);
                claimMemory.add(new double[1]);
                at = claimCores.size() - 1;
            }
            claimCores.get(at)[0] += q.coresPerExecutor();
            claimMemory.get(at)[0] += q.memoryGbPerExecutor();
            if (q.id() == pod.id()) {
                podClaim = at;
            }
        }
        if (podClaim < 0) {
            return -1;
        }
        int cores = claimCores.get(podClaim)[0];
        double memory = claimMemory.get(podClaim)[0];
        InstanceChoice.Types choice = new InstanceChoice.Types() {
            @Override
            public int count() {
                return types.size();
            }

            @Override
            public long holds(int t) {
                return holdsAll(types.get(t), coresLeft, cores, memory) ? 1 : 0;
            }

            @Override
            public double price(int t) {
                return pool.pricePerSecond(types.get(t));
            }

            @Override
            public boolean available(int t) {
                return firstFree(pools, p, t, view) >= 0;
            }
        };
        int t = InstanceChoice.cheapest(choice, 1);
        return t < 0 ? -1 : firstFree(pools, p, t, view);
    }

    private static boolean anyHolds(List<InstanceType> types, int coresLeft, int cores, double memory) {
        for (InstanceType type : types) {
            if (holdsAll(type, coresLeft, cores, memory)) {
                return true;
            }
        }
        return false;
    }

    /** A node of this type holds pods of these totals, and the pool's limit leaves room to buy it. */
    private static boolean holdsAll(InstanceType type, int coresLeft, int cores, double memory) {
        return type.cores() <= coresLeft && cores <= type.cores() && memory <= type.memoryGb() + Capacity.EPSILON;
    }

    /** Each type's slots are one run: its first slot not bought; -1 when all are. */
    private static int firstFree(NodePools pools, int p, int t, ClusterView view) {
        for (int vm = pools.firstSlot(p, t); vm < pools.endSlot(p, t); vm++) {
            if (!view.isProvisioned(vm)) {
                return vm;
            }
        }
        return -1;
    }
}
