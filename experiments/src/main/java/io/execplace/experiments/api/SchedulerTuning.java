package io.execplace.experiments.api;

import io.execplace.core.io.BadInputException;
import io.execplace.core.model.Job;
import io.execplace.core.workload.Traces;
import io.execplace.experiments.scenario.ScenarioInput;
import io.execplace.schedulers.lookahead.ForecastPool;
import io.execplace.schedulers.lookahead.LookaheadOptions;
import io.execplace.schedulers.lookahead.SpotWindows;
import io.execplace.schedulers.milp.MilpOptions;
import io.execplace.schedulers.milp.MilpSolver;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.spi.SchedulerRegistry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The settings of the exact scheduler (milp) and of {@code lookahead} a run gives, laid over the
 * scheduler options of its scenario. Each setting is named after its command-line option, and a
 * refused value is bad input naming that option. Unset settings leave the scenario's value.
 */
public final class SchedulerTuning {

    private static final SchedulerTuning NONE = builder().build();

    private final Double beta;
    private final Long milpTimeLimitMs;
    private final String milpSolver;
    private final Integer lookaheadHorizon;
    private final Integer lookaheadCandidates;
    private final String lookaheadRollout;
    private final Integer lookaheadSamples;
    private final Double lookaheadMargin;
    private final String lookaheadProposer;
    private final String lookaheadObjective;
    private final String lookaheadMissGuard;
    private final Path lookaheadForecast;
    private final String lookaheadSpotWindows;

    private SchedulerTuning(Builder b) {
        beta = b.beta;
        milpTimeLimitMs = b.milpTimeLimitMs;
        milpSolver = b.milpSolver;
        lookaheadHorizon = b.lookaheadHorizon;
        lookaheadCandidates = b.lookaheadCandidates;
        lookaheadRollout = b.lookaheadRollout;
        lookaheadSamples = b.lookaheadSamples;
        lookaheadMargin = b.lookaheadMargin;
        lookaheadProposer = b.lookaheadProposer;
        lookaheadObjective = b.lookaheadObjective;
        lookaheadMissGuard = b.lookaheadMissGuard;
        lookaheadForecast = b.lookaheadForecast;
        lookaheadSpotWindows = b.lookaheadSpotWindows;
    }

