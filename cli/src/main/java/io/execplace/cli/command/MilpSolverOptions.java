package io.execplace.cli.command;

import io.execplace.experiments.api.SchedulerTuning;
import io.execplace.schedulers.milp.MilpOptions;
import picocli.CommandLine.Option;

/** The exact scheduler's time limit and solver: part of {@link MilpLookaheadOptions}, and alone where a study runs milp. */
public final class MilpSolverOptions {

    @Option(names = "--milp-time-limit", paramLabel = "MS",
            description = "milp wall-time limit per decision in milliseconds (default " + MilpOptions.DEFAULT_TIME_LIMIT_MILLIS
                    + "); past it the best placement found is used, or gio's.")
    Long milpTimeLimitMs;

    @Option(names = "--milp-solver", paramLabel = "cp-sat|scip", description = "Solver of milp (default cp-sat, the faster here).")
    String milpSolver;

    /** A tuning with the two settings given; the caller adds the others. */
    public SchedulerTuning.Builder tuning() {
        return SchedulerTuning.builder().milpTimeLimit(milpTimeLimitMs).milpSolver(milpSolver);
    }
}
