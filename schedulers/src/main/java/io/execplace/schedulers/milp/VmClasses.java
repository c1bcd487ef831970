package io.execplace.schedulers.milp;

import io.execplace.core.model.Job;
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
 * <p>Rebuilt for every decision; arrays are reused across decisions of one policy instance.
 */
final class VmClasses {

    private Integer[] order = new Integer[0];
    private int[] room = new int[0];
    private double[] horizon = new double[0];
    private boolean[] local = new boolean[0];
    private double[] price = new double[0];

    private int[] members = new int[0];
    private int[] classStart = new int[1];
    private int classes;

    /** Groups the VMs of {@code view} for {@code job}. */
    void build(Job job, ClusterView view) {
        int n = view.vmCount();
        if (room.length != n) {
            order = new Integer[n];
            room = new int[n];
            horizon = new double[n];
            local = new boolean[n];
            price = new double[n];
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
        return Double.compare(horizon[b], horizon[a]);
    };

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
}
