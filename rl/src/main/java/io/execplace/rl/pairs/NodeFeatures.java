package io.execplace.rl.pairs;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.rules.Deadlines;

import java.util.List;

/**
 * The node features of schema {@code pairs-elastic-1}: what a placement on elastic node pools
 * decides besides a fixed cluster's — whether it buys a node, how long that node takes to arrive,
 * spot or on-demand capacity, whether the pool may buy now, and whether an empty node is still
 * being paid for. The node state is read once per decision ({@link #read}, at a job's first
 * executor), so that the environment and the agent running as a scheduler, which does not see its
 * own purchases until the decision is made, observe the same values; the executors placed so far
 * in the decision show in the base features ({@code jobHere}, the free resources).
 *
 * <p>On a fixed cluster every VM is bought, ready, on-demand and open, and none is an empty node
 * being paid for.
 */
final class NodeFeatures {

    /** Values appended to the context. */
    static final List<String> CONTEXT = List.of(
            "boughtVms",      // share of the VM slots that are bought (live nodes)
            "roomOnBought");  // executors of the job that fit on bought nodes now / executors left, at most 1

    /** Values appended to each VM's features. */
    static final List<String> VM = List.of(
            "bought",          // 1 for a bought node (launching or ready) or a fixed cluster's VM; 0: placing here buys it
            "readyIn",         // seconds until it can run executors / the job's duration here, at most 3, / 3
            "spot",            // 1 on spot capacity
            "poolOpen",        // 1 when the node is bought or its pool may buy it now (no availability window closes it)
            "idleNode",        // 1 for a live node without executors: paid for until consolidation removes it
            "lateAfterLaunch"); // 1 when the job would miss its deadline starting once this node is ready

    private final Cluster cluster;
    private final boolean[] spot;
    private final boolean[] bought;
    private final double[] readyIn;
    private final boolean[] open;
    private final boolean[] idle;
    private int boughtCount;

    NodeFeatures(Cluster cluster) {
        this.cluster = cluster;
        int n = cluster.size();
        spot = new boolean[n];
        for (int vm = 0; vm < n; vm++) {
            spot[vm] = cluster.isElastic() && cluster.pools().capacityType(vm) == CapacityType.SPOT;
        }
        bought = new boolean[n];
        readyIn = new double[n];
        open = new boolean[n];
        idle = new boolean[n];
    }

    /** Reads every slot's node state from {@code view}: call at the first executor of a decision. */
    void read(ClusterView view) {
        int n = bought.length;
        boughtCount = 0;
        for (int vm = 0; vm < n; vm++) {
            bought[vm] = view.isProvisioned(vm);
            readyIn[vm] = view.readyIn(vm);
            open[vm] = bought[vm] || !cluster.isElastic() || view.poolOpen(cluster.pools().poolIndex(vm));
            idle[vm] = cluster.isElastic() && bought[vm] && view.executorsOn(vm) == 0;
            boughtCount += bought[vm] ? 1 : 0;
        }
    }

    /**
     * Writes VM {@code vm}'s node features at {@code o}.
     *
     * @param duration the job's duration on this VM (seconds)
     * @param there    its duration there with the layout as placed (for the deadline)
     */
    void writeVm(double[] obs, int o, int vm, Job job, double duration, double there, double now) {
        obs[o] = bought[vm] ? 1 : 0;
        obs[o + 1] = duration > 0 ? Math.min(readyIn[vm] / duration, 3) / 3 : 0;
        obs[o + 2] = spot[vm] ? 1 : 0;
        obs[o + 3] = open[vm] ? 1 : 0;
        obs[o + 4] = idle[vm] ? 1 : 0;
        obs[o + 5] = job.hasDeadline() && Deadlines.missed(job, now + readyIn[vm] + there) ? 1 : 0;
    }

    /** Writes the context's node values at {@code o}. */
    void writeContext(double[] obs, int o, Job job, int left, int[] freeCores, double[] freeMemory) {
        int room = 0;
        for (int vm = 0; vm < bought.length && room < left; vm++) {
            if (bought[vm]) {
                room += Capacity.executorsThatFit(freeCores[vm], freeMemory[vm],
                        job.coresPerExecutor(), job.memoryGbPerExecutor());
            }
        }
        obs[o] = boughtCount / (double) bought.length;
        obs[o + 1] = left > 0 ? Math.min(room, left) / (double) left : 0;
    }
}
