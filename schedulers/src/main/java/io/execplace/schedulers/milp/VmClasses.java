package io.execplace.schedulers.milp;

import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.Job;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.policy.ClusterView;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The VMs that can take at least one executor of the job, grouped into classes of interchangeable
 * VMs: same site, same price, room for the same number of the job's executors and the same busy
 * horizon. For this decision any two VMs of a class are alike, so the program needs one count
 * variable per class instead of one per VM. Room is capped at the job's executor count, and the
 * horizon at the job's longest possible duration (beyond it extending the VM costs nothing in any
 * case), which merges more VMs: on hybrid-large, the idle VMs collapse into six classes.
 *
 * <p>For {@code milp-elastic} on an elastic cluster ({@link #build(Job, ClusterView, boolean)}) a
 * class also shares what the node would cost beyond its price: its wait until ready, the pool that
 * would buy it (a slot not bought) and its spot hazard ({@link SlotCost}). For {@code milp}, and on
 * fixed clusters, those are 0 for every VM, so the classes and their order are {@code milp}'s.
 *
 * <p>Rebuilt for every decision; arrays are reused across decisions of one policy instance.
 */
final class VmClasses {

    private Integer[] order = new Integer[0];
    private int[] room = new int[0];
    private double[] horizon = new double[0];
    private boolean[] local = new boolean[0];
    private double[] price = new double[0];
    private double[] readyIn = new double[0];
    private int[] buyingPool = new int[0];
    private double[] hazard = new double[0];
    private NodePools pools;

    private int[] members = new int[0];
    private int[] classStart = new int[1];
    private int classes;

    /** Groups the VMs of {@code view} for {@code job}, as {@code milp} sees them. */
    void build(Job job, ClusterView view) {
        build(job, view, false);
    }

    /**
     * Groups the VMs of {@code view} for {@code job}; with {@code elastic} on an elastic cluster, by
     * launch wait, buying pool and spot hazard too.
     */
    void build(Job job, ClusterView view, boolean elastic) {
        int n = view.vmCount();
        pools = elastic ? view.cluster().pools() : null;
        if (room.length != n) {
            order = new Integer[n];
            room = new int[n];
            horizon = new double[n];
            local = new boolean[n];
            price = new double[n];
            readyIn = new double[n];
            buyingPool = new int[n];
            hazard = new double[n];
            members = new int[n];
            classStart = new int[n + 1];
        }
        int e = job.executors();
        double horizonCap = view.durationModel().maxDuration(job);
        int len = 0;
        for (int vm = 0; vm < n; vm++) {
            int r = Math.min(e, view.executorsThatFit(vm, job.coresPerExecutor(), job.memoryGbPerExecutor()));
            if (r == 0) {
                continue;
            }
            room[vm] = r;
            horizon[vm] = Math.min(horizonCap, view.remainingBusyTime(vm));
            local[vm] = view.vm(vm).isLocal();
            price[vm] = view.vm(vm).pricePerSecond();
            readyIn[vm] = pools == null ? 0 : view.readyIn(vm);
            buyingPool[vm] = pools == null || view.isProvisioned(vm) ? -1 : pools.poolIndex(vm);
            hazard[vm] = pools == null || pools.capacityType(vm) != CapacityType.SPOT ? 0 : hazardOf(pools, vm);
            order[len++] = vm;
        }
        Arrays.sort(order, 0, len, classKeyThenId);
        classes = 0;
        for (int i = 0; i < len; i++) {
            int vm = order[i];
            if (i == 0 || classKey.compare(order[i - 1], vm) != 0) {
                classStart[classes++] = i;
            }
            members[i] = vm;
        }
        classStart[classes] = len;
    }

    private final Comparator<Integer> classKey = (a, b) -> {
        if (local[a] != local[b]) {
            return local[a] ? -1 : 1;
        }
        int c = Double.compare(price[a], price[b]);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(room[b], room[a]);
        if (c != 0) {
            return c;
        }
        c = Double.compare(horizon[b], horizon[a]);
        if (c != 0) {
            return c;
        }
        // All three are 0 / -1 for milp and on fixed clusters: milp's classes and order are unchanged.
        c = Double.compare(readyIn[a], readyIn[b]);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(buyingPool[a], buyingPool[b]);
        if (c != 0) {
            return c;
        }
        return Double.compare(hazard[a], hazard[b]);
    };

    /** A spot node's interruptions per second: its pool's published hazard plus its availability trace's frequency. */
    private static double hazardOf(NodePools pools, int vm) {
        Interruptions interruptions = pools.pool(vm).interruptions();
        return interruptions.hazardPerSecond() + interruptions.traceRatePerSecond();
    }

    // Within a class, VMs stay in id order so that decoding is deterministic.
    private final Comparator<Integer> classKeyThenId = classKey.thenComparingInt(vm -> vm);

    /** Number of classes. */
    int size() {
        return classes;
    }

    /** Number of VMs in the class. */
    int count(int c) {
        return classStart[c + 1] - classStart[c];
    }

    /** The {@code k}-th VM of the class, in id order. */
    int vm(int c, int k) {
        return members[classStart[c] + k];
    }

    /** Executors of the job that fit one VM of the class (at most the job's executor count). */
    int room(int c) {
        return room[vm(c, 0)];
    }

    /** Remaining busy time of the class's VMs, capped at the job's longest possible duration. */
    double horizon(int c) {
        return horizon[vm(c, 0)];
    }

    boolean local(int c) {
        return local[vm(c, 0)];
    }

    double price(int c) {
        return price[vm(c, 0)];
    }

    /** Seconds until the class's VMs can run executors (0 for milp and on fixed clusters). */
    double readyIn(int c) {
        return readyIn[vm(c, 0)];
    }

    /** The pool that would buy the class's nodes (a slot not bought), or null. */
    NodePool buyingPool(int c) {
        int p = buyingPool[vm(c, 0)];
        return p < 0 ? null : pools.pool(vm(c, 0));
    }

    /** Spot interruptions per second of one of the class's nodes (0 for on-demand, milp and fixed clusters). */
    double hazard(int c) {
        return hazard[vm(c, 0)];
    }
}
