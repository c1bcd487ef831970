package io.execplace.schedulers.heuristics;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;

/**
 * The scratch state of one placement decision: a working copy of every VM's free cores and memory
 * that shrinks as executors are assigned, the executor-to-VM array being built, and a reusable
 * index array with two sort keys for ordering VMs.
 *
 * <p>Every policy owns one builder and reuses its arrays across calls, so that a decision allocates
 * only the result array (which {@link Placement#wrap} takes over) and nothing else. Policies are
 * used by one simulation thread at a time, which makes the reuse safe. The builder never holds the
 * view: {@link #begin} copies what it needs.
 */
final class PlacementBuilder {

    private static final int INSERTION_SORT_MAX = 16;

    private int[] freeCores = new int[0];
    private double[] freeMemory = new double[0];
    private int[] order = new int[0];
    private int[] sortBuffer = new int[0];
    private double[] primaryKey = new double[0];
    private double[] secondaryKey = new double[0];
    private double[] tertiaryKey = new double[0];
    private int vmCount;
    /** The view's provisioned VMs ({@link #readProvisioned}), and a mark per VM that is one. */
    private int[] provisioned = new int[0];
    private int provisionedCount;
    private boolean[] isProvisioned = new boolean[0];

    private int[] result;
    private int placed;
    private int cores;
    private double memoryGb;

    /** Starts a decision for {@code job}: copies the view's free resources and clears the result. */
    void begin(Job job, ClusterView view) {
        int n = view.vmCount();
        if (freeCores.length != n) {
            // Only the first call of a run (or a cluster of another size) pays for these.
            freeCores = new int[n];
            freeMemory = new double[n];
            order = new int[n];
            sortBuffer = new int[n];
            primaryKey = new double[n];
            secondaryKey = new double[n];
            tertiaryKey = new double[n];
        }
        vmCount = n;
        view.copyFreeResources(freeCores, freeMemory);
        cores = job.coresPerExecutor();
        memoryGb = job.memoryGbPerExecutor();
        result = new int[job.executors()];
        placed = 0;
    }

    int vmCount() {
        return vmCount;
    }

    /**
     * Reads the view's provisioned VMs ({@link ClusterView#provisionedVms}) for {@link #provisioned}
     * and {@link #isProvisioned}; returns how many. An active VM is provisioned, so on an elastic
     * cluster a policy finds the active VMs among these few instead of every slot.
     */
    int readProvisioned(ClusterView view) {
        if (provisioned.length != vmCount) {
            provisioned = new int[vmCount];
            isProvisioned = new boolean[vmCount];
            provisionedCount = 0;
        }
        for (int k = 0; k < provisionedCount; k++) {
            isProvisioned[provisioned[k]] = false;
        }
        provisionedCount = view.provisionedVms(provisioned);
        for (int k = 0; k < provisionedCount; k++) {
            isProvisioned[provisioned[k]] = true;
        }
        return provisionedCount;
    }

    /** The {@code k}-th VM {@link #readProvisioned} read, in id order. */
    int provisioned(int k) {
        return provisioned[k];
    }

    /** True for a VM {@link #readProvisioned} read. */
    boolean isProvisioned(int vm) {
        return isProvisioned[vm];
    }

    /** How many more executors of the job fit on the VM's working free resources. */
    int room(int vm) {
        return Capacity.executorsThatFit(freeCores[vm], freeMemory[vm], cores, memoryGb);
    }

    /** Working free cores of the VM (what is left after the executors assigned so far). */
    int freeCores(int vm) {
        return freeCores[vm];
    }

    /** Working free memory of the VM in GB. */
    double freeMemoryGb(int vm) {
        return freeMemory[vm];
    }

    /** Executors still to place. */
    int remaining() {
        return result.length - placed;
    }

    boolean complete() {
        return placed == result.length;
    }

    /** Assigns one executor to the VM if one fits there; returns whether it did. */
    boolean placeOne(int vm) {
        if (placed == result.length || room(vm) == 0) {
            return false;
        }
        assign(vm, 1);
        return true;
    }

    /** Packs as many of the remaining executors as fit onto the VM; returns how many it placed. */
    int fill(int vm) {
        int k = Math.min(remaining(), room(vm));
        if (k > 0) {
            assign(vm, k);
        }
        return k;
    }

    private void assign(int vm, int k) {
        for (int i = 0; i < k; i++) {
            result[placed++] = vm;
        }
        freeCores[vm] -= k * cores;
        freeMemory[vm] -= k * memoryGb;
    }

    /**
     * The placement of all executors if every one was assigned, else {@link Placement#none()} (gang
     * placement: a partial assignment is never returned).
     */
    Placement build() {
        int[] r = result;
        result = null;
        return placed == r.length ? Placement.wrap(r) : Placement.none();
    }

    // ---- ordering VMs -------------------------------------------------------------------------

    /** The reusable index array; callers write candidate VM ids into its first entries. */
    int[] order() {
        return order;
    }

    /** Sets the sort keys of a VM for {@link #sortOrder} (no third key). */
    void keys(int vm, double primary, double secondary) {
        keys(vm, primary, secondary, 0);
    }

    /** Sets the three sort keys of a VM for {@link #sortOrder}. */
    void keys(int vm, double primary, double secondary, double tertiary) {
        primaryKey[vm] = primary;
        secondaryKey[vm] = secondary;
        tertiaryKey[vm] = tertiary;
    }

    /**
     * Sorts the first {@code length} entries of {@link #order()} by primary key, then secondary key,
     * then tertiary key, then VM id, all ascending. Stable and allocation-free (a primitive merge sort, because sorting
     * boxed ids with a comparator would allocate on every decision).
     */
    void sortOrder(int length) {
        mergeSort(order, sortBuffer, 0, length);
    }

    private boolean before(int a, int b) {
        double pa = primaryKey[a];
        double pb = primaryKey[b];
        if (pa != pb) {
            return pa < pb;
        }
        double sa = secondaryKey[a];
        double sb = secondaryKey[b];
        if (sa != sb) {
            return sa < sb;
        }
        double ta = tertiaryKey[a];
        double tb = tertiaryKey[b];
        if (ta != tb) {
            return ta < tb;
        }
        return a < b;
    }

    private void mergeSort(int[] a, int[] buf, int from, int to) {
        if (to - from <= INSERTION_SORT_MAX) {
            for (int i = from + 1; i < to; i++) {
                int x = a[i];
                int j = i - 1;
                while (j >= from && before(x, a[j])) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = x;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, buf, from, mid);
        mergeSort(a, buf, mid, to);
        if (!before(a[mid], a[mid - 1])) {
            return; // already in order
        }
        System.arraycopy(a, from, buf, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            if (j >= to || (i < mid && !before(buf[j], buf[i]))) {
                a[k] = buf[i++];
            } else {
                a[k] = buf[j++];
            }
        }
    }
}
