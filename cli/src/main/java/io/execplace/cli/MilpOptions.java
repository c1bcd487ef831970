package io.execplace.cli;

import picocli.CommandLine.Option;

/**
 * Options of the exact scheduler, for the commands that run schedulers on scenarios. Kept apart
 * from {@link ScenarioOptions} because {@code train} has a {@code --beta} of its own (the reward
 * weight of R_epi).
 */
final class MilpOptions {

    @Option(names = "--beta", paramLabel = "0..1",
            description = "milp objective (TPDS Eq. 6): weight of cost against job duration; 1 = cost only (default), 0 = duration only.")
    Double beta;

    @Option(names = "--milp-time-limit", paramLabel = "MS",
            description = "milp wall-time limit per decision in milliseconds (default 1000); past it the best placement found is used, or gio's.")
    Long milpTimeLimitMs;

    @Option(names = "--milp-solver", paramLabel = "cp-sat|scip", description = "Solver of milp (default cp-sat, the faster here).")
    String milpSolver;

}
