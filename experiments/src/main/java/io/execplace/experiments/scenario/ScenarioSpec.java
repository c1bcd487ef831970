package io.execplace.experiments.scenario;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterFile;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Workload;
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
import io.execplace.schedulers.SchedulerOptions;
import io.execplace.schedulers.Schedulers;
import io.execplace.schedulers.milp.MilpSolver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/**
 * A scenario as written in a YAML file or assembled from command-line options, before it is
 * resolved into a {@link Scenario}. Every field is optional ({@code null} = not given); {@link
 * #overriddenBy} layers command-line options over a file, and {@link #resolve} fills the defaults.
 *
 * @param name              scenario name
 * @param cluster           cluster preset name or YAML file
 * @param pricing           HYB pricing model {@code 1}..{@code 4} or {@code real} (hybrid presets)
 * @param workload          workload preset name or trace file
 * @param format            trace format of a workload file ({@code csv}, {@code tpds}, {@code hyb}, {@code swim}); detected if absent
 * @param jobs              number of jobs of a generated workload
 * @param requests          request ranges: {@code paper} or {@code reference}
 * @param deadlineTolerance seconds added to deadlines (HYB presets: replaces the preset's tolerance)
 * @param meanGap           mean arrival gap in seconds (HYB presets)
 * @param gaps              arrival gap distribution (HYB presets): {@code poisson} or {@code exponential}
 * @param schedulers        scheduler names, or {@code [all]}
 * @param seed              first seed
 * @param seeds             number of seeds (seed, seed+1, ...)
 * @param queue             {@code fcfs}, {@code edf}, {@code hjs-weight} or {@code hjs-weight:λ}
 * @param admission         deadline admission on/off
 * @param backfilling       backfilling on/off
 * @param billing           {@code exact}, {@code per-second} or {@code hourly}
 * @param typePenalty       TPDS type-mismatch penalty: {@code on}, {@code off} or {@code auto}
 * @param hybridPenalty     HYB cloud penalty: {@code on}, {@code off} or {@code auto}
 * @param penaltyFactor     multiplier of each penalty (1.3)
 * @param beta              {@code milp} objective weight of cost against duration, 0..1 (1: cost only)
 * @param milpTimeLimitMs   {@code milp} time limit per decision in milliseconds
 * @param milpSolver        {@code milp} solver: {@code cp-sat} or {@code scip}
 * @param deadlineShare     fraction of jobs with a deadline, 0..1 (HJS presets)
 * @param deadlineSlack     mean deadline slack in base durations (HJS presets)
 */
