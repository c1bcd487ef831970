package io.execplace.core.sim;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;

/**
 * Checks a placement against a {@link ClusterState} before the kernel applies it: executor count, known
 * VMs, free cores and memory per VM (several executors on one VM counted together) and, on an elastic
 * cluster, the launches it asks for.
 */
final class PlacementCheck {

    private final ClusterState state;
    /** The node lives of an elastic cluster; null for a fixed one. */
    private final NodeLifecycle nodes;
    /** Executors per VM of the placement being checked; all zero between calls. */
    private final int[] scratchCount;

    PlacementCheck(ClusterState state, NodeLifecycle nodes) {
        this.state = state;
        this.nodes = nodes;
        this.scratchCount = new int[state.vmCount()];
    }

    /** Null when {@code placement} is well formed and fits the free resources now, else what is wrong. */
    String validate(Job job, Placement placement) {
        if (placement.executors() != job.executors()) {
            return "placed " + placement.executors() + " executors, job " + job.id() + " needs " + job.executors();
        }
        String error = null;
        for (int i = 0; i < placement.executors(); i++) {
            int vm = placement.vm(i);
            if (vm < 0 || vm >= state.vmCount()) {
                error = "executor " + i + " of job " + job.id() + " placed on unknown VM " + vm;
                break;
            }
            scratchCount[vm]++;
        }
        for (int i = 0; error == null && i < placement.executors(); i++) {
            int vm = placement.vm(i);
            int count = scratchCount[vm];
            if (count == 0) {
                continue; // already checked
            }
            if ((long) count * job.coresPerExecutor() > state.freeCores(vm)) {
                error = "VM " + vm + " over capacity: job " + job.id() + " puts " + count + " executors of "
                        + job.coresPerExecutor() + " cores on " + state.freeCores(vm) + " free cores";
            } else if (count * job.memoryGbPerExecutor() > state.freeMemoryGb(vm) + Capacity.EPSILON) {
                error = "VM " + vm + " over capacity: job " + job.id() + " puts " + count + " executors of "
                        + job.memoryGbPerExecutor() + " GB on " + state.freeMemoryGb(vm) + " GB free";
            }
            scratchCount[vm] = 0;
        }
        for (int i = 0; i < placement.executors(); i++) {
            int vm = placement.vm(i);
            if (vm >= 0 && vm < state.vmCount()) {
                scratchCount[vm] = 0;
            }
        }
        if (error == null && nodes != null) {
            error = nodes.checkLaunches(placement);
        }
        return error;
    }
}
