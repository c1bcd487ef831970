package io.execplace.schedulers.elastic;

import io.execplace.core.policy.PlacementPolicy;

/**
 * {@code finish-together-overprovisioned}: {@link FinishTogetherSpot}'s placement and rules with
 * placeholder pods holding room for the short-slack jobs ({@link Overprovisioned}); and {@code
 * finish-together-protected-overprovisioned}, the same placeholders beside {@link FinishTogetherProtected}
 * (for pools that consolidate under-used nodes). Both run when named (docs/elastic.md, "Placeholder pods").
 */
public final class FinishTogetherOverprovisioned {

    public static final String NAME = "finish-together-overprovisioned";
    public static final String PROTECTED_NAME = "finish-together-protected-overprovisioned";

    private FinishTogetherOverprovisioned() {
    }

    public static PlacementPolicy create() {
        return new Overprovisioned(new FinishTogetherSpot(), NAME);
    }

    public static PlacementPolicy createProtected() {
        return new Overprovisioned(new FinishTogetherProtected(), PROTECTED_NAME);
    }
}
