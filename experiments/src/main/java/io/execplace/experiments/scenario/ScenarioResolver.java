package io.execplace.experiments.scenario;

import io.execplace.schedulers.milp.MilpOptions;
import io.execplace.core.io.BadInputException;
import io.execplace.eventlogs.EventLogImport;
import io.execplace.core.config.ClusterFile;
import io.execplace.core.io.InputFileException;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Workload;
import io.execplace.core.profile.JobProfile;
import io.execplace.core.profile.ProfileFile;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.Billing;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.workload.GapDistribution;
import io.execplace.core.workload.RequestRanges;
import io.execplace.core.workload.TraceFormat;
import io.execplace.core.workload.TraceReadOptions;
import io.execplace.core.workload.Traces;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.experiments.scenario.ScenarioSpec.ClusterChoice;
import io.execplace.experiments.scenario.ScenarioSpec.SchedulerChoice;
import io.execplace.experiments.scenario.ScenarioSpec.SeedRange;
import io.execplace.experiments.scenario.ScenarioSpec.WorkloadChoice;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.spi.SchedulerRegistry;
import io.execplace.schedulers.milp.MilpSolver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

import static io.execplace.experiments.scenario.ScenarioValues.text;
import static io.execplace.experiments.scenario.ScenarioValues.parsed;
import static io.execplace.experiments.scenario.ScenarioValues.whole;
import static io.execplace.experiments.scenario.ScenarioValues.wholeLong;
import static io.execplace.experiments.scenario.ScenarioValues.number;
import static io.execplace.experiments.scenario.ScenarioValues.positive;
import static io.execplace.experiments.scenario.ScenarioValues.bool;
import static io.execplace.experiments.scenario.ScenarioValues.onOffAuto;

/**
 * Turns scenario settings into a runnable {@link Scenario}: layers the sources ({@link #layered}),
 * fills the defaults, checks every value where it was given ({@link #spec}: file and line, or
 * option), then reads cluster files and traces and generates workloads ({@link #resolve}). The one
 * place that knows the defaults and the rules of docs/scenarios.md.
 */
public final class ScenarioResolver {

    /** Used when no source names them. */
    public static final String DEFAULT_CLUSTER = "hybrid-small";
    public static final String DEFAULT_WORKLOAD = "hybrid-high";
    public static final long DEFAULT_SEED = 1;
    public static final int DEFAULT_SEEDS = 5;
    /** The built-in scenario used when the command line names neither a scenario, a cluster nor a workload. */
    public static final String DEFAULT_SCENARIO = "default";

    /** Most seeds one scenario may run. */
    public static final int MAX_SEEDS = 100_000;
    /**
     * Memory one generated job may take while a scenario runs (the job, its record, its share of the
     * cost timeline and trace), with room for parallel runs: the jobs limit is the heap over this.
     */
    static final long BYTES_PER_JOB = 4096;

    private final SchedulerRegistry registry;

    public ScenarioResolver(SchedulerRegistry registry) {
        if (registry == null) {
            throw new IllegalArgumentException("a scheduler registry is required");
        }
        this.registry = registry;
    }

    /**
     * The one place where sources are layered: the command line over the scenario it names (a
     * built-in scenario or a file) over the defaults of this class. Without {@code --scenario}, the
     * built-in {@code default} scenario is the base only when the command line names neither a
     * cluster nor a workload: otherwise the defaults alone are, so that nothing the default scenario
     * chose for its own cluster and workload (its name, pricing, queue) leaks into another run. When
     * the command line changes a scenario's cluster or workload, the scenario's name is dropped and
     * the run is named after what it runs.
     *
     * @param scenario    a built-in scenario or a scenario file, or null
     * @param commandLine the settings given as options
     */
    public static ScenarioInput layered(String scenario, ScenarioInput commandLine) {
        boolean moved = commandLine.has("cluster") || commandLine.has("workload");
        ScenarioInput base;
        if (scenario != null) {
            base = ScenarioPresets.load(scenario);
        } else {
            base = moved ? ScenarioInput.empty() : ScenarioPresets.preset(DEFAULT_SCENARIO);
        }
        if (moved) {
            base = base.without(List.of("name"));
        }
        return commandLine.over(base);
    }