    /** No setting: the scenario's scheduler options as they are. */
    public static SchedulerTuning none() {
        return NONE;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** milp's settings as a scenario's (a scenario file may give them too; these win). */
    ScenarioInput over(ScenarioInput in) {
        return in.withOption("beta", beta, "--beta")
                .withOption("milpTimeLimitMs", milpTimeLimitMs, "--milp-time-limit")
                .withOption("milpSolver", milpSolver, "--milp-solver");
    }

    /**
     * Refuses settings of milp and lookahead when the run has neither (as --weight-lambda is refused
     * without hjs-weight): a value that is silently ignored reads as if it had been used. milp's
     * settings also reach lookahead, whose candidates include milp's placement. Trained agents may
     * plan with lookahead themselves, so a run with one is not checked.
     */
    public void checkUsed(Collection<String> schedulers) {
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

    /** The defaults with every setting laid over them, for runs without a scenario (heldout, offline). */
    public SchedulerOptions schedulerOptions(SchedulerRegistry registry) {
        return withLookahead(withMilp(SchedulerOptions.defaults()), registry);
    }

    /** The options with beta, the milp time limit and solver laid over them; a bad value names its option. */
    public SchedulerOptions withMilp(SchedulerOptions o) {
        MilpOptions m = MilpOptions.of(o);
        if (beta != null) {
            MilpOptions before = m;
            m = OptionChecks.checked("--beta", () -> before.withBeta(beta));
        }
        if (milpTimeLimitMs != null) {
            MilpOptions before = m;
            m = OptionChecks.checked("--milp-time-limit", () -> before.withTimeLimitMillis(milpTimeLimitMs));
        }
        if (milpSolver != null) {
            MilpOptions before = m;
            m = before.withSolver(OptionChecks.checked("--milp-solver", () -> MilpSolver.parse(milpSolver)));
        }
        return o.with(m);
    }

    /**
     * The scheduler options with the lookahead settings laid over them; the rollout policy and the
     * proposer are checked against {@code registry}, the one the run takes its schedulers from.
     */
    public SchedulerOptions withLookahead(SchedulerOptions o, SchedulerRegistry registry) {
        LookaheadOptions l = LookaheadOptions.of(o);
        l = set(l, "--lookahead-horizon", lookaheadHorizon, v -> x -> x.withHorizon(v));
        l = set(l, "--lookahead-candidates", lookaheadCandidates, v -> x -> x.withCandidates(v));
        if (lookaheadRollout != null) {
            // an unknown name (or an unreadable agent file) fails here, before any run
            OptionChecks.checked("--lookahead-rollout", () -> registry.check(lookaheadRollout));
        }
        l = set(l, "--lookahead-rollout", lookaheadRollout, v -> x -> x.withRollout(v));
        if (lookaheadProposer != null) {
            OptionChecks.checked("--lookahead-proposer", () -> registry.check(lookaheadProposer));
        }
        l = set(l, "--lookahead-proposer", lookaheadProposer, v -> x -> x.withProposer(v));
        l = set(l, "--lookahead-objective", lookaheadObjective, v -> x -> x.withObjective(v));
        l = set(l, "--lookahead-samples", lookaheadSamples, v -> x -> x.withSamples(v));
        l = set(l, "--lookahead-margin", lookaheadMargin, v -> x -> x.withMargin(v));
        l = set(l, "--lookahead-miss-guard", lookaheadMissGuard, v -> x -> x.withMissGuard(v));
        SchedulerOptions with = lookaheadForecast == null ? o.with(l) : o.with(l).with(forecastPool());
        return lookaheadSpotWindows == null ? with
                : with.with(OptionChecks.checked("--lookahead-spot-windows", () -> new SpotWindows(lookaheadSpotWindows)));
    }

    /** {@code options} with one setting applied when it is given; a refused value names its option. */
    private static <V> LookaheadOptions set(LookaheadOptions options, String option, V value,
                                            java.util.function.Function<V, UnaryOperator<LookaheadOptions>> step) {
        return value == null ? options : OptionChecks.checked(option, () -> step.apply(value).apply(options));
    }

    /** The training jobs of {@code --lookahead-forecast}, read before any run; a bad file is bad input. */
    private ForecastPool forecastPool() {
        if (!Files.isReadable(lookaheadForecast)) {
            throw BadInputException.option("--lookahead-forecast", "cannot read " + lookaheadForecast);
        }
        List<Job> jobs;
        try {
            jobs = Traces.read(lookaheadForecast).jobs();
        } catch (IOException e) {
            throw BadInputException.option("--lookahead-forecast", "cannot read " + lookaheadForecast + ": " + e.getMessage());
        }
        if (jobs.size() < 2) {
            throw BadInputException.option("--lookahead-forecast", lookaheadForecast + " has " + jobs.size()
                    + " job(s); a forecast needs at least 2 (one arrival gap)");
        }
        return ForecastPool.of(jobs);
    }

    /** Builds a {@link SchedulerTuning}; each setter is named after its command-line option. */
    public static final class Builder {
        private Double beta;
        private Long milpTimeLimitMs;
        private String milpSolver;
        private Integer lookaheadHorizon;
        private Integer lookaheadCandidates;
        private String lookaheadRollout;
        private Integer lookaheadSamples;
        private Double lookaheadMargin;
        private String lookaheadProposer;
        private String lookaheadObjective;
        private String lookaheadMissGuard;
        private Path lookaheadForecast;
        private String lookaheadSpotWindows;

        private Builder() {
        }

        /** {@code --beta}: milp's weight of cost against job duration (TPDS Eq. 6), 0..1. */
        public Builder beta(Double v) {
            beta = v;
            return this;
        }

        /** {@code --milp-time-limit}: milp's wall-time limit per decision in milliseconds. */
        public Builder milpTimeLimit(Long ms) {
            milpTimeLimitMs = ms;
            return this;
        }

        public Builder milpSolver(String v) {
            milpSolver = v;
            return this;
        }

        public Builder lookaheadHorizon(Integer v) {
            lookaheadHorizon = v;
            return this;
        }

        public Builder lookaheadCandidates(Integer v) {
            lookaheadCandidates = v;
            return this;
        }

        public Builder lookaheadRollout(String v) {
            lookaheadRollout = v;
            return this;
        }

        public Builder lookaheadSamples(Integer v) {
            lookaheadSamples = v;
            return this;
        }

        public Builder lookaheadMargin(Double v) {
            lookaheadMargin = v;
            return this;
        }

        public Builder lookaheadProposer(String v) {
            lookaheadProposer = v;
            return this;
        }

        public Builder lookaheadObjective(String v) {
            lookaheadObjective = v;
            return this;
        }

        public Builder lookaheadMissGuard(String v) {
            lookaheadMissGuard = v;
            return this;
        }

        public Builder lookaheadForecast(Path v) {
            lookaheadForecast = v;
            return this;
        }

        /** {@code --lookahead-spot-windows}: stay or drawn (what rollouts assume of a spot pool's trace). */
        public Builder lookaheadSpotWindows(String v) {
            lookaheadSpotWindows = v;
            return this;
        }

        public SchedulerTuning build() {
            return new SchedulerTuning(this);
        }
    }
}
