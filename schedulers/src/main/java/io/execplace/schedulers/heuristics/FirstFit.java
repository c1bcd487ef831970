package io.execplace.schedulers.heuristics;

import io.execplace.core.model.Job;
import io.execplace.core.policy.ClusterView;

/**
 * {@code first-fit}: HYB Algorithm 1. Active VMs first, each packed with as many executors as fit;
 * then the cheapest idle VM that can take an executor is turned on and packed (ties by id),
 * repeatedly (equally priced idle VMs ordered as the active ones below). None when the cluster runs
 * out of room. HYB says only "forall vm ∈ ActiveVMList";
 * the order of the active VMs is a choice:
 *
 * <ul>
 *   <li>{@code first-fit} (default): cheapest first, then the smallest {@code 0.8 × free cores +
 *       0.2 × free memory (GB)}, then id, for the active and then the idle VMs — the HYB reference
 *       simulator's VM order (its {@code VMComparator}, {@code resourceSplitThreshold = 0.2}).</li>
 *   <li>{@code first-fit-fullest}: fewest free cores first, then least free memory, then id,
 *       whatever the price (execplace's earlier rule; it packs tighter but ignores price).</li>
 * </ul>
 */
public final class FirstFit extends PackingHeuristic {

    /** Registry name of the reference order (active VMs cheapest first). */
    public static final String NAME = "first-fit";

    /** Registry name of the fullest-first order. */
    public static final String FULLEST_NAME = "first-fit-fullest";

    private final boolean fullest;

    /** Active VMs cheapest first, as the HYB reference. */
    public FirstFit() {
        this(false);
    }

    /** {@code fullestFirst}: active VMs fewest free cores first instead of cheapest first. */
    public FirstFit(boolean fullestFirst) {
        super(fullestFirst ? FULLEST_NAME : NAME);
        this.fullest = fullestFirst;
    }

    @Override
    void pack(Job job, ClusterView cluster, PlacementBuilder b) {
        Packing.firstFit(b, cluster, fullest ? Packing.ActiveOrder.FULLEST : Packing.ActiveOrder.CHEAPEST);
    }
}
