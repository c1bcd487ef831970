package io.execplace.schedulers;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;

/**
 * {@code round-robin-consolidate}: Spark's consolidating placement (the RRC / FIFO-C baseline of
 * TPDS and HYB). VMs already hosting executors first (by id), then idle VMs (by id); each VM is
 * filled as far as it goes before the next.
 */
public final class RoundRobinConsolidate implements PlacementPolicy {

    /** Registry name. */
    public static final String NAME = "round-robin-consolidate";

    private final PlacementBuilder builder = new PlacementBuilder();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Placement place(Job job, ClusterView cluster) {
        builder.begin(job, cluster);
        Packing.consolidate(builder, cluster);
        return builder.build();
    }
}
