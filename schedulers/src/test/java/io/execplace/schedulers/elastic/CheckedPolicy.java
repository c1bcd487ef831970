package io.execplace.schedulers.elastic;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;

import java.util.function.BiConsumer;

/** A policy that runs a check on the view before each decision of the policy it wraps (tests of what policies read). */
final class CheckedPolicy implements PlacementPolicy {

    private final PlacementPolicy policy;
    private final BiConsumer<Job, ClusterView> check;

    CheckedPolicy(PlacementPolicy policy, BiConsumer<Job, ClusterView> check) {
        this.policy = policy;
        this.check = check;
    }

    @Override
    public String name() {
        return policy.name();
    }

    @Override
    public boolean namesProtections() {
        return policy.namesProtections();
    }

    @Override
    public Placement place(Job job, ClusterView view) {
        check.accept(job, view);
        return policy.place(job, view);
    }

    @Override
    public String neverPlaces(Job job, Cluster cluster) {
        return policy.neverPlaces(job, cluster);
    }
}
