package io.execplace.core.workload;

import io.execplace.core.model.Workload;

/**
 * Parameters of a HYB workload (HYB §6.1). Job {@code i} arrives at the sum of the first
 * {@code i+1} gaps (the first job at {@code 0 + gap}); its estimated duration is
 * {@code T_est = durationOffset + Exp(mean durationMean)}; its deadline is
 * {@code T_A + T_est + slack + tolerance} with slack uniform in {@code [0, maxSlack)}.
 *
 * @param name                     preset name, used in the workload's name
 * @param jobs                     number of jobs
 * @param meanGapSeconds           mean inter-arrival gap, seconds
 * @param gapDistribution          Poisson (whole seconds) or exponential (continuous) gaps
 * @param durationOffsetSeconds    constant part of {@code T_est} (10 s), positive
 * @param durationMeanSeconds      mean of the exponential part of {@code T_est} (100 s, i.e. λ = 0.01)
 * @param maxSlackSeconds          slack is uniform in {@code [0, maxSlack)} (300 s)
 * @param deadlineToleranceSeconds relaxation added to every deadline (1000 s light, 5000 s high)
 * @param requestRanges            ranges for cores, memory and executors
 * @param seed                     random seed
 */
public record HybridWorkloadSpec(String name, int jobs, double meanGapSeconds, GapDistribution gapDistribution,
                                 double durationOffsetSeconds, double durationMeanSeconds, double maxSlackSeconds,
                                 double deadlineToleranceSeconds, RequestRanges requestRanges, long seed) {

    public HybridWorkloadSpec {
        SpecChecks.namedJobs("a HYB workload", name, jobs);
        SpecChecks.positive("mean gap", meanGapSeconds);
        // Positive so that T_est > 0 even if the exponential draw is 0.
        SpecChecks.positive("duration offset", durationOffsetSeconds);
        SpecChecks.positive("duration mean", durationMeanSeconds);
        SpecChecks.nonNegative("maximum slack", maxSlackSeconds);
        SpecChecks.nonNegative("deadline tolerance", deadlineToleranceSeconds);
        SpecChecks.arrivalsAndRequests(gapDistribution, requestRanges);
    }

    /** HYB light load: 1000 jobs, Poisson gaps of mean 100 s, tolerance 1000 s, seed 1. */
    public static HybridWorkloadSpec light() {
        return new HybridWorkloadSpec("hybrid-light", 1000, 100, GapDistribution.POISSON, 10, 100, 300, 1000,
                RequestRanges.PAPER, 1);
    }

    /** HYB high load: 1000 jobs, Poisson gaps of mean 5 s, tolerance 5000 s, seed 1. */
    public static HybridWorkloadSpec high() {
        return light().toBuilder().name("hybrid-high").meanGapSeconds(5).deadlineToleranceSeconds(5000).build();
    }

    /** HYB large scale: 10,000 jobs in one day (mean gap 8.64 s), tolerance 5000 s, seed 1. */
    public static HybridWorkloadSpec day() {
        return light().toBuilder().name("hybrid-day").jobs(10_000).meanGapSeconds(86_400.0 / 10_000)
                .deadlineToleranceSeconds(5000).build();
    }

    /** Generates the workload; see {@link HybridWorkloadGenerator}. */
    public Workload generate() {
        return HybridWorkloadGenerator.generate(this);
    }

    /** A builder holding this record's values, to change some by name. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Sets {@link HybridWorkloadSpec}'s fields by name; starts from the values it was made from. */
    public static final class Builder {
        private String name;
        private int jobs;
        private double meanGapSeconds;
        private GapDistribution gapDistribution;
        private double durationOffsetSeconds;
        private double durationMeanSeconds;
        private double maxSlackSeconds;
        private double deadlineToleranceSeconds;
        private RequestRanges requestRanges;
        private long seed;

        private Builder(HybridWorkloadSpec from) {
            name = from.name;
            jobs = from.jobs;
            meanGapSeconds = from.meanGapSeconds;
            gapDistribution = from.gapDistribution;
            durationOffsetSeconds = from.durationOffsetSeconds;
            durationMeanSeconds = from.durationMeanSeconds;
            maxSlackSeconds = from.maxSlackSeconds;
            deadlineToleranceSeconds = from.deadlineToleranceSeconds;
            requestRanges = from.requestRanges;
            seed = from.seed;
        }

        public Builder name(String v) {
            name = v;
            return this;
        }

        public Builder jobs(int v) {
            jobs = v;
            return this;
        }

        public Builder meanGapSeconds(double v) {
            meanGapSeconds = v;
            return this;
        }

        public Builder gapDistribution(GapDistribution v) {
            gapDistribution = v;
            return this;
        }

        public Builder durationOffsetSeconds(double v) {
            durationOffsetSeconds = v;
            return this;
        }

        public Builder durationMeanSeconds(double v) {
            durationMeanSeconds = v;
            return this;
        }

        public Builder maxSlackSeconds(double v) {
            maxSlackSeconds = v;
            return this;
        }

        public Builder deadlineToleranceSeconds(double v) {
            deadlineToleranceSeconds = v;
            return this;
        }

        public Builder requestRanges(RequestRanges v) {
            requestRanges = v;
            return this;
        }

        public Builder seed(long v) {
            seed = v;
            return this;
        }

        /** The record; its checks run here. */
        public HybridWorkloadSpec build() {
            return new HybridWorkloadSpec(name, jobs, meanGapSeconds, gapDistribution, durationOffsetSeconds, durationMeanSeconds, maxSlackSeconds, deadlineToleranceSeconds, requestRanges, seed);
        }
    }
}
