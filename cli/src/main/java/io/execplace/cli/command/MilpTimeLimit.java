package io.execplace.cli.command;

import io.execplace.schedulers.milp.MilpOptions;
import picocli.CommandLine.Option;

/** {@code --milp-time-limit}: part of {@link MilpSolverOptions}, and alone in {@code k8s-scheduler}. */
public final class MilpTimeLimit {

    @Option(names = "--milp-time-limit", paramLabel = "MS",
            description = "milp wall-time limit per decision in milliseconds (default " + MilpOptions.DEFAULT_TIME_LIMIT_MILLIS
                    + "); past it the best placement found is used, or gio's.")
    public Long millis;
}
