package io.execplace.experiments.api;

import io.execplace.core.io.BadInputException;
import io.execplace.core.rules.HjsWeightOrder;
import io.execplace.experiments.scenario.Scenario;
import io.execplace.experiments.scenario.ScenarioInput;
import io.execplace.experiments.scenario.ScenarioResolver;
import io.execplace.schedulers.spi.SchedulerRegistry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run on a scenario is asked to do: a built-in scenario or scenario file, the settings laid over
 * it (cluster, workload, rules, schedulers, seeds), and milp's and lookahead's {@link SchedulerTuning}.
 * Built with {@link #builder()}; each setter is named after its command-line option, whose name a refusal
 * of its value carries. Nothing is checked until {@link #resolve}.
 */
public final class SimulationRequest {

    /** A setting as the scenario resolver takes it: the value and the option it came from. */
    private record Given(Object value, String option) {
    }

    private final String scenario;
    private final Map<String, Given> settings;
    private final String queue;
    private final Double weightLambda;
    private final SchedulerTuning tuning;

    private SimulationRequest(Builder b) {
        scenario = b.scenario;
        settings = Map.copyOf(b.settings);
        queue = b.queue;
        weightLambda = b.weightLambda;
        tuning = b.tuning;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this request's settings, to change some. */
    public Builder toBuilder() {
        Builder b = new Builder().scenario(scenario).queue(queue).weightLambda(weightLambda).tuning(tuning);
        b.settings.putAll(settings);
        return b;
    }

    /** True when the request names its schedulers (else the scenario's are run). */
    public boolean hasSchedulers() {
        return settings.containsKey("schedulers");
    }

    public SchedulerTuning tuning() {
        return tuning;
    }

    /**
     * Resolves the scenario: these settings over the scenario file or preset over the defaults ({@link
     * ScenarioResolver#layered}), names in a scenario file taken relative to its folder, and milp's and
     * lookahead's settings laid over its scheduler options. What an import of Spark event logs left out
     * is in {@code scenario.workloads().notes()}.
     *
     * @throws BadInputException naming the option (or the scenario file's line) of a refused value
     */
    public Scenario resolve(SchedulerRegistry registry) {
        ScenarioInput merged = OptionChecks.checked("--scenario", () -> ScenarioResolver.layered(scenario, settings()));
        Path baseDir = scenario != null && Files.exists(Path.of(scenario)) ? Path.of(scenario).toAbsolutePath().getParent() : null;
        Scenario resolved = new ScenarioResolver(registry).resolve(merged, baseDir);
        tuning.checkUsed(resolved.schedulers());
        return resolved.withSchedulerOptions(OptionChecks.checked("--lookahead-*",
                () -> tuning.withLookahead(resolved.schedulerOptions(), registry)));
    }

    /** The settings as one source of a scenario, in the order of a scenario file's fields. */
    private ScenarioInput settings() {
        Map<String, Given> all = new LinkedHashMap<>(settings);
        if (queueWithLambda() != null) {
            all.put("queue", new Given(queueWithLambda(), weightLambda == null ? "--queue" : "--queue/--weight-lambda"));
        }
        ScenarioInput in = ScenarioInput.empty();
        for (Map.Entry<String, Given> e : all.entrySet().stream()
                .sorted(Comparator.comparingInt(e -> ScenarioInput.KEYS.indexOf(e.getKey()))).toList()) {
            in = in.withOption(e.getKey(), e.getValue().value(), e.getValue().option());
        }
        return tuning.over(in);
    }

    /** The queue with the weight lambda folded in as {@code hjs-weight:λ}. */
    private String queueWithLambda() {
        return queueWithLambda(queue, weightLambda);
    }

    /** {@code --queue} with {@code --weight-lambda} folded in as {@code hjs-weight:λ}; the lambda of another queue is refused. */
    public static String queueWithLambda(String queue, Double weightLambda) {
        if (weightLambda == null) {
            return queue;
        }
        if (queue == null || !queue.trim().equalsIgnoreCase(HjsWeightOrder.NAME)) {
            throw new BadInputException("--weight-lambda applies to --queue hjs-weight only");
        }
        return HjsWeightOrder.NAME + ":" + weightLambda;
    }

    /** Builds a {@link SimulationRequest}; an unset (or null) setting is the scenario's. */
    public static final class Builder {
        private final Map<String, Given> settings = new LinkedHashMap<>();
        private String scenario;
        private String queue;
        private Double weightLambda;
        private SchedulerTuning tuning = SchedulerTuning.none();

        private Builder() {
        }

        private Builder set(String key, Object value, String option) {
            if (value == null) {
                settings.remove(key);
            } else {
                settings.put(key, new Given(value, option));
            }
            return this;
        }

        /** {@code --scenario}: a built-in scenario or a scenario YAML file (default: the built-in default). */
        public Builder scenario(String nameOrFile) {
            scenario = nameOrFile;
            return this;
        }

        public Builder cluster(String presetOrFile) {
            return set("cluster", presetOrFile, "--cluster");
        }

        public Builder pricing(String model) {
            return set("pricing", model, "--pricing");
        }

        public Builder workload(String presetOrFile) {
            return set("workload", presetOrFile, "--workload");
        }

        public Builder format(String traceFormat) {
            return set("format", traceFormat, "--format");
        }

        public Builder jobs(Integer n) {
            return set("jobs", n, "--jobs");
        }

        public Builder requests(String ranges) {
            return set("requests", ranges, "--requests");
        }

        public Builder deadlineTolerance(Double seconds) {
            return set("deadlineTolerance", seconds, "--deadline-tolerance");
        }

        public Builder meanGap(Double seconds) {
            return set("meanGap", seconds, "--mean-gap");
        }

        public Builder gaps(String kind) {
            return set("gaps", kind, "--gaps");
        }

        public Builder deadlineShare(Double fraction) {
            return set("deadlineShare", fraction, "--deadline-share");
        }

        public Builder deadlineSlack(Double factor) {
            return set("deadlineSlack", factor, "--deadline-slack");
        }

        /** {@code --schedulers}: the schedulers to run (default: the scenario's). */
        public Builder schedulers(List<String> names) {
            return set("schedulers", names == null ? null : List.copyOf(names), "--schedulers");
        }

        /** {@code --scheduler} of a run of one scheduler; several names are refused. */
        public Builder scheduler(String name) {
            if (name != null && (name.contains(",") || name.trim().equalsIgnoreCase("all"))) {
                throw BadInputException.option("--scheduler", "simulate runs one scheduler, got '" + name
                        + "'; to run several, use 'execplace compare --schedulers " + name + "'");
            }
            return set("schedulers", name == null ? null : List.of(name), "--scheduler");
        }

        /** {@code --seed}: the seed (of a comparison, the first one). */
        public Builder seed(Long seed) {
            return set("seed", seed, "--seed");
        }

        /** {@code --seeds}: the number of seeds, seed, seed + 1, ... */
        public Builder seeds(Integer count) {
            return set("seeds", count, "--seeds");
        }

        public Builder queue(String order) {
            queue = order;
            return this;
        }

        /** {@code --weight-lambda}: the deadline weight of the queue hjs-weight, 0..1. */
        public Builder weightLambda(Double lambda) {
            weightLambda = lambda;
            return this;
        }

        public Builder admission(Boolean on) {
            return set("admission", on, "--admission");
        }

        public Builder backfill(Boolean on) {
            return set("backfilling", on, "--backfill");
        }

        public Builder billing(String kind) {
            return set("billing", kind, "--billing");
        }

        public Builder typePenalty(String onOffAuto) {
            return set("typePenalty", onOffAuto, "--type-penalty");
        }

        public Builder hybridPenalty(String onOffAuto) {
            return set("hybridPenalty", onOffAuto, "--hybrid-penalty");
        }

        /** {@code --profile}: a job-type profile file (docs/profile.md). */
        public Builder profile(String file) {
            return set("profile", file, "--profile");
        }

        public Builder tuning(SchedulerTuning t) {
            tuning = t == null ? SchedulerTuning.none() : t;
            return this;
        }

        public SimulationRequest build() {
            return new SimulationRequest(this);
        }
    }
}
