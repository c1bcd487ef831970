package io.execplace.schedulers.heuristics;

import io.execplace.core.model.Job;
import io.execplace.core.policy.ClusterView;

/**
 * {@code round-robin-consolidate}: Spark's consolidating placement (the RRC / FIFO-C baseline of
 * TPDS and HYB). VMs already hosting executors first, then idle VMs; inside each group the VM
 * with the fewest free cores first, ties by id; each VM is filled as far as it goes before the
 * next. The HYB reference sorts all VMs by fewest free cores with a comparator that is not a total
 * order (Java's sort throws on it at 180 VMs); execplace keeps its intent with a total order and
 * keeps Spark's "busy VMs first" (docs/fidelity.md).
 */
public final class RoundRobinConsolidate extends PackingHeuristic {

    /** Registry name. */
    public static final String NAME = "round-robin-consolidate";

    public RoundRobinConsolidate() {
        super(NAME);
    }

    @Override
    void pack(Job job, ClusterView cluster, PlacementBuilder b) {
        Packing.consolidate(b, cluster, false);
    }
}
