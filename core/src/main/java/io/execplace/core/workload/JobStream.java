package io.execplace.core.workload;

/**
 * What the HYB and HJS generators draw alike: {@code jobs} jobs under a name, arriving after gaps of
 * mean {@code meanGapSeconds}, with requests from {@code requestRanges}, all from one seed. Each
 * spec adds how its jobs' durations and deadlines are drawn ({@link HybridWorkloadSpec},
 * {@link HjsWorkloadSpec}).
 *
 * @param name            preset name, used in the workload's name
 * @param jobs            number of jobs
 * @param meanGapSeconds  mean inter-arrival gap, seconds
 * @param gapDistribution Poisson (whole seconds) or exponential (continuous) gaps
 * @param requestRanges   ranges for cores, memory and executors
 * @param seed            random seed
 */
public record JobStream(String name, int jobs, double meanGapSeconds, GapDistribution gapDistribution,
                        RequestRanges requestRanges, long seed) {

    public JobStream {
        SpecChecks.namedJobs("a workload", name, jobs);
        SpecChecks.positive("mean gap", meanGapSeconds);
        if (gapDistribution == null || requestRanges == null) {
            throw new IllegalArgumentException("gap distribution and request ranges are required");
        }
    }

    /** A builder holding this record's values, to change some by name. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Changes a {@link JobStream} field by field, by name; {@link #build()} runs the record's checks. */
    public static final class Builder {
        private String name;
        private int jobs;
        private double meanGapSeconds;
        private GapDistribution gapDistribution;
        private RequestRanges requestRanges;
        private long seed;

        private Builder(JobStream from) {
            name = from.name;
            jobs = from.jobs;
            meanGapSeconds = from.meanGapSeconds;
            gapDistribution = from.gapDistribution;
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

        public Builder requestRanges(RequestRanges v) {
            requestRanges = v;
            return this;
        }

        public Builder seed(long v) {
            seed = v;
            return this;
        }

        /** The record; its checks run here. */
        public JobStream build() {
            return new JobStream(name, jobs, meanGapSeconds, gapDistribution, requestRanges, seed);
        }
    }
}
