package io.execplace.schedulers.elastic;

import io.execplace.core.policy.PlacementPolicy;

/**
 * {@code finish-together-overprovisioned}: {@link FinishTogetherSpot}'s placement and rules with
 * placeholder pods holding room for the short-slack jobs ({@link Overprovisioned}); and {@code
 * finish-together-protected-overprovisioned}, the same placeholders beside {@link FinishTogetherProtected}
 * (for pools that consolidate under-used nodes); and {@code finish-together-overprovisioned-large}, whose
 * placement buys nodes of the largest type and whose placeholders, 0.1 median demands of them (not 0.25), go
 * on on-demand nodes while no spot pool may buy. All run when named (docs/elastic.md, "Placeholder pods" and
 * the subsection after it).
 */
public final class FinishTogetherOverprovisioned {

    public static final String NAME = "finish-together-overprovisioned";
    public static final String PROTECTED_NAME = "finish-together-protected-overprovisioned";
    public static final String LARGE_NAME = "finish-together-overprovisioned-large";

    private FinishTogetherOverprovisioned() {
    }

    public static PlacementPolicy create() {
        return new Overprovisioned(new FinishTogetherSpot(), NAME);
    }

    public static PlacementPolicy createLarge() {
        return Overprovisioned.following(new FinishTogetherSpot(FinishTogether.buyingLargest(), FinishTogetherSpot.NAME),
                LARGE_NAME);
    }

    public static PlacementPolicy createProtected() {
        return new Overprovisioned(new FinishTogetherProtected(), PROTECTED_NAME);
    }
}
