package io.execplace.core.rules;

import io.execplace.core.model.Job;

/**
 * The deadline test, in one place: a job meets its deadline when it completes at or before it, with
 * a tolerance of {@value #SLACK} s so that a completion computed as {@code start + duration} is not
 * judged late by a rounding error of the sum.
 */
public final class Deadlines {

    /** Seconds a completion may pass the deadline and still count as on time (floating-point slack). */
    public static final double SLACK = 1e-9;

    private Deadlines() {
    }

    /** True when a completion at {@code finish} meets the job's deadline; false when the job has none. */
    public static boolean met(Job job, double finish) {
        return job.hasDeadline() && finish <= job.deadline() + SLACK;
    }

    /** True when the job has a deadline and a completion at {@code finish} misses it. */
    public static boolean missed(Job job, double finish) {
        return job.hasDeadline() && finish > job.deadline() + SLACK;
    }

    /** True when the job has no deadline or a completion at {@code finish} meets it. */
    public static boolean allows(Job job, double finish) {
        return !missed(job, finish);
    }
}
