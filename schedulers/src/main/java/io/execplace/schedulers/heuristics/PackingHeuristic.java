package io.execplace.schedulers.heuristics;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;

/**
 * A heuristic that decides one job at a time on its own {@link PlacementBuilder}: the builder is
 * started on the job and the cluster's free resources, the heuristic packs executors into it, and
 * what it placed is the placement (none when the job is not complete).
 */
abstract class PackingHeuristic implements PlacementPolicy {

    private final String name;
    private final PlacementBuilder builder = new PlacementBuilder();

    PackingHeuristic(String name) {
        this.name = name;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Placement place(Job job, ClusterView cluster) {
        builder.begin(job, cluster);
        pack(job, cluster, builder);
        return builder.build();
    }

    /** Places {@code job}'s executors on {@code b}, begun on the job and {@code cluster}. */
    abstract void pack(Job job, ClusterView cluster, PlacementBuilder b);
}
