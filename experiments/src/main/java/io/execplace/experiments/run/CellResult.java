package io.execplace.experiments.run;

import io.execplace.core.metrics.CapacityStats;
import io.execplace.core.metrics.HjsTarget;
import io.execplace.core.metrics.RunSummary;
import io.execplace.schedulers.spi.AgentCounts;
import io.execplace.schedulers.spi.SolverCounts;

/**
 * The outcome of one (scheduler, seed) run.
 *
 * @param scheduler    scheduler name
 * @param seed         seed of the workload and the scheduler
 * @param summary      the run's numbers
 * @param costTimeline cumulative cost over time, for charts
 * @param lowerBound   the least total VM cost any scheduler could reach on the jobs this run
 *                     completed ({@link io.execplace.core.metrics.CostLowerBound})
 * @param counts       how an exact scheduler's or an agent's decisions ended ({@link PolicyCounts})
 * @param target       HJS {@code Target} (Eq. 5) of the run, or null when its workload has no deadline job
 * @param capacity     what an elastic cluster's capacity did ({@link CapacityStats#NONE} on a fixed cluster;
 *                     absent in cells written before elastic clusters existed)
 */
public record CellResult(String scheduler, long seed, RunSummary summary, CostTimeline costTimeline,
                         double lowerBound, PolicyCounts counts, HjsTarget target, CapacityStats capacity) {

    public CellResult {
        if (capacity == null) {
            capacity = CapacityStats.NONE;
        }
    }

    /** How an exact scheduler's decisions ended, or null for schedulers without a solver. */
    public SolverCounts solver() {
        return counts.solver();
    }

    /** How a learned scheduler's decisions ended, or null for other schedulers. */
    public AgentCounts agent() {
        return counts.agent();
    }

    /** The Target value, or NaN when the workload has no deadline job. */
    public double targetValue() {
        return target == null ? Double.NaN : target.target();
    }

    /** Total cost divided by the lower bound (at least 1); NaN when the bound is 0. */
    public double costToBound() {
        return lowerBound > 0 ? summary.totalCost() / lowerBound : Double.NaN;
    }
}
