package io.execplace.core.workload;

import io.execplace.core.model.Workload;
import io.execplace.core.profile.JobProfile;

import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/** The named workloads of the source papers (TPDS §7, HYB §6, HJS §5.1). */
public final class WorkloadPresets {

    /** A preset's name and one-line description. */
    public record Preset(String name, String description) {
    }

    private static final List<Preset> PRESETS = List.of(
            new Preset("tpds-normal", "TPDS normal: first 50 jobs of SWIM FB-2009 (arrivals 49-2826 s), "
                    + "WordCount/Sort/PageRank, no deadlines"),
            new Preset("tpds-burst", "TPDS burst: 100 jobs job1119-job1218 of SWIM FB-2009 within 544 s, "
                    + "shifted to start at 0, no deadlines"),
            new Preset("hybrid-light", "HYB light load: 1000 jobs, Poisson gaps mean 100 s, T_est = 10 + Exp(100), "
                    + "deadline tolerance 1000 s"),
            new Preset("hybrid-high", "HYB high load: 1000 jobs, Poisson gaps mean 5 s, T_est = 10 + Exp(100), "
                    + "deadline tolerance 5000 s"),
            new Preset("hybrid-day", "HYB large scale: 10,000 jobs in one day (gap mean 8.64 s), "
                    + "deadline tolerance 5000 s"),
            new Preset("hybrid-medium", "execplace's default: HYB jobs (1000, T_est = 10 + Exp(100)), Poisson gaps "
                    + "mean 70 s (a load hybrid-small carries), deadline tolerance 0 s (deadlines that bite)"),
            new Preset("hybrid-medium-dynamic", "hybrid-medium with dynamic allocation: each job's executors its "
                    + "maximum, a quarter its floor, 2-6 stages wanting executors between the two, idle timeout 60 s"),
            new Preset("hybrid-day-dynamic", "hybrid-day with dynamic allocation, as hybrid-medium-dynamic"),
            hjs(60, 100), hjs(40, 100), hjs(60, 50), hjs(40, 50), hjs(60, 20), hjs(40, 20));

    private static Preset hjs(int percent, int jobs) {
        return new Preset("hjs-" + percent + "-" + jobs, "HJS J-" + percent + "-" + jobs + ": " + jobs
                + " TPDS-type jobs, " + percent + " % with deadlines (arrival + r x (1 + slack x U[0,2)), slack "
                + HjsWorkloadSpec.DEFAULT_DEADLINE_SLACK + "), exponential gaps of mean "
                + HjsWorkloadSpec.DEFAULT_MEAN_GAP_SECONDS + " s; for the c5 cluster");
    }

    private WorkloadPresets() {
    }

    public static List<Preset> list() {
        return PRESETS;
    }

    /** True when {@code name} is a preset name (ignoring case). */
    public static boolean isPreset(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        return PRESETS.stream().anyMatch(p -> p.name().equals(n));
    }

    /**
     * Generates the named preset with the given overrides.
     *
     * @throws IllegalArgumentException for an unknown name, or an option the preset does not take
     */
    public static Workload generate(String name, WorkloadOptions options) {
        return generate(name, options, JobProfile.paper());
    }

