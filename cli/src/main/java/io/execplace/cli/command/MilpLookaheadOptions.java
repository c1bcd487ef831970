package io.execplace.cli.command;

import io.execplace.core.io.BadInputException;
import io.execplace.schedulers.lookahead.ForecastPool;
import io.execplace.schedulers.lookahead.LookaheadOptions;
import io.execplace.schedulers.lookahead.SpotWindows;
import io.execplace.schedulers.milp.MilpSolver;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.spi.SchedulerRegistry;
import picocli.CommandLine.Option;

/**
 * Options of the exact scheduler and of {@code lookahead}, for the commands that run schedulers on scenarios. Kept apart
 * from {@link ScenarioOptions} because {@code train} has a {@code --beta} of its own (the reward
 * weight of R_epi).
 */
public final class MilpLookaheadOptions {

    @Option(names = "--beta", paramLabel = "0..1",
            description = "milp objective (TPDS Eq. 6): weight of cost against job duration; 1 = cost only (default), 0 = duration only.")
    Double beta;

    @Option(names = "--milp-time-limit", paramLabel = "MS",
            description = "milp wall-time limit per decision in milliseconds (default "
                    + io.execplace.schedulers.milp.MilpOptions.DEFAULT_TIME_LIMIT_MILLIS + "); past it the best placement found is used, or gio's.")
    Long milpTimeLimitMs;

    @Option(names = "--milp-solver", paramLabel = "cp-sat|scip", description = "Solver of milp (default cp-sat, the faster here).")
    String milpSolver;

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

    /**
     * Refuses options of milp and lookahead when the run has neither (as --weight-lambda is refused
     * without hjs-weight): a value that is silently ignored reads as if it had been used. milp's
     * options also reach lookahead, whose candidates include milp's placement. Trained agents may
     * plan with lookahead themselves, so a run with one is not checked.
     */
    void checkUsed(java.util.Collection<String> schedulers) {
        boolean agents = schedulers.stream().anyMatch(n -> n.startsWith("agent:"));
        boolean lookahead = agents || schedulers.stream().anyMatch(n -> n.startsWith("lookahead"));
        boolean milp = lookahead || schedulers.stream().anyMatch(n -> n.startsWith("milp"));
        String given = milpTimeLimitMs != null ? "--milp-time-limit" : milpSolver != null ? "--milp-solver" : null;
        if (!milp && given != null) {
            throw BadInputException.option(given, "applies to the schedulers milp and lookahead, and the run has neither");
        }
        String look = lookaheadHorizon != null ? "--lookahead-horizon" : lookaheadCandidates != null ? "--lookahead-candidates"
                : lookaheadRollout != null ? "--lookahead-rollout" : lookaheadSamples != null ? "--lookahead-samples"
                : lookaheadMargin != null ? "--lookahead-margin" : lookaheadProposer != null ? "--lookahead-proposer"
                : lookaheadObjective != null ? "--lookahead-objective"
                : lookaheadForecast != null ? "--lookahead-forecast"
                : lookaheadSpotWindows != null ? "--lookahead-spot-windows"
                : lookaheadMissGuard != null ? "--lookahead-miss-guard" : null;
        if (!lookahead && look != null) {
            throw BadInputException.option(look, "applies to the scheduler lookahead, and the run has none");
        }
    }

    /** {@link #apply}, a bad value refused as bad input naming its option. */
    public SchedulerOptions checkedApply(SchedulerOptions o) {
        if (beta != null) {
            Options.checked("--beta", () -> io.execplace.schedulers.milp.MilpOptions.defaults().withBeta(beta));
        }
        if (milpTimeLimitMs != null) {
            Options.checked("--milp-time-limit",
                    () -> io.execplace.schedulers.milp.MilpOptions.defaults().withTimeLimitMillis(milpTimeLimitMs));
        }
        if (milpSolver != null) {
            Options.checked("--milp-solver", () -> MilpSolver.parse(milpSolver));
        }
        return apply(o);
    }

