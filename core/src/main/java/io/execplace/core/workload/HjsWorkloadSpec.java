package io.execplace.core.workload;

import io.execplace.core.model.Workload;

/**
 * Parameters of an HJS job set J-x-n (HJS §5.1): {@code n} jobs of the three TPDS types
 * with TPDS requests and durations ({@link TpdsJobFactory}), of which {@code round(x·n)} chosen at
 * random have a deadline. The paper gives neither arrivals nor deadlines; ours (docs/hjs.md):
 *
 * <ul>
 *   <li>arrivals: a Poisson process, gaps of mean {@code meanGapSeconds} (exponential, or whole-second
 *       Poisson gaps as HYB's traces have them);</li>
 *   <li>deadline of job {@code j}: {@code a_j + r_j × (1 + deadlineSlack × u)}, {@code u} uniform in
 *       {@code [0, 2)}: on average {@code deadlineSlack} base durations of room beyond the run time.</li>
 * </ul>
 *
 * @param name            preset name, used in the workload's name
 * @param jobs            number of jobs {@code n}
 * @param deadlineShare   fraction of jobs with a deadline, 0..1 ({@code x/100})
 * @param deadlineSlack   mean slack of a deadline in multiples of the job's base duration, ≥ 0
 * @param meanGapSeconds  mean inter-arrival gap, seconds
 * @param gapDistribution exponential (continuous) or Poisson (whole seconds) gaps
 * @param requestRanges   ranges for cores, memory and executors
 * @param seed            random seed
 */
public record HjsWorkloadSpec(String name, int jobs, double deadlineShare, double deadlineSlack,
                              double meanGapSeconds, GapDistribution gapDistribution, RequestRanges requestRanges,
                              long seed) {

    /** Default mean gap (s): the c5 cluster is loaded enough for the queue order to matter (docs/hjs.md). */
    public static final double DEFAULT_MEAN_GAP_SECONDS = 20;
    /** Default mean deadline slack, in base durations (docs/hjs.md). */
    public static final double DEFAULT_DEADLINE_SLACK = 1.0;

    public HjsWorkloadSpec {
        SpecChecks.namedJobs("an HJS workload", name, jobs);
        if (!(deadlineShare >= 0 && deadlineShare <= 1)) {
            throw new IllegalArgumentException("deadline share must be between 0 and 1, got " + deadlineShare);
        }
        SpecChecks.nonNegative("deadline slack", deadlineSlack);
        SpecChecks.positive("mean gap", meanGapSeconds);
        SpecChecks.arrivalsAndRequests(gapDistribution, requestRanges);
    }

    /**
     * The job set {@code hjs-<percent>-<jobs>} with the default arrivals and slack, seed 1.
     *
     * @param percent share of deadline jobs in %, 0..100
     * @param jobs    number of jobs
     */
    public static HjsWorkloadSpec jobSet(int percent, int jobs) {
        return new HjsWorkloadSpec("hjs-" + percent + "-" + jobs, jobs, percent / 100.0, DEFAULT_DEADLINE_SLACK,
                DEFAULT_MEAN_GAP_SECONDS, GapDistribution.EXPONENTIAL, RequestRanges.PAPER, 1);
    }

    /** How many jobs have a deadline: {@code round(deadlineShare × jobs)}. */
    public int deadlineJobs() {
        return (int) Math.round(deadlineShare * jobs);
    }

    /** Generates the workload; see {@link HjsWorkloadGenerator}. */
    public Workload generate() {
        return HjsWorkloadGenerator.generate(this);
    }

    /** A builder holding this record's values, to change some by name. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Changes an {@link HjsWorkloadSpec} field by field, by name; {@link #build()} runs the record's checks. */
    public static final class Builder {
        private String name;
        private int jobs;
        private double deadlineShare;
        private double deadlineSlack;
        private double meanGapSeconds;
        private GapDistribution gapDistribution;
        private RequestRanges requestRanges;
        private long seed;

        private Builder(HjsWorkloadSpec from) {
            name = from.name;
            jobs = from.jobs;
            deadlineShare = from.deadlineShare;
            deadlineSlack = from.deadlineSlack;
            meanGapSeconds = from.meanGapSeconds;
            gapDistribution = from.gapDistribution;
            requestRanges = from.requestRanges;
            seed = from.seed;
        }

        public Builder jobs(int v) {
            jobs = v;
            return this;
        }

        public Builder deadlineShare(double v) {
            deadlineShare = v;
            return this;
        }

        public Builder deadlineSlack(double v) {
            deadlineSlack = v;
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
        public HjsWorkloadSpec build() {
            return new HjsWorkloadSpec(name, jobs, deadlineShare, deadlineSlack, meanGapSeconds, gapDistribution,
                    requestRanges, seed);
        }
    }

}
