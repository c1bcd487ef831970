package io.execplace.schedulers.heuristics;

import io.execplace.core.model.Job;
import io.execplace.core.policy.ClusterView;

/**
 * {@code gio}: HYB Algorithm 2 (Greedy Iterative Optimization). If the local VMs together can hold
 * every executor, only local VMs are considered and {@code T_C = T_C^L}; otherwise all VMs are, with
 * {@code T_C = T_C^H} (in a cloud-only cluster that is simply all VMs). The considered VMs are sorted
 * by the extra cost of running one more executor there, {@code price × max(0, T_C − T_vm)} (Eqs. 17
 * and 18, {@code T_vm} = remaining busy time), ascending, ties active VMs before idle ones and then
 * by id, and packed greedily in that order.
 */
public final class Gio extends PackingHeuristic {

    /** Registry name. */
    public static final String NAME = "gio";

    public Gio() {
        super(NAME);
    }

    @Override
    void pack(Job job, ClusterView cluster, PlacementBuilder b) {
        Packing.localFirst(b, cluster, job, null);
    }
}
