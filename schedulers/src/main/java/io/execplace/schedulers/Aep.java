package io.execplace.schedulers;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;

/**
 * {@code aep}: TPDS's Adaptive Executor Placement baseline, which knows each job type's profiled
 * preference. Jobs that run best spread (WordCount, Sort) are placed round robin; jobs that run
 * best consolidated (PageRank) go all on one VM if any VM can hold them all (an active VM preferred,
 * then the cheapest, then the lowest id), else are packed consolidate style; jobs without a
 * preference are placed round robin, Spark's default.
 */
public final class Aep implements PlacementPolicy {

    /** Registry name. */
    public static final String NAME = "aep";

    private final PlacementBuilder builder = new PlacementBuilder();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Placement place(Job job, ClusterView cluster) {
        PlacementBuilder b = builder;
        b.begin(job, cluster);
        switch (job.type().preference()) {
            case CONSOLIDATE -> {
                int vm = bestSingleVm(b, cluster, job.executors());
                if (vm >= 0) {
                    b.fill(vm);
                } else {
                    Packing.consolidate(b, cluster);
                }
            }
            case SPREAD, ANY -> Packing.spread(b);
        }
        return b.build();
    }

    /** The VM that can hold all {@code executors} alone: active first, then cheapest, then lowest id; -1 if none. */
    private static int bestSingleVm(PlacementBuilder b, ClusterView view, int executors) {
        int best = -1;
        boolean bestActive = false;
        double bestPrice = 0;
        for (int vm = 0; vm < b.vmCount(); vm++) {
            if (b.room(vm) < executors) {
                continue;
            }
            boolean active = view.isActive(vm);
            double price = view.vm(vm).pricePerSecond();
            // Strict comparisons keep the lowest id among equals, since ids are scanned upwards.
            if (best < 0 || (active && !bestActive) || (active == bestActive && price < bestPrice)) {
                best = vm;
                bestActive = active;
                bestPrice = price;
            }
        }
        return best;
    }
}
