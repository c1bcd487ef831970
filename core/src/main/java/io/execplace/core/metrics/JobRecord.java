package io.execplace.core.metrics;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.rules.Deadlines;

/**
 * What happened to one job.
 *
 * @param job           the job as submitted
 * @param status        completed or dropped
 * @param start         start time in seconds (NaN if dropped)
 * @param finish        completion time in seconds (NaN if dropped)
 * @param placement     VM of each executor ({@link Placement#none()} if dropped)
 * @param goodPlacement the layout matched the job type (TPDS "good placement")
 * @param dropReason    why the job was dropped, or null
 */
public record JobRecord(Job job, JobStatus status, double start, double finish, Placement placement,
                        boolean goodPlacement, String dropReason) {

    public boolean completed() {
        return status == JobStatus.COMPLETED;
    }

    /** Run time in seconds, penalties included. */
    public double duration() {
        return finish - start;
    }

    /** Completion minus arrival, in seconds. */
    public double turnaround() {
        return finish - job.arrival();
    }

    /** True when the job has a deadline and completed at or before it. */
    public boolean metDeadline() {
        return completed() && Deadlines.met(job, finish);
    }
}
