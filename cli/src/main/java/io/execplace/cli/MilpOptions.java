package io.execplace.cli;

import io.execplace.schedulers.SchedulerOptions;
import io.execplace.schedulers.Schedulers;
import io.execplace.schedulers.lookahead.LookaheadOptions;
import picocli.CommandLine.Option;

/**
 * Options of the exact scheduler and of {@code lookahead}, for the commands that run schedulers on scenarios. Kept apart
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

    @Option(names = "--lookahead-horizon", paramLabel = "N",
            description = "lookahead: sampled future arrivals per rollout (default 10; 0 = act as the rollout policy).")
    Integer lookaheadHorizon;

    @Option(names = "--lookahead-candidates", paramLabel = "N",
            description = "lookahead: placements scored per decision besides waiting (default 4: the rollout policy's, milp's, gio's, first-fit's).")
    Integer lookaheadCandidates;

    @Option(names = "--lookahead-rollout", paramLabel = "NAME",
            description = "lookahead: the fast policy of its rollouts (default first-fit).")
    String lookaheadRollout;

    @Option(names = "--lookahead-samples", paramLabel = "N",
            description = "lookahead: sampled futures per decision (default 4).")
    Integer lookaheadSamples;

    @Option(names = "--lookahead-margin", paramLabel = "F",
            description = "lookahead: another candidate replaces milp's only if its rollouts cost this fraction less (default 0).")
    Double lookaheadMargin;

    /** The options with beta, the milp time limit and solver given on the command line laid over them. */
    SchedulerOptions apply(SchedulerOptions o) {
        SchedulerOptions r = o;
        if (beta != null) {
            r = r.withBeta(beta);
        }
        if (milpTimeLimitMs != null) {
            r = r.withMilpTimeLimitMillis(milpTimeLimitMs);
        }
        if (milpSolver != null) {
            r = r.withMilpSolver(io.execplace.schedulers.milp.MilpSolver.parse(milpSolver));
        }
        return r;
    }

    /** The scheduler options with the lookahead settings given on the command line laid over them. */
    SchedulerOptions withLookahead(SchedulerOptions o) {
        LookaheadOptions l = o.lookahead();
        if (lookaheadHorizon != null) {
            l = Options.checked("--lookahead-horizon", () -> o.lookahead().withHorizon(lookaheadHorizon));
        }
        if (lookaheadCandidates != null) {
            LookaheadOptions before = l;
            l = Options.checked("--lookahead-candidates", () -> before.withCandidates(lookaheadCandidates));
        }
        if (lookaheadRollout != null) {
            // an unknown name fails here, before any run
            Options.checked("--lookahead-rollout", () -> Schedulers.create(lookaheadRollout, 1, o));
            LookaheadOptions before = l;
            l = Options.checked("--lookahead-rollout", () -> before.withRollout(lookaheadRollout));
        }
        if (lookaheadSamples != null) {
            LookaheadOptions before = l;
            l = Options.checked("--lookahead-samples", () -> before.withSamples(lookaheadSamples));
        }
        if (lookaheadMargin != null) {
            LookaheadOptions before = l;
            l = Options.checked("--lookahead-margin", () -> before.withMargin(lookaheadMargin));
        }
        return o.withLookahead(l);
    }

}
