package io.execplace.schedulers.elastic;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;

/**
 * {@code finish-together-protected}: {@link FinishTogetherSteady}'s placement, whose executors carry
 * Karpenter's {@code karpenter.sh/do-not-disrupt} for the job's expected run where an eviction would
 * cost more than the node time a drain could keep ({@link EvictionGuard}). Under-used consolidation
 * still drains the nodes whose executors are cheap to move; empty nodes go as before. On pools that
 * remove only empty nodes it is {@code finish-together-steady} to the digit.
 */
public final class FinishTogetherProtected implements PlacementPolicy {

    public static final String NAME = "finish-together-protected";

    /**
     * {@link EvictionGuard}'s weight. On seeds 1-5 of {@code hybrid-medium} on {@code
     * elastic-ondemand-underutilized} (docs/elastic.md) it hardly matters: executors evicted 71, 73 and 89
     * at 0.25, 1 and 4, cost 30.8, 30.8 and 30.9.
     */
    static final double IDLE_WEIGHT = 1;

    private final FinishTogetherSteady placement = new FinishTogetherSteady();
    private final EvictionGuard guard;

    public FinishTogetherProtected() {
        this(IDLE_WEIGHT);
    }

    FinishTogetherProtected(double idleWeight) {
        this.guard = new EvictionGuard(idleWeight);
    }

    @Override
    public String name() {
        return NAME;
    }

    /** A placement it leaves unprotected is meant so: the drain there costs less than the node time it keeps. */
    @Override
    public boolean namesProtections() {
        return true;
    }

    @Override
    public Placement place(Job job, ClusterView view) {
        return guard.protect(job, placement.place(job, view), view);
    }
}