    /** Checks and types every setting, filling the defaults; refusals name the file and line or the option. */
    public ScenarioSpec spec(ScenarioInput in) {
        ClusterChoice cluster = new ClusterChoice(text(in, "cluster").orElse(DEFAULT_CLUSTER),
                parsed(in, "pricing", PricingModel::parse).orElse(null));
        WorkloadChoice workload = workload(in);
        QueuePolicy queue = parsed(in, "queue", QueuePolicy::byName).orElse(defaultQueue(workload.name()));
        SimulationOptions.Penalties penalties = new SimulationOptions.Penalties(
                onOffAuto(in, "typePenalty"), onOffAuto(in, "hybridPenalty"),
                number(in, "penaltyFactor", 1, 100).orElse(DurationModel.PAPER_PENALTY));
        SimulationOptions rules = new SimulationOptions(queue, bool(in, "admission").orElse(false),
                bool(in, "backfilling").orElse(false), parsed(in, "billing", Billing::parse).orElse(Billing.EXACT),
                penalties);
        SchedulerChoice schedulers = new SchedulerChoice(schedulerNames(in), schedulerOptions(in));
        SeedRange seeds = seeds(in);
        return new ScenarioSpec(text(in, "name").orElse(null), cluster, workload, rules, schedulers, seeds);
    }

    /**
     * The queue order when no source gives one: the order of the paper the workload comes from
     * (HYB workloads: EDF; TPDS workloads and trace files: FCFS, the simulator's default).
     */
    public static QueuePolicy defaultQueue(String workload) {
        String w = workload.trim().toLowerCase(Locale.ROOT);
        return WorkloadPresets.isPreset(w) && w.startsWith("hybrid") ? QueuePolicy.EDF : QueuePolicy.FCFS;
    }

    /** Resolves everything; relative file names are taken relative to {@code baseDir} (the scenario file's folder). */
    public Scenario resolve(ScenarioInput in, Path baseDir) {
        ScenarioSpec spec = spec(in);
        if (spec.cluster().pricing() != null && !usesPricing(relative(spec.cluster().name(), baseDir))) {
            // Refused rather than ignored: a pricing model that changes nothing would mislead the reader.
            throw in.get("pricing").orElseThrow().error("the pricing model applies to the hybrid presets (hybrid-small, "
                    + "hybrid-large), not to cluster '" + spec.cluster().name() + "'");
        }
        Cluster c = located(in, "cluster", () -> cluster(spec.cluster(), baseDir));
        JobProfile profile = located(in, "profile", () -> profile(spec.workload().profile(), baseDir));
        WorkloadSource w = located(in, "workload", () -> workloads(spec.workload(), baseDir, profile));
        String n = spec.name() != null ? spec.name() : c.name().split("/")[0] + "-" + w.name();
        return Scenario.builder().name(n).cluster(c).workloads(w).schedulers(ClusterSchedulers.forCluster(spec.schedulers().names(), c, in))
                .seeds(spec.seeds().list()).options(spec.rules().withProfile(profile))
                .schedulerOptions(spec.schedulers().options()).recipe(new ScenarioRecipe(in, baseDir)).build();
    }

    /** The job-type profile: the papers' without a file, else the file read (docs/profile.md). */
    public static JobProfile profile(String file, Path baseDir) {
        return file == null ? JobProfile.paper() : ProfileFile.read(Path.of(relative(file, baseDir)));
    }

    /** The cluster: a preset (priced by the pricing model where that applies) or a cluster file. */
    public static Cluster cluster(ClusterChoice choice, Path baseDir) {
        String name = relative(choice.name(), baseDir);
        return ClusterFile.resolve(name, choice.pricing() == null ? PricingModel.MODEL_1 : choice.pricing());
    }

