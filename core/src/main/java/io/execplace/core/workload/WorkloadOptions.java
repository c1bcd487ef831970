package io.execplace.core.workload;

/**
 * Overrides for a {@link WorkloadPresets preset}; {@code null} fields keep the preset's value.
 *
 * @param seed                     random seed
 * @param jobs                     number of jobs, or {@code null}
 * @param requestRanges            request ranges, or {@code null} (the presets use {@link RequestRanges#PAPER})
 * @param deadlineToleranceSeconds deadline tolerance, or {@code null}; HYB presets only
 * @param meanGapSeconds           mean inter-arrival gap, or {@code null}; HYB presets only
 * @param gapDistribution          gap distribution, or {@code null}; HYB and HJS presets only
 * @param deadlineShare            fraction of jobs with a deadline (0..1), or {@code null}; HJS presets only
 * @param deadlineSlack            mean deadline slack in base durations, or {@code null}; HJS presets only
 */
public record WorkloadOptions(long seed, Integer jobs, RequestRanges requestRanges, Double deadlineToleranceSeconds,
                              Double meanGapSeconds, GapDistribution gapDistribution, Double deadlineShare,
                              Double deadlineSlack) {

    /** Only a seed; everything else as the preset has it. */
    public static WorkloadOptions seed(long seed) {
        return new WorkloadOptions(seed, null, null, null, null, null, null, null);
    }

    public WorkloadOptions withSeed(long s) {
        return copy(b -> b.seed = s);
    }

    public WorkloadOptions withJobs(Integer n) {
        return copy(b -> b.jobs = n);
    }

    public WorkloadOptions withRequestRanges(RequestRanges r) {
        return copy(b -> b.requestRanges = r);
    }

    public WorkloadOptions withDeadlineToleranceSeconds(Double t) {
        return copy(b -> b.deadlineToleranceSeconds = t);
    }

    public WorkloadOptions withMeanGapSeconds(Double g) {
        return copy(b -> b.meanGapSeconds = g);
    }

    public WorkloadOptions withGapDistribution(GapDistribution d) {
        return copy(b -> b.gapDistribution = d);
    }

    public WorkloadOptions withDeadlineShare(Double s) {
        return copy(b -> b.deadlineShare = s);
    }

    public WorkloadOptions withDeadlineSlack(Double s) {
        return copy(b -> b.deadlineSlack = s);
    }

    /** This record with one field changed by name: the one place that lists the fields in order. */
    private WorkloadOptions copy(java.util.function.Consumer<Fields> change) {
        Fields f = new Fields(this);
        change.accept(f);
        return new WorkloadOptions(f.seed, f.jobs, f.requestRanges, f.deadlineToleranceSeconds, f.meanGapSeconds,
                f.gapDistribution, f.deadlineShare, f.deadlineSlack);
    }

    /** The fields, mutable, for {@link #copy}. */
    private static final class Fields {
        long seed;
        Integer jobs;
        RequestRanges requestRanges;
        Double deadlineToleranceSeconds;
        Double meanGapSeconds;
        GapDistribution gapDistribution;
        Double deadlineShare;
        Double deadlineSlack;

        Fields(WorkloadOptions o) {
            seed = o.seed;
            jobs = o.jobs;
            requestRanges = o.requestRanges;
            deadlineToleranceSeconds = o.deadlineToleranceSeconds;
            meanGapSeconds = o.meanGapSeconds;
            gapDistribution = o.gapDistribution;
            deadlineShare = o.deadlineShare;
            deadlineSlack = o.deadlineSlack;
        }
    }
}
