package io.execplace.schedulers.heuristics;

import io.execplace.core.model.Job;
import io.execplace.core.policy.ClusterView;

/**
 * {@code round-robin}: Spark standalone's default "spread out" placement (the RR baseline of TPDS
 * and HYB). VMs that can take one more executor, most free cores first (ties by VM id), get one
 * executor each per pass; passes repeat until all executors are placed, or none if a pass places
 * nothing. The HYB reference instead walks its VM list from VM 0 in list order (no sorting);
 * execplace sorts as Spark standalone does (docs/fidelity.md).
 */
public final class RoundRobin extends PackingHeuristic {

    /** Registry name. */
    public static final String NAME = "round-robin";

    public RoundRobin() {
        super(NAME);
    }

    @Override
    void pack(Job job, ClusterView cluster, PlacementBuilder b) {
        Packing.spread(b);
    }
}
