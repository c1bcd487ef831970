package io.execplace.experiments.run;

import io.execplace.core.metrics.RunSummary;

/**
 * The outcome of one (scheduler, seed) run.
 *
 * @param scheduler    scheduler name
 * @param seed         seed of the workload and the scheduler
 * @param summary      the run's numbers
 * @param costTimeline cumulative cost over time, for charts
 */
public record CellResult(String scheduler, long seed, RunSummary summary, CostTimeline costTimeline) {
}
