package io.execplace.schedulers.heuristics;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;

/**
 * {@code round-robin}: Spark standalone's default "spread out" placement (the RR baseline of TPDS
 * and HYB). VMs that can take one more executor, most free cores first (ties by VM id), get one
 * executor each per pass; passes repeat until all executors are placed, or none if a pass places
 * nothing. The HYB reference instead walks its VM list from VM 0 in list order (no sorting);
 * execplace sorts as Spark standalone does (docs/fidelity.md).
 */
public final class RoundRobin implements PlacementPolicy {

    /** Registry name. */
    public static final String NAME = "round-robin";

    private final PlacementBuilder builder = new PlacementBuilder();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Placement place(Job job, ClusterView cluster) {
        builder.begin(job, cluster);
        Packing.spread(builder);
        return builder.build();
    }
}