    /**
     * Generates the named preset with the given overrides; TPDS and HJS jobs take their base
     * durations from {@code profile} (HYB jobs have their own duration model and ignore it).
     */
    public static Workload generate(String name, WorkloadOptions options, JobProfile profile) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        return switch (n) {
            case "tpds-normal" -> TpdsWorkloadGenerator.generate(tpds(n, TpdsWorkloadSpec.normal(), options), profile);
            case "tpds-burst" -> TpdsWorkloadGenerator.generate(tpds(n, TpdsWorkloadSpec.burst(), options), profile);
            case "hybrid-light" -> hybrid(HybridWorkloadSpec.light(), options).generate();
            case "hybrid-high" -> hybrid(HybridWorkloadSpec.high(), options).generate();
            case "hybrid-day" -> hybrid(HybridWorkloadSpec.day(), options).generate();
            case "hybrid-medium" -> hybrid(medium(), options).generate();
            case "hybrid-medium-dynamic" -> DynamicDemands.apply(hybrid(medium(), options).generate(), options.seed());
            case "hybrid-day-dynamic" -> DynamicDemands.apply(hybrid(HybridWorkloadSpec.day(), options).generate(),
                    options.seed());
            case "hjs-60-100", "hjs-40-100", "hjs-60-50", "hjs-40-50", "hjs-60-20", "hjs-40-20" -> {
                String[] parts = n.split("-");
                yield HjsWorkloadGenerator.generate(
                        hjs(n, HjsWorkloadSpec.jobSet(Integer.parseInt(parts[1]), Integer.parseInt(parts[2])), options),
                        profile);
            }
            default -> throw new IllegalArgumentException("unknown workload preset '" + name + "' (known: "
                    + PRESETS.stream().map(Preset::name).collect(Collectors.joining(", ")) + ")");
        };
    }

    private static HjsWorkloadSpec hjs(String name, HjsWorkloadSpec spec, WorkloadOptions o) {
        if (o.deadlineToleranceSeconds() != null) {
            throw new IllegalArgumentException(name + " sets deadlines by --deadline-slack, not by a deadline tolerance");
        }
        JobStream stream = overridden(spec.stream().toBuilder(), o).build();
        double share = o.deadlineShare() != null ? o.deadlineShare() : spec.deadlineShare();
        double slack = o.deadlineSlack() != null ? o.deadlineSlack() : spec.deadlineSlack();
        return new HjsWorkloadSpec(stream, share, slack);
    }

    /** A HYB or HJS preset's stream with the options' seed and the overrides they give. */
    private static JobStream.Builder overridden(JobStream.Builder s, WorkloadOptions o) {
        s.seed(o.seed());
        given(o.jobs(), s::jobs);
        given(o.requestRanges(), s::requestRanges);
        given(o.meanGapSeconds(), s::meanGapSeconds);
        given(o.gapDistribution(), s::gapDistribution);
        return s;
    }

    private static void refuseHjsOptions(String name, WorkloadOptions o) {
        if (o.deadlineShare() != null || o.deadlineSlack() != null) {
            throw new IllegalArgumentException("--deadline-share and --deadline-slack apply to the hjs-* presets, not to "
                    + name);
        }
    }

    private static TpdsWorkloadSpec tpds(String name, TpdsWorkloadSpec spec, WorkloadOptions o) {
        refuseHjsOptions(name, o);
        // TPDS jobs have no deadlines and their arrivals come from the trace; refusing these options
        // beats silently ignoring them.
        if (o.deadlineToleranceSeconds() != null) {
            throw new IllegalArgumentException(name + " has no deadlines, so a deadline tolerance does not apply");
        }
        if (o.meanGapSeconds() != null || o.gapDistribution() != null) {
            throw new IllegalArgumentException(name + " takes its arrivals from the SWIM trace; "
                    + "the mean gap and gap distribution do not apply");
        }
        TpdsWorkloadSpec s = spec.withSeed(o.seed());
        if (o.jobs() != null) {
            s = s.withJobs(o.jobs());
        }
        if (o.requestRanges() != null) {
            s = s.withRequestRanges(o.requestRanges());
        }
        return s;
    }

    /**
     * The default scenario's workload: HYB's job model at a load the small hybrid cluster carries
     * (about 70 % of its cores busy on average), with deadlines only 0–300 s past the estimated run time.
     */
    private static HybridWorkloadSpec medium() {
        return HybridWorkloadSpec.paperJobs(new JobStream("hybrid-medium", 1000, 70, GapDistribution.POISSON,
                RequestRanges.PAPER, 1));
    }

    private static HybridWorkloadSpec hybrid(HybridWorkloadSpec spec, WorkloadOptions o) {
        refuseHjsOptions(spec.stream().name(), o);
        HybridWorkloadSpec.Builder s = spec.toBuilder().stream(preset -> overridden(preset, o));
        given(o.deadlineToleranceSeconds(), s::deadlineToleranceSeconds);
        return s.build();
    }

    /** Sets an override on the preset's builder where the options give one (null: the preset's own value). */
    private static <T> void given(T value, Consumer<T> set) {
        if (value != null) {
            set.accept(value);
        }
    }
}
