package io.execplace.schedulers.elastic;

import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.Job;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;

import java.util.HashMap;
import java.util.Map;

/**
 * What a deadline-aware choice between spot and on-demand knows of a job at a placement decision:
 * the work it asked for when first seen (a job an interruption stopped comes back with the work that
 * is left), how long a placement makes it wait, what a restart after an interruption would cost it,
 * and how likely an interruption is while it runs. One instance per run.
 */
final class SpotRisk {

    private final Map<Integer, Double> firstWork = new HashMap<>();

    /** C(0) of Can't Be Late: the job's base duration when this run first saw it. */
    double initialWork(Job job) {
        return firstWork.computeIfAbsent(job.id(), id -> job.baseDuration());
    }

    /** Seconds until the last node of the placement (its driver's too) can run pods (a node to buy: its pool's mean launch delay). */
    static double waitFor(Placement placement, ClusterView view) {
        double wait = placement.hasDriver() ? view.readyIn(placement.driverVm()) : 0;
        for (int e = 0; e < placement.executors(); e++) {
            wait = Math.max(wait, view.readyIn(placement.vm(e)));
        }
        return wait;
    }

    /**
     * Seconds an interruption can add to the job in the worst case: a new node's launch (the mean delay
     * of the first on-demand pool, where a restarted job would go) and, without Spark's graceful
     * decommissioning, the work of this run again — an interruption just before the end loses the
     * map output of every executor on the lost nodes, up to all of them (docs/elastic.md). The notice
     * costs no time of its own: the job runs on through it, and that work is in the redone part.
     */
    static double restartSeconds(Job job, NodePools pools) {
        return onDemandLaunchSeconds(pools) + (pools.gracefulDecommission() ? 0 : job.baseDuration());
    }

    /** The mean launch delay of the first on-demand pool (of the first pool when there is none). */
    static double onDemandLaunchSeconds(NodePools pools) {
        return pools.onDemandLaunchSeconds();
    }

    /** True when one of the pools is spot. */
    static boolean hasSpot(NodePools pools) {
        // A loop, not a stream: asked at every decision of the spot policies.
        for (NodePool pool : pools.pools()) {
            if (pool.capacityType() == CapacityType.SPOT) {
                return true;
            }
        }
        return false;
    }

    /**
     * Probability that the placement's spot nodes are interrupted within {@code seconds}: each node at
     * its pool's published hazard, and each pool taken back as often as its availability trace says
     * on average (the trace's count over its span — the historical frequency a team would know, as the
     * Spot Instance Advisor's band is; not the future times).
     */
    static double interruptionProbability(Placement placement, NodePools pools, double seconds) {
        boolean[] counted = new boolean[pools.slotCount()];
        boolean[] poolCounted = new boolean[pools.pools().size()];
        double rate = 0;
        for (int e = 0; e < placement.executors(); e++) {
            int vm = placement.vm(e);
            if (counted[vm] || pools.capacityType(vm) != CapacityType.SPOT) {
                continue;
            }
            counted[vm] = true;
            Interruptions interruptions = pools.pool(vm).interruptions();
            rate += interruptions.hazardPerSecond();
            int p = pools.poolIndex(vm);
            if (!poolCounted[p]) {
                poolCounted[p] = true;
                rate += traceRatePerSecond(interruptions);
            }
        }
        return 1 - Math.exp(-rate * seconds);
    }

    /** Reclaims per second of an availability trace over its span (0 without a trace). */
    static double traceRatePerSecond(Interruptions interruptions) {
        return interruptions.traceRatePerSecond();
    }
}
