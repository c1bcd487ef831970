package io.execplace.core.metrics;

/**
 * The numbers every run reports (cost, durations, deadlines, drops, scheduling delay). Times in seconds, delays in milliseconds. Fields that do
 * not apply (deadline-met % without deadlines, means without completed jobs) are NaN.
 *
 * @param scheduler              placement policy name
 * @param queue                  queue order name
 * @param totalCost              sum over VMs of price × billed busy time
 * @param meanDuration           mean run time of completed jobs (penalties included)
 * @param meanTurnaround         mean completion − arrival of completed jobs
 * @param deadlineMetPercent     jobs with a deadline that completed by it, in % of jobs with a deadline
 * @param jobs                   jobs in the workload
 * @param jobsCompleted          jobs that ran to completion
 * @param goodPlacements         completed jobs whose layout matched their type
 * @param jobsWaited             completed jobs that started after their arrival
 * @param jobsDropped            jobs dropped (cannot fit, admission, policy gave up on an idle cluster)
 * @param vmsUsed                VMs that hosted at least one executor
 * @param makespan               completion time of the last job
 * @param decisions              calls to the placement policy
 * @param schedulingDelayMeanMs  mean wall time of one placement decision
 * @param schedulingDelayMedianMs median wall time of one placement decision
 * @param schedulingDelayP99Ms   99th percentile wall time of one placement decision
 */
public record RunSummary(String scheduler, String queue, double totalCost, double meanDuration,
                         double meanTurnaround, double deadlineMetPercent, int jobs, int jobsCompleted,
                         int goodPlacements, int jobsWaited, int jobsDropped, int vmsUsed, double makespan,
                         long decisions, double schedulingDelayMeanMs, double schedulingDelayMedianMs,
                         double schedulingDelayP99Ms) {

    /** A builder for a run of {@code scheduler} with queue order {@code queue}; unset numbers are 0. */
    public static Builder builder(String scheduler, String queue) {
        return new Builder(scheduler, queue);
    }

    /** The same summary with the wall-clock scheduling delays set to 0 (to compare runs). */
    public RunSummary withoutDelays() {
        return new RunSummary(scheduler, queue, totalCost, meanDuration, meanTurnaround, deadlineMetPercent, jobs,
                jobsCompleted, goodPlacements, jobsWaited, jobsDropped, vmsUsed, makespan, decisions, 0, 0, 0);
    }

    /** Builds a {@link RunSummary} field by field, so that no two numbers can be swapped silently. */
    public static final class Builder {
        private final String scheduler;
        private final String queue;
        private double totalCost;
        private double meanDuration;
        private double meanTurnaround;
        private double deadlineMetPercent;
        private int jobs;
        private int jobsCompleted;
        private int goodPlacements;
        private int jobsWaited;
        private int jobsDropped;
        private int vmsUsed;
        private double makespan;
        private long decisions;
        private double delayMeanMs;
        private double delayMedianMs;
        private double delayP99Ms;

        private Builder(String scheduler, String queue) {
            this.scheduler = scheduler;
            this.queue = queue;
        }

        public Builder totalCost(double v) {
            totalCost = v;
            return this;
        }

        public Builder meanDuration(double v) {
            meanDuration = v;
            return this;
        }

        public Builder meanTurnaround(double v) {
            meanTurnaround = v;
            return this;
        }

        public Builder deadlineMetPercent(double v) {
            deadlineMetPercent = v;
            return this;
        }

        public Builder jobs(int v) {
            jobs = v;
            return this;
        }

        public Builder jobsCompleted(int v) {
            jobsCompleted = v;
            return this;
        }

        public Builder goodPlacements(int v) {
            goodPlacements = v;
            return this;
        }

        public Builder jobsWaited(int v) {
            jobsWaited = v;
            return this;
        }

        public Builder jobsDropped(int v) {
            jobsDropped = v;
            return this;
        }

        public Builder vmsUsed(int v) {
            vmsUsed = v;
            return this;
        }

        public Builder makespan(double v) {
            makespan = v;
            return this;
        }

        public Builder decisions(long v) {
            decisions = v;
            return this;
        }

        /** Mean, median and 99th percentile wall time of one placement decision, milliseconds. */
        public Builder schedulingDelayMs(double mean, double median, double p99) {
            delayMeanMs = mean;
            delayMedianMs = median;
            delayP99Ms = p99;
            return this;
        }

        public RunSummary build() {
            return new RunSummary(scheduler, queue, totalCost, meanDuration, meanTurnaround, deadlineMetPercent, jobs,
                    jobsCompleted, goodPlacements, jobsWaited, jobsDropped, vmsUsed, makespan, decisions,
                    delayMeanMs, delayMedianMs, delayP99Ms);
        }
    }
}
