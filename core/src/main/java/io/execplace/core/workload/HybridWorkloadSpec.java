package io.execplace.core.workload;

import io.execplace.core.model.Workload;
import java.util.function.UnaryOperator;

/**
 * Parameters of a HYB workload (HYB §6.1). Job {@code i} arrives at the sum of the first
 * {@code i+1} gaps (the first job at {@code 0 + gap}); its estimated duration is
 * {@code T_est = durationOffset + Exp(mean durationMean)}; its deadline is
 * {@code T_A + T_est + slack + tolerance} with slack uniform in {@code [0, maxSlack)}.
 *
 * @param stream                   name, number of jobs, arrival gaps (Poisson whole seconds or
 *                                 exponential), request ranges and seed
 * @param durationOffsetSeconds    constant part of {@code T_est} (10 s), positive
 * @param durationMeanSeconds      mean of the exponential part of {@code T_est} (100 s, i.e. λ = 0.01)
 * @param maxSlackSeconds          slack is uniform in {@code [0, maxSlack)} (300 s)
 * @param deadlineToleranceSeconds relaxation added to every deadline (1000 s light, 5000 s high)
 */
public record HybridWorkloadSpec(JobStream stream, double durationOffsetSeconds, double durationMeanSeconds,
                                 double maxSlackSeconds, double deadlineToleranceSeconds) {

    public HybridWorkloadSpec {
        if (stream == null) {
            throw new IllegalArgumentException("a HYB workload needs its jobs' stream");
        }
        // Positive so that T_est > 0 even if the exponential draw is 0.
        SpecChecks.positive("duration offset", durationOffsetSeconds);
        SpecChecks.positive("duration mean", durationMeanSeconds);
        SpecChecks.nonNegative("maximum slack", maxSlackSeconds);
        SpecChecks.nonNegative("deadline tolerance", deadlineToleranceSeconds);
    }

    /** HYB light load: 1000 jobs, Poisson gaps of mean 100 s, tolerance 1000 s, seed 1. */
    public static HybridWorkloadSpec light() {
        return paperJobs(new JobStream("hybrid-light", 1000, 100, GapDistribution.POISSON, RequestRanges.PAPER, 1))
                .toBuilder().deadlineToleranceSeconds(1000).build();
    }

    /** HYB high load: 1000 jobs, Poisson gaps of mean 5 s, tolerance 5000 s, seed 1. */
    public static HybridWorkloadSpec high() {
        return light().toBuilder().stream(s -> s.name("hybrid-high").meanGapSeconds(5)).deadlineToleranceSeconds(5000)
                .build();
    }

    /** HYB large scale: 10,000 jobs in one day (mean gap 8.64 s), tolerance 5000 s, seed 1. */
    public static HybridWorkloadSpec day() {
        return light().toBuilder().stream(s -> s.name("hybrid-day").jobs(10_000).meanGapSeconds(86_400.0 / 10_000))
                .deadlineToleranceSeconds(5000).build();
    }

    /**
     * HYB's job durations and deadlines (§6.1: {@code T_est = 10 s + Exp(mean 100 s)}, slack in
     * {@code [0, 300 s)}) over the given stream, with no deadline tolerance.
     */
    public static HybridWorkloadSpec paperJobs(JobStream stream) {
        return new HybridWorkloadSpec(stream, 10, 100, 300, 0);
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
        private JobStream stream;
        private double durationOffsetSeconds;
        private double durationMeanSeconds;
        private double maxSlackSeconds;
        private double deadlineToleranceSeconds;

        private Builder(HybridWorkloadSpec from) {
            stream = from.stream;
            durationOffsetSeconds = from.durationOffsetSeconds;
            durationMeanSeconds = from.durationMeanSeconds;
            maxSlackSeconds = from.maxSlackSeconds;
            deadlineToleranceSeconds = from.deadlineToleranceSeconds;
        }

        /** Changes the stream's fields by name (its checks run here). */
        public Builder stream(UnaryOperator<JobStream.Builder> change) {
            stream = change.apply(stream.toBuilder()).build();
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

        /** The record; its checks run here. */
        public HybridWorkloadSpec build() {
            return new HybridWorkloadSpec(stream, durationOffsetSeconds, durationMeanSeconds, maxSlackSeconds,
                    deadlineToleranceSeconds);
        }
    }
}
