package io.execplace.schedulers.heuristics;

import io.execplace.core.model.Job;
import io.execplace.core.policy.ClusterView;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * {@code random}: each executor goes to a VM drawn uniformly among those that can still take one
 * (counting the executors already assigned in this decision); none when no VM has room left. The
 * generator is seeded, so a run is reproducible: the same seed and the same sequence of calls give
 * the same placements.
 */
public final class RandomPlacement extends PackingHeuristic {

    /** Registry name. */
    public static final String NAME = "random";

    private final UniformRandomProvider rng;

    /** A random policy drawing from a generator seeded with {@code seed}. */
    public RandomPlacement(long seed) {
        super(NAME);
        this.rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
    }

    @Override
    void pack(Job job, ClusterView cluster, PlacementBuilder b) {
        int[] candidates = b.order();
        int len = 0;
        for (int vm = 0; vm < b.vmCount(); vm++) {
            if (b.room(vm) > 0) {
                candidates[len++] = vm;
            }
        }
        while (len > 0 && !b.complete()) {
            int i = rng.nextInt(len);
            int vm = candidates[i];
            b.placeOne(vm);
            if (b.room(vm) == 0) {
                candidates[i] = candidates[--len]; // drop the full VM; order among the rest is irrelevant
            }
        }
    }
}
