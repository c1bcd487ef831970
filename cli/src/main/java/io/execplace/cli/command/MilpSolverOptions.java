package io.execplace.cli.command;

import io.execplace.experiments.api.SchedulerTuning;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The exact scheduler's time limit and solver: part of {@link MilpLookaheadOptions}, and alone where a study runs milp. */
public final class MilpSolverOptions {

    @Mixin
    MilpTimeLimit timeLimit;

    @Option(names = "--milp-solver", paramLabel = "cp-sat|scip", description = "Solver of milp (default cp-sat, the faster here).")
    String milpSolver;

    /** A tuning with the two settings given; the caller adds the others. */
    public SchedulerTuning.Builder tuning() {
        return SchedulerTuning.builder().milpTimeLimit(timeLimit.millis).milpSolver(milpSolver);
    }
}
