package io.execplace.core.sim;

import io.execplace.core.model.Job;
import io.execplace.core.rules.Deadlines;

/**
 * What the jobs started so far in a run add up to, kept as they start: the episode statistics RL
 * environments report without building a {@link io.execplace.core.metrics.RunResult}. Sums run in
 * start order.
 */
public final class StartTally {

    private int jobsStarted;
    private int goodStarts;
    private int startedWithDeadline;
    private int startedMeetingDeadline;
    private double sumDuration;
    private double sumTurnaround;
    private double lastDuration = Double.NaN;

    StartTally() {
    }

    void reset() {
        jobsStarted = 0;
        goodStarts = 0;
        startedWithDeadline = 0;
        startedMeetingDeadline = 0;
        sumDuration = 0;
        sumTurnaround = 0;
        lastDuration = Double.NaN;
    }

    void started(Job job, double duration, double finish, boolean matches) {
        jobsStarted++;
        goodStarts += matches ? 1 : 0;
        if (job.hasDeadline()) {
            startedWithDeadline++;
            startedMeetingDeadline += Deadlines.met(job, finish) ? 1 : 0;
        }
        sumDuration += duration;
        sumTurnaround += finish - job.arrival();
        lastDuration = duration;
    }

    /**
     * A started job's end moved from {@code oldEnd} to {@code newEnd} (dynamic allocation: its
     * unserved executor requests' work is made up at the end), so its duration and turnaround grow by
     * the difference and its deadline is judged at the new end.
     */
    void endMoved(Job job, double oldEnd, double newEnd) {
        sumDuration += newEnd - oldEnd;
        sumTurnaround += newEnd - oldEnd;
        if (job.hasDeadline()) {
            startedMeetingDeadline += (Deadlines.met(job, newEnd) ? 1 : 0) - (Deadlines.met(job, oldEnd) ? 1 : 0);
        }
    }

    /** Jobs started so far in this run. */
    public int jobsStarted() {
        return jobsStarted;
    }

    /** Started jobs whose layout suits their type (TPDS "good placement"). */
    public int goodPlacements() {
        return goodStarts;
    }

    /** Started jobs with a deadline that they meet, in % of started jobs with a deadline; NaN without any. */
    public double deadlineMetPercent() {
        return startedWithDeadline == 0 ? Double.NaN : 100.0 * startedMeetingDeadline / startedWithDeadline;
    }

    /** Sum of the durations of the started jobs. */
    public double sumDuration() {
        return sumDuration;
    }

    /** Sum of completion − arrival of the started jobs. */
    public double sumTurnaround() {
        return sumTurnaround;
    }

    /** Duration of the job started last (NaN before the first start). */
    public double lastDuration() {
        return lastDuration;
    }
}