    /** Whether a preset's prices depend on the pricing model (files carry their own prices). */
    private static boolean usesPricing(String cluster) {
        if (!ClusterPresets.isPreset(cluster)) {
            return false;
        }
        // Prices are all a pricing model changes; comparing them, not whole clusters, also keeps the
        // records' generated equals (a method-handle bootstrap) out of every command's start-up.
        Cluster first = ClusterPresets.byName(cluster, PricingModel.values()[0]);
        for (PricingModel m : PricingModel.values()) {
            Cluster other = ClusterPresets.byName(cluster, m);
            if (other.size() != first.size()) {
                return true;
            }
            for (int i = 0; i < first.size(); i++) {
                if (Double.compare(other.vm(i).pricePerSecond(), first.vm(i).pricePerSecond()) != 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The prefix of a workload read from Spark event logs: {@code eventlogs:PATH} (a log file or a folder of logs). */
    public static final String EVENT_LOGS = "eventlogs:";

    /** The applications of the Spark event logs at {@code path}, one job each, the same for every seed. */
    private static WorkloadSource eventLogs(String path, WorkloadChoice choice, Path baseDir) {
        WorkloadOptions base = choice.generator();
        if (path.isBlank()) {
            throw new BadInputException("workload 'eventlogs:' names no path: eventlogs:FILE or eventlogs:FOLDER");
        }
        if (choice.format() != null || setsGenerator(base)) {
            throw new BadInputException("the trace format and the generator settings (--format, --jobs, --mean-gap, --gaps, "
                    + "--deadline-share, --deadline-slack) do not apply to Spark event logs (" + EVENT_LOGS + path + ")");
        }
        Path logs = Path.of(relative(path, baseDir));
        try {
            EventLogImport.Imported imported = EventLogImport.workload(List.of(logs), EventLogImport.Unit.APPLICATION);
            Workload w = imported.workload();
            List<String> notes = new java.util.ArrayList<>();
            if (imported.report().anythingSkipped()) {
                notes.add("note: " + EVENT_LOGS + logs + ": " + imported.report().summary()
                        + " (import-eventlogs " + logs + " --out - lists them)");
            }
            return WorkloadSource.of(EVENT_LOGS + logs.getFileName(), seed -> w, notes);
        } catch (IOException e) {
            throw new InputFileException(logs.toString(), 0, null, "cannot read: " + e.getMessage(), e);
        }
    }

    /** Whether any setting that only a generated workload takes is given. */
    private static boolean setsGenerator(WorkloadOptions o) {
        return o.jobs() != null || o.meanGapSeconds() != null || o.gapDistribution() != null || o.deadlineShare() != null
                || o.deadlineSlack() != null;
    }

    /** The workload source: a preset generated per seed, or a trace file (SWIM traces take the seed too). */
    public static WorkloadSource workloads(WorkloadChoice choice, Path baseDir) {
        return workloads(choice, baseDir, profile(choice.profile(), baseDir));
    }

    /** As {@link #workloads(WorkloadChoice, Path)} with the profile already read. */
    public static WorkloadSource workloads(WorkloadChoice choice, Path baseDir, JobProfile profile) {
        String w = choice.name();
        WorkloadOptions base = choice.generator();
        if (w.startsWith(EVENT_LOGS)) {
            return eventLogs(w.substring(EVENT_LOGS.length()), choice, baseDir);
        }
        if (WorkloadPresets.isPreset(w) && !Files.exists(Path.of(w))) {
            if (choice.format() != null) {
                throw new BadInputException("the trace format applies to workload files, not to the preset '" + w + "'");
            }
            try {
                WorkloadPresets.generate(w, base, profile); // check the options once, before any run starts
            } catch (IllegalArgumentException e) {
                throw new BadInputException(e.getMessage());
            }
            String label = w.toLowerCase(Locale.ROOT);
            return WorkloadSource.of(label, seed -> WorkloadPresets.generate(label, base.withSeed(seed), profile));
        }
        Path file = Path.of(relative(w, baseDir));
        if (!Files.isRegularFile(file)) {
            throw new BadInputException("workload '" + w + "' is neither a preset ("
                    + String.join(", ", WorkloadPresets.list().stream().map(WorkloadPresets.Preset::name).toList())
                    + ") nor a readable file");
        }
        if (setsGenerator(base)) {
            throw new BadInputException("jobs, meanGap, gaps, deadlineShare and deadlineSlack (--jobs, --mean-gap, "
                    + "--gaps, --deadline-share, --deadline-slack) apply to generated workloads, not to the trace " + file);
        }
        try {
            TraceFormat fmt = choice.format() == null ? Traces.detect(file) : choice.format();
            RequestRanges ranges = base.requestRanges();
            Double tolerance = base.deadlineToleranceSeconds();
            TraceReadOptions options = TraceReadOptions.defaults()
                    .withRequestRanges(ranges == null ? RequestRanges.PAPER : ranges)
                    .withDeadlineToleranceSeconds(tolerance == null ? 0 : tolerance).withProfile(profile);
            Workload first = Traces.read(file, fmt, options); // fails fast on a malformed file
            String label = file.getFileName().toString();
            if (fmt != TraceFormat.SWIM) {
                return WorkloadSource.of(label, seed -> first);
            }
            // A SWIM trace only gives arrivals; the seed draws the other job fields.
            return WorkloadSource.of(label, seed -> {
                try {
                    return Traces.read(file, fmt, options.withSeed(seed));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new InputFileException(file.toString(), 0, null, "cannot read: " + e.getMessage(), e);
        }
    }

    /** Runs {@code step}; a refusal without a location of its own is placed at the field's origin. */
    private static <T> T located(ScenarioInput in, String key, Supplier<T> step) {
        try {
            return step.get();
        } catch (InputFileException e) {
            throw e;
        } catch (BadInputException e) {
            Optional<Setting> s = in.get(key);
            throw s.isPresent() ? s.get().error(e.getMessage()) : e;
        }
    }

    private WorkloadChoice workload(ScenarioInput in) {
        Integer jobs = whole(in, "jobs", 1, maxJobs()).orElse(null);
        WorkloadOptions generator = WorkloadOptions.seed(0).withJobs(jobs)
                .withRequestRanges(parsed(in, "requests", RequestRanges::byName).orElse(null))
                .withDeadlineToleranceSeconds(number(in, "deadlineTolerance", 0, 1e9).orElse(null))
                .withMeanGapSeconds(positive(in, "meanGap", 1e9).orElse(null))
                .withGapDistribution(parsed(in, "gaps", GapDistribution::parse).orElse(null))
                .withDeadlineShare(number(in, "deadlineShare", 0, 1).orElse(null))
                .withDeadlineSlack(number(in, "deadlineSlack", 0, 1e6).orElse(null));
        return new WorkloadChoice(text(in, "workload").orElse(DEFAULT_WORKLOAD),
                parsed(in, "format", TraceFormat::parse).orElse(null), generator, text(in, "profile").orElse(null));
    }

    /** The most jobs a generated workload may have in this JVM's memory. */
    public static int maxJobs() {
        return (int) Math.min(Integer.MAX_VALUE, Runtime.getRuntime().maxMemory() / BYTES_PER_JOB);
    }

    private List<String> schedulerNames(ScenarioInput in) {
        Optional<Setting> given = in.get("schedulers");
        if (given.isEmpty()) {
            return registry.names();
        }
        Setting s = given.get();
        List<String> out = new ArrayList<>();
        for (String item : s.texts()) {
            for (String part : item.split(",")) {
                String name = part.trim();
                if (name.isEmpty()) {
                    continue;
                }
                if (name.equalsIgnoreCase("all")) {
                    out.addAll(registry.names());
                    continue;
                }
                try {
                    out.add(registry.check(name));
                } catch (InputFileException e) {
                    throw e;
                } catch (IllegalArgumentException | BadInputException e) {
                    throw s.error(e.getMessage());
                }
            }
        }
        if (out.isEmpty()) {
            throw s.error("names no scheduler");
        }
        return List.copyOf(new LinkedHashSet<>(out));
    }

    private static SchedulerOptions schedulerOptions(ScenarioInput in) {
        MilpOptions o = MilpOptions.defaults();
        // MilpOptions' own checks word the refusals (e.g. what beta 0 and 1 mean)
        Optional<Double> beta = number(in, "beta", Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
        if (beta.isPresent()) {
            o = refusedAt(in, "beta", o::withBeta, beta.get());
        }
        Optional<Long> limit = wholeLong(in, "milpTimeLimitMs", Long.MIN_VALUE, 86_400_000L);
        if (limit.isPresent()) {
            o = refusedAt(in, "milpTimeLimitMs", o::withTimeLimitMillis, limit.get());
        }
        Optional<MilpSolver> solver = parsed(in, "milpSolver", MilpSolver::parse);
        if (solver.isPresent()) {
            o = o.withSolver(solver.get());
        }
        return SchedulerOptions.defaults().with(o);
    }

    /** Applies a checked value; a refusal by the record is placed at the field's origin. */
    private static <T, R> R refusedAt(ScenarioInput in, String key, Function<T, R> apply, T value) {
        try {
            return apply.apply(value);
        } catch (IllegalArgumentException e) {
            throw in.get(key).orElseThrow().error(e.getMessage());
        }
    }

    private static SeedRange seeds(ScenarioInput in) {
        long first = wholeLong(in, "seed", Long.MIN_VALUE, Long.MAX_VALUE).orElse(DEFAULT_SEED);
        int count = whole(in, "seeds", 1, MAX_SEEDS).orElse(DEFAULT_SEEDS);
        if (first > Long.MAX_VALUE - (count - 1)) {
            Setting at = in.get("seed").orElseGet(() -> in.get("seeds").orElseThrow());
            throw at.error("seed " + first + " with " + count + " seeds passes the largest seed, " + Long.MAX_VALUE);
        }
        return new SeedRange(first, count);
    }

    private static String relative(String nameOrPath, Path baseDir) {
        if (baseDir == null) {
            return nameOrPath;
        }
        Path p = Path.of(nameOrPath);
        Path candidate = baseDir.resolve(p);
        return !p.isAbsolute() && Files.exists(candidate) ? candidate.toString() : nameOrPath;
    }
}
