package io.execplace.schedulers;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;

/**
 * {@code first-fit}: HYB Algorithm 1. Active VMs first, fullest first (least free cores, then least
 * free memory, then id), each packed with as many executors as fit; then the cheapest idle VM that
 * can take an executor is turned on and packed (ties by id), repeatedly. None when the cluster runs
 * out of room.
 */
public final class FirstFit implements PlacementPolicy {

    /** Registry name. */
    public static final String NAME = "first-fit";

    private final PlacementBuilder builder = new PlacementBuilder();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Placement place(Job job, ClusterView cluster) {
        builder.begin(job, cluster);
        Packing.firstFit(builder, cluster, null);
        return builder.build();
    }
}
