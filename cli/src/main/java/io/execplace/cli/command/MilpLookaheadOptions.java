package io.execplace.cli.command;

import io.execplace.experiments.api.SchedulerTuning;
import io.execplace.schedulers.lookahead.LookaheadOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Options of the exact scheduler and of {@code lookahead}, for the commands that run schedulers on scenarios; they
 * become a {@link SchedulerTuning}, which checks and applies them. Kept apart
 * from {@link ScenarioOptions} because {@code train} has a {@code --beta} of its own (the reward
 * weight of R_epi).
 */
public final class MilpLookaheadOptions {

    @Option(names = "--beta", paramLabel = "0..1",
            description = "milp objective (TPDS Eq. 6): weight of cost against job duration; 1 = cost only (default), 0 = duration only.")
    Double beta;

    @Mixin
    MilpSolverOptions milp;

    @Option(names = "--lookahead-horizon", paramLabel = "N",
            description = "lookahead: sampled future arrivals per rollout (default " + LookaheadOptions.DEFAULT_HORIZON
                    + "; 0 = act as the rollout policy).")
    Integer lookaheadHorizon;

    @Option(names = "--lookahead-candidates", paramLabel = "N",
            description = "lookahead: placements scored per decision besides waiting (default " + LookaheadOptions.DEFAULT_CANDIDATES
                    + ": the rollout policy's, then milp's, gio's, first-fit's, ... distinct ones).")
    Integer lookaheadCandidates;

    @Option(names = "--lookahead-rollout", paramLabel = "NAME",
            description = "lookahead: the fast policy of its rollouts, any scheduler but lookahead, agent:PATH included (default "
                    + LookaheadOptions.DEFAULT_ROLLOUT + ").")
    String lookaheadRollout;

    @Option(names = "--lookahead-samples", paramLabel = "N",
            description = "lookahead: sampled futures per decision (default " + LookaheadOptions.DEFAULT_SAMPLES + ").")
    Integer lookaheadSamples;

    @Option(names = "--lookahead-margin", paramLabel = "F",
            description = "lookahead: another candidate replaces milp's only if its rollouts cost this fraction less (default "
                    + LookaheadOptions.DEFAULT_MARGIN + ").")
    Double lookaheadMargin;

    @Option(names = "--lookahead-proposer", paramLabel = "NAME",
            description = "lookahead: a scheduler whose placement is scored right after milp's, e.g. agent:PATH "
                    + "(default: none).")
    String lookaheadProposer;

    @Option(names = "--lookahead-objective", paramLabel = "cost|target",
            description = "lookahead: what rollouts score: cost (default) or target (cost plus C_max/D_num per missed "
                    + "deadline: HJS Eq. 5's Target).")
    String lookaheadObjective;

    @Option(names = "--lookahead-miss-guard", paramLabel = "every|mean",
            description = "lookahead on elastic clusters: a candidate replaces the rollout policy's decision only if it "
                    + "misses no more deadlines on every future (every, default) or over all of them together (mean).")
    String lookaheadMissGuard;

    @Option(names = "--lookahead-spot-windows", paramLabel = "stay|drawn",
            description = "lookahead on elastic clusters: what its rollouts assume of a spot pool's availability trace: "
                    + "stay (default: a pool closed now stays closed, no reclaim to come) or drawn (windows and reclaims "
                    + "drawn from the trace's mean rates and lengths).")
    String lookaheadSpotWindows;

    @Option(names = "--lookahead-forecast", paramLabel = "FILE",
            description = "lookahead: a workload trace of training jobs (e.g. execplace generate --seed 501 --jobs 5000) "
                    + "whose shapes and arrival gaps its sampled futures draw from besides the jobs seen (default: none).")
    java.nio.file.Path lookaheadForecast;

    /** The settings given, for the library API that lays them over a run's scheduler options. */
    public SchedulerTuning tuning() {
        return milp.tuning().beta(beta)
                .lookaheadHorizon(lookaheadHorizon).lookaheadCandidates(lookaheadCandidates)
                .lookaheadRollout(lookaheadRollout).lookaheadSamples(lookaheadSamples).lookaheadMargin(lookaheadMargin)
                .lookaheadProposer(lookaheadProposer).lookaheadObjective(lookaheadObjective)
                .lookaheadMissGuard(lookaheadMissGuard).lookaheadForecast(lookaheadForecast)
                .lookaheadSpotWindows(lookaheadSpotWindows).build();
    }
}
