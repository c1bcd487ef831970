package io.execplace.schedulers.elastic;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.Job;
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

    /** Reads the view's free resources and bought slots. */
    void load(ClusterView view) {
        int n = view.vmCount();
        if (freeCores.length < n) {
            freeCores = new int[n];
            freeMemory = new double[n];
            bought = new boolean[n];
            live = new int[n];
        }
        liveCount = 0;
        for (int vm = 0; vm < n; vm++) {
            freeCores[vm] = view.freeCores(vm);
            freeMemory[vm] = view.freeMemoryGb(vm);
            bought[vm] = view.isProvisioned(vm);
            if (bought[vm]) {
                live[liveCount++] = vm;
            }
        }
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