    /** The training jobs of {@code --lookahead-forecast}, read before any run; a bad file is bad input. */
    private ForecastPool forecastPool() {
        if (!java.nio.file.Files.isReadable(lookaheadForecast)) {
            throw BadInputException.option("--lookahead-forecast", "cannot read " + lookaheadForecast);
        }
        java.util.List<io.execplace.core.model.Job> jobs;
        try {
            jobs = io.execplace.core.workload.Traces.read(lookaheadForecast).jobs();
        } catch (java.io.IOException e) {
            throw BadInputException.option("--lookahead-forecast", "cannot read " + lookaheadForecast + ": " + e.getMessage());
        }
        if (jobs.size() < 2) {
            throw BadInputException.option("--lookahead-forecast", lookaheadForecast + " has " + jobs.size()
                    + " job(s); a forecast needs at least 2 (one arrival gap)");
        }
        return ForecastPool.of(jobs);
    }

    /** The options with beta, the milp time limit and solver given on the command line laid over them. */
    SchedulerOptions apply(SchedulerOptions o) {
        io.execplace.schedulers.milp.MilpOptions m = io.execplace.schedulers.milp.MilpOptions.of(o);
        if (beta != null) {
            m = m.withBeta(beta);
        }
        if (milpTimeLimitMs != null) {
            m = m.withTimeLimitMillis(milpTimeLimitMs);
        }
        if (milpSolver != null) {
            m = m.withSolver(MilpSolver.parse(milpSolver));
        }
        return o.with(m);
    }

    /**
     * The scheduler options with the lookahead settings given on the command line laid over them; the
     * rollout policy is checked against {@code registry}, the one the command runs schedulers from.
     */
    public SchedulerOptions withLookahead(SchedulerOptions o, SchedulerRegistry registry) {
        LookaheadOptions l = LookaheadOptions.of(o);
        if (lookaheadHorizon != null) {
            LookaheadOptions before = l;
            l = Options.checked("--lookahead-horizon", () -> before.withHorizon(lookaheadHorizon));
        }
        if (lookaheadCandidates != null) {
            LookaheadOptions before = l;
            l = Options.checked("--lookahead-candidates", () -> before.withCandidates(lookaheadCandidates));
        }
        if (lookaheadRollout != null) {
            // an unknown name (or an unreadable agent file) fails here, before any run
            Options.checked("--lookahead-rollout", () -> registry.check(lookaheadRollout));
            LookaheadOptions before = l;
            l = Options.checked("--lookahead-rollout", () -> before.withRollout(lookaheadRollout));
        }
        if (lookaheadProposer != null) {
            Options.checked("--lookahead-proposer", () -> registry.check(lookaheadProposer));
            LookaheadOptions before = l;
            l = Options.checked("--lookahead-proposer", () -> before.withProposer(lookaheadProposer));
        }
        if (lookaheadObjective != null) {
            LookaheadOptions before = l;
            l = Options.checked("--lookahead-objective", () -> before.withObjective(lookaheadObjective));
        }
        if (lookaheadSamples != null) {
            LookaheadOptions before = l;
            l = Options.checked("--lookahead-samples", () -> before.withSamples(lookaheadSamples));
        }
        if (lookaheadMargin != null) {
            LookaheadOptions before = l;
            l = Options.checked("--lookahead-margin", () -> before.withMargin(lookaheadMargin));
        }
        if (lookaheadMissGuard != null) {
            LookaheadOptions before = l;
            l = Options.checked("--lookahead-miss-guard", () -> before.withMissGuard(lookaheadMissGuard));
        }
        SchedulerOptions with = lookaheadForecast == null ? o.with(l) : o.with(l).with(forecastPool());
        return lookaheadSpotWindows == null ? with
                : with.with(Options.checked("--lookahead-spot-windows", () -> new SpotWindows(lookaheadSpotWindows)));
    }

}
