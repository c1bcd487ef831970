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
 * @param stream        name, number of jobs {@code n}, arrival gaps (mean {@code meanGapSeconds},
 *                      exponential or whole-second Poisson), request ranges and seed
 * @param deadlineShare fraction of jobs with a deadline, 0..1 ({@code x/100})
 * @param deadlineSlack mean slack of a deadline in multiples of the job's base duration, ≥ 0
 */
public record HjsWorkloadSpec(JobStream stream, double deadlineShare, double deadlineSlack) {

    /** Default mean gap (s): the c5 cluster is loaded enough for the queue order to matter (docs/hjs.md). */
    public static final double DEFAULT_MEAN_GAP_SECONDS = 20;
    /** Default mean deadline slack, in base durations (docs/hjs.md). */
    public static final double DEFAULT_DEADLINE_SLACK = 1.0;

    public HjsWorkloadSpec {
        if (stream == null) {
            throw new IllegalArgumentException("an HJS workload needs its jobs' stream");
        }
        if (!(deadlineShare >= 0 && deadlineShare <= 1)) {
            throw new IllegalArgumentException("deadline share must be between 0 and 1, got " + deadlineShare);
        }
        SpecChecks.nonNegative("deadline slack", deadlineSlack);
    }

    /**
     * The job set {@code hjs-<percent>-<jobs>} with the default arrivals and slack, seed 1.
     *
     * @param percent share of deadline jobs in %, 0..100
     * @param jobs    number of jobs
     */
    public static HjsWorkloadSpec jobSet(int percent, int jobs) {
        JobStream stream = new JobStream("hjs-" + percent + "-" + jobs, jobs, DEFAULT_MEAN_GAP_SECONDS,
                GapDistribution.EXPONENTIAL, RequestRanges.PAPER, 1);
        return new HjsWorkloadSpec(stream, percent / 100.0, DEFAULT_DEADLINE_SLACK);
    }

    /** How many jobs have a deadline: {@code round(deadlineShare × jobs)}. */
    public int deadlineJobs() {
        return (int) Math.round(deadlineShare * stream.jobs());
    }

    /** Generates the workload; see {@link HjsWorkloadGenerator}. */
    public Workload generate() {
        return HjsWorkloadGenerator.generate(this);
    }
}
