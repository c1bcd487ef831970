package io.execplace.kubernetes.cluster;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Vm;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.rules.DurationModel;

/**
 * The snapshot as one application's policy call sees it: a node the application's pods may not run
 * on (a filter refused it) shows no free CPU, and a node shows at most the CPU of the executors it
 * can really take (its pod limit, GPUs and other requested resources counted), so no policy can
 * choose a node kube-scheduler would refuse. Everything else is the snapshot's.
 */
public final class ApplicationView implements ClusterView {

    private final ClusterSnapshot snapshot;
    private final long[] room;
    private final long coresPerExecutor;

    /**
     * @param room             per VM, how many of the application's executors it may take (0 when filtered out)
     * @param coresPerExecutor the executor's CPU in the snapshot's units
     */
    public ApplicationView(ClusterSnapshot snapshot, long[] room, int coresPerExecutor) {
        if (room.length != snapshot.vmCount()) {
            throw new IllegalArgumentException("room for " + room.length + " VMs, snapshot has " + snapshot.vmCount());
        }
        this.snapshot = snapshot;
        this.room = room.clone();
        this.coresPerExecutor = Math.max(1, coresPerExecutor);
    }

    /** How many of the application's executors the VM may take. */
    public long room(int vm) {
        return room[vm];
    }

    /** Why the placement breaks a filter or a node's limits, or null when it keeps them. */
    public String validate(Placement p) {
        int[] count = new int[room.length];
        for (int i = 0; i < p.executors(); i++) {
            int vm = p.vm(i);
            if (vm < 0 || vm >= room.length) {
                return "executor " + i + " placed on VM " + vm + ", which does not exist";
            }
            count[vm]++;
        }
        for (int vm = 0; vm < room.length; vm++) {
            if (count[vm] > room[vm]) {
                return count[vm] + " executors placed on node " + snapshot.nodeName(vm) + ", which may take "
                        + room[vm] + " of them (filters, pod limit and resources counted)";
            }
        }
        return null;
    }

    @Override
    public int freeCores(int vm) {
        return (int) Math.min(snapshot.freeCores(vm), Math.min(room[vm], Integer.MAX_VALUE) * coresPerExecutor);
    }

    @Override
    public double freeMemoryGb(int vm) {
        return room[vm] == 0 ? 0 : snapshot.freeMemoryGb(vm);
    }

    @Override
    public Cluster cluster() {
        return snapshot.cluster();
    }

    @Override
    public double now() {
        return snapshot.now();
    }

    @Override
    public DurationModel durationModel() {
        return snapshot.durationModel();
    }

    @Override
    public int executorsOn(int vm) {
        return snapshot.executorsOn(vm);
    }

    @Override
    public double remainingBusyTime(int vm) {
        return snapshot.remainingBusyTime(vm);
    }

    @Override
    public int vmCount() {
        return snapshot.vmCount();
    }

    @Override
    public boolean drainsUnderused(int vm) {
        return snapshot.drainsUnderused(vm);
    }

    @Override
    public double relaunchSeconds() {
        return snapshot.relaunchSeconds();
    }

    @Override
    public Vm vm(int id) {
        return snapshot.vm(id);
    }
}