@JsonIgnoreProperties(ignoreUnknown = false)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ScenarioSpec(String name, String cluster, String pricing, String workload, String format, Integer jobs,
                           String requests, Double deadlineTolerance, Double meanGap, String gaps,
                           List<String> schedulers, Long seed, Integer seeds, String queue, Boolean admission,
                           Boolean backfilling, String billing, String typePenalty, String hybridPenalty,
                           Double penaltyFactor, Double beta, Long milpTimeLimitMs, String milpSolver,
                           Double deadlineShare, Double deadlineSlack) {

    /** Used when neither the file nor the command line names them. */
    public static final String DEFAULT_CLUSTER = "hybrid-small";
    public static final String DEFAULT_WORKLOAD = "hybrid-high";
    public static final long DEFAULT_SEED = 1;
    public static final int DEFAULT_SEEDS = 5;

    /** A spec with nothing set. */
    public static ScenarioSpec empty() {
        return new ScenarioSpec(null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null, null, null, null, null, null, null);
    }

    /** This spec with every field that {@code o} sets replaced by {@code o}'s value. */
    public ScenarioSpec overriddenBy(ScenarioSpec o) {
        return new ScenarioSpec(pick(o.name, name), pick(o.cluster, cluster), pick(o.pricing, pricing),
                pick(o.workload, workload), pick(o.format, format), pick(o.jobs, jobs), pick(o.requests, requests),
                pick(o.deadlineTolerance, deadlineTolerance), pick(o.meanGap, meanGap), pick(o.gaps, gaps),
                pick(o.schedulers, schedulers), pick(o.seed, seed), pick(o.seeds, seeds), pick(o.queue, queue),
                pick(o.admission, admission), pick(o.backfilling, backfilling), pick(o.billing, billing),
                pick(o.typePenalty, typePenalty), pick(o.hybridPenalty, hybridPenalty),
                pick(o.penaltyFactor, penaltyFactor), pick(o.beta, beta), pick(o.milpTimeLimitMs, milpTimeLimitMs),
                pick(o.milpSolver, milpSolver), pick(o.deadlineShare, deadlineShare),
                pick(o.deadlineSlack, deadlineSlack));
    }

    private static <T> T pick(T preferred, T fallback) {
        return preferred != null ? preferred : fallback;
    }

    /** The seeds this spec runs: {@code seed, seed+1, ..., seed+seeds-1}. */
    public List<Long> seedList() {
        long first = seed == null ? DEFAULT_SEED : seed;
        int count = seeds == null ? DEFAULT_SEEDS : seeds;
        if (count < 1) {
            throw new IllegalArgumentException("seeds must be at least 1, got " + count);
        }
        List<Long> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(first + i);
        }
        return out;
    }

    /** The scheduler names, with {@code all} expanded to every fixed registered name. */
    public List<String> schedulerList() {
        if (schedulers == null || schedulers.isEmpty()) {
            return Schedulers.names();
        }
        List<String> out = new ArrayList<>();
        for (String s : schedulers) {
            for (String part : s.split(",")) {
                String name = part.trim();
                if (name.isEmpty()) {
                    continue;
                }
                if (name.equalsIgnoreCase("all")) {
                    out.addAll(Schedulers.names());
                } else {
                    Schedulers.create(name, 0); // fail fast on an unknown name, before any run starts
                    out.add(name);
                }
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no scheduler named");
        }
        return List.copyOf(new LinkedHashSet<>(out));
    }

    public PricingModel pricingModel() {
        return pricing == null ? PricingModel.MODEL_1 : PricingModel.parse(pricing);
    }

    public Cluster resolveCluster(Path baseDir) {
        String c = cluster == null ? DEFAULT_CLUSTER : cluster;
        try {
            return ClusterFile.resolve(relative(c, baseDir), pricingModel());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read cluster file " + c + ": " + e.getMessage(), e);
        }
    }

    /** The workload source: a preset generated per seed, or a trace file (SWIM traces take the seed too). */
    public WorkloadSource resolveWorkload(Path baseDir) {
        String w = workload == null ? DEFAULT_WORKLOAD : workload;
        RequestRanges ranges = requests == null ? null : RequestRanges.byName(requests);
        if (WorkloadPresets.isPreset(w) && !Files.exists(Path.of(w))) {
            if (format != null) {
                throw new IllegalArgumentException("--format applies to workload files, not to the preset '" + w + "'");
            }
            WorkloadOptions base = new WorkloadOptions(0, jobs, ranges, deadlineTolerance, meanGap,
                    gaps == null ? null : GapDistribution.parse(gaps), deadlineShare, deadlineSlack);
            WorkloadPresets.generate(w, base); // validate options once, before any run starts
            String label = w.toLowerCase(Locale.ROOT);
            return WorkloadSource.of(label, seed -> WorkloadPresets.generate(label, base.withSeed(seed)));
        }
        Path file = Path.of(relative(w, baseDir));
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("workload '" + w + "' is neither a preset ("
                    + String.join(", ", WorkloadPresets.list().stream().map(WorkloadPresets.Preset::name).toList())
                    + ") nor a readable file");
        }
        if (jobs != null || meanGap != null || gaps != null || deadlineShare != null || deadlineSlack != null) {
            throw new IllegalArgumentException("--jobs, --mean-gap, --gaps, --deadline-share and --deadline-slack apply "
                    + "to generated workloads, not to the trace " + file);
        }
        try {
            TraceFormat fmt = format == null ? Traces.detect(file) : TraceFormat.parse(format);
            TraceReadOptions options = TraceReadOptions.defaults()
                    .withRequestRanges(ranges == null ? RequestRanges.PAPER : ranges)
                    .withDeadlineToleranceSeconds(deadlineTolerance == null ? 0 : deadlineTolerance);
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
            throw new UncheckedIOException("cannot read workload " + file + ": " + e.getMessage(), e);
        }
    }

    public SimulationOptions resolveOptions() {
        return new SimulationOptions(
                queue == null ? QueuePolicy.FCFS : QueuePolicy.byName(queue),
                admission != null && admission,
                backfilling != null && backfilling,
                billing == null ? Billing.EXACT : Billing.parse(billing),
                onOffAuto("type-penalty", typePenalty),
                onOffAuto("hybrid-penalty", hybridPenalty),
                penaltyFactor == null ? DurationModel.PAPER_PENALTY : penaltyFactor);
    }

    /** The settings of tunable schedulers; defaults for what is not given. */
    public SchedulerOptions resolveSchedulerOptions() {
        SchedulerOptions o = SchedulerOptions.defaults();
        if (beta != null) {
            o = o.withBeta(beta);
        }
        if (milpTimeLimitMs != null) {
            o = o.withMilpTimeLimitMillis(milpTimeLimitMs);
        }
        if (milpSolver != null) {
            o = o.withMilpSolver(MilpSolver.parse(milpSolver));
        }
        return o;
    }

    private static Boolean onOffAuto(String option, String value) {
        if (value == null) {
            return null;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "auto" -> null;
            case "on", "true", "yes" -> Boolean.TRUE;
            case "off", "false", "no" -> Boolean.FALSE;
            default -> throw new IllegalArgumentException(option + " must be on, off or auto, got '" + value + "'");
        };
    }

    /** Resolves everything; relative file names are taken relative to {@code baseDir} (the YAML file's folder). */
    public Scenario resolve(Path baseDir) {
        Cluster c = resolveCluster(baseDir);
        WorkloadSource w = resolveWorkload(baseDir);
        String n = name != null ? name : c.name().split("/")[0] + "-" + w.name();
        return new Scenario(n, c, w, schedulerList(), seedList(), resolveOptions(), resolveSchedulerOptions());
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
