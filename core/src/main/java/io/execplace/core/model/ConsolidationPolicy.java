package io.execplace.core.model;

import io.execplace.core.io.Choices;

/**
 * Which nodes a pool's consolidation may remove (Karpenter v1's {@code disruption.consolidationPolicy}):
 * only empty ones, or also under-used ones whose executors fit on the other nodes — those are evicted
 * and placed again.
 */
public enum ConsolidationPolicy {
    /** A node is removed once it has been empty for {@code consolidateAfter}. */
    WHEN_EMPTY("WhenEmpty"),
    /**
     * As {@link #WHEN_EMPTY}, and a node whose executors have not changed for {@code consolidateAfter}
     * is removed, its executors evicted, when they all fit on the cluster's other live nodes.
     */
    WHEN_EMPTY_OR_UNDERUTILIZED("WhenEmptyOrUnderutilized");

    private final String key;

    ConsolidationPolicy(String key) {
        this.key = key;
    }

    /** The spelling in cluster files, as in a Karpenter NodePool. */
    public String key() {
        return key;
    }

    public static ConsolidationPolicy parse(String text) {
        return Choices.parse(values(), ConsolidationPolicy::key, text, "consolidation policy");
    }
}
