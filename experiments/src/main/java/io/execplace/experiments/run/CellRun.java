package io.execplace.experiments.run;

import io.execplace.core.metrics.CostLowerBound;
import io.execplace.core.metrics.HjsTarget;
import io.execplace.core.metrics.RunResult;
import io.execplace.schedulers.spi.SolverCounts;

/**
 * One finished cell with everything it produced: the full run result (per-job records, for
 * schedule traces) and, for exact schedulers, their solver counts.
 *
 * @param scheduler scheduler name
 * @param seed      seed
 * @param result    the simulation's result
 * @param counts    what the policy counted about its decisions (solver, agent fallbacks)
 */
public record CellRun(String scheduler, long seed, RunResult result, PolicyCounts counts) {

    /** Solver counts, or null for schedulers without a solver. */
    public SolverCounts solver() {
        return counts.solver();
    }

    /** The cell's summary for results files, with its lower bound and a cost curve of {@code points} samples. */
    public CellResult toCellResult(int points) {
        return new CellResult(scheduler, seed, result.summary(), CostTimeline.of(result, points),
                CostLowerBound.ofRun(result), counts, HjsTarget.of(result), result.capacity());
    }
}
