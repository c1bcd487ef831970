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

    /** Without the HJS-only options. */
    public WorkloadOptions(long seed, Integer jobs, RequestRanges requestRanges, Double deadlineToleranceSeconds,
                           Double meanGapSeconds, GapDistribution gapDistribution) {
        this(seed, jobs, requestRanges, deadlineToleranceSeconds, meanGapSeconds, gapDistribution, null, null);
    }

    /** Only a seed; everything else as the preset has it. */
    public static WorkloadOptions seed(long seed) {
        return new WorkloadOptions(seed, null, null, null, null, null);
    }

    public WorkloadOptions withSeed(long s) {
        return new WorkloadOptions(s, jobs, requestRanges, deadlineToleranceSeconds, meanGapSeconds, gapDistribution,
                deadlineShare, deadlineSlack);
    }

    public WorkloadOptions withJobs(Integer n) {
        return new WorkloadOptions(seed, n, requestRanges, deadlineToleranceSeconds, meanGapSeconds, gapDistribution,
                deadlineShare, deadlineSlack);
    }

    public WorkloadOptions withRequestRanges(RequestRanges r) {
        return new WorkloadOptions(seed, jobs, r, deadlineToleranceSeconds, meanGapSeconds, gapDistribution,
                deadlineShare, deadlineSlack);
    }

    public WorkloadOptions withDeadlineToleranceSeconds(Double t) {
        return new WorkloadOptions(seed, jobs, requestRanges, t, meanGapSeconds, gapDistribution,
                deadlineShare, deadlineSlack);
    }

    public WorkloadOptions withMeanGapSeconds(Double g) {
        return new WorkloadOptions(seed, jobs, requestRanges, deadlineToleranceSeconds, g, gapDistribution,
                deadlineShare, deadlineSlack);
    }

    public WorkloadOptions withGapDistribution(GapDistribution d) {
        return new WorkloadOptions(seed, jobs, requestRanges, deadlineToleranceSeconds, meanGapSeconds, d,
                deadlineShare, deadlineSlack);
    }

    public WorkloadOptions withDeadlineShare(Double s) {
        return new WorkloadOptions(seed, jobs, requestRanges, deadlineToleranceSeconds, meanGapSeconds, gapDistribution,
                s, deadlineSlack);
    }

    public WorkloadOptions withDeadlineSlack(Double s) {
        return new WorkloadOptions(seed, jobs, requestRanges, deadlineToleranceSeconds, meanGapSeconds, gapDistribution,
                deadlineShare, s);
    }
}
