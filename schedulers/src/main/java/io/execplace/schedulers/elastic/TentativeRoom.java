package io.execplace.schedulers.elastic;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Vm;
import io.execplace.core.policy.ClusterView;

/**
 * What each node has free while a policy places one job's executors one by one, before the kernel
 * sees the placement: free cores and memory, and which slots are bought (live, or bought by this
 * placement), also as a list in slot order. Arrays are reused between decisions.
 */
final class TentativeRoom {

    int[] freeCores = new int[0];
    double[] freeMemory = new double[0];
    boolean[] bought = new boolean[0];
    /** The bought slots in slot order (policies scan only these: an elastic cluster's slots are mostly not bought). */
    int[] live = new int[0];
    int liveCount;
    /** Per node pool of an elastic cluster: false while an availability trace keeps it from buying. */
    boolean[] poolOpen = new boolean[0];

    /** The cluster the arrays describe; a slot not in {@link #live} holds its empty capacity. */
    private Cluster loaded;

    /**
     * Reads the view's free resources and bought slots. Only the slots bought now and those of the last
     * decision are touched (a slot not bought is empty: its room is its capacity), so a decision on a
     * large pool costs its live nodes, not its slots.
     */
    void load(ClusterView view) {
        int n = view.vmCount();
        Cluster cluster = view.cluster();
        if (freeCores.length < n) {
            freeCores = new int[n];
            freeMemory = new double[n];
            bought = new boolean[n];
            live = new int[n];
            loaded = null;
        }
        if (loaded != cluster) {
            for (int vm = 0; vm < n; vm++) {
                empty(cluster, vm);
            }
            loaded = cluster;
        } else {
            for (int k = 0; k < liveCount; k++) {
                empty(cluster, live[k]);
            }
        }
        if (cluster.isElastic()) {
            int pools = cluster.pools().pools().size();
            if (poolOpen.length < pools) {
                poolOpen = new boolean[pools];
            }
            for (int p = 0; p < pools; p++) {
                poolOpen[p] = view.poolOpen(p);
            }
        }
        liveCount = view.provisionedVms(live);
        for (int k = 0; k < liveCount; k++) {
            int vm = live[k];
            freeCores[vm] = view.freeCores(vm);
            freeMemory[vm] = view.freeMemoryGb(vm);
            bought[vm] = true;
        }
    }

    private void empty(Cluster cluster, int vm) {
        Vm node = cluster.vm(vm);
        freeCores[vm] = node.cores();
        freeMemory[vm] = node.memoryGb();
        bought[vm] = false;
    }

    /** Marks a slot bought by this placement, keeping {@link #live} in slot order. */
    void buy(int vm) {
        bought[vm] = true;
        int at = liveCount;
        while (at > 0 && live[at - 1] > vm) {
            live[at] = live[at - 1];
            at--;
        }
        live[at] = vm;
        liveCount++;
    }

    /** How many more executors of the job the node takes now. */
    int holds(int vm, Job job) {
        return Capacity.executorsThatFit(freeCores[vm], freeMemory[vm], job.coresPerExecutor(), job.memoryGbPerExecutor());
    }

    boolean fits(int vm, Job job) {
        return freeCores[vm] >= job.coresPerExecutor()
                && freeMemory[vm] + Capacity.EPSILON >= job.memoryGbPerExecutor();
    }

    /** Puts executor {@code at} of the job on {@code vm}. */
    void take(int[] vms, int at, int vm, Job job) {
        vms[at] = vm;
        freeCores[vm] -= job.coresPerExecutor();
        freeMemory[vm] -= job.memoryGbPerExecutor();
    }
}
