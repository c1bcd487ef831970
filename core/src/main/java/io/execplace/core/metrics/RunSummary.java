package io.execplace.core.metrics;

/**
 * The numbers SPEC §6 asks of every run. Times in seconds, delays in milliseconds. Fields that do
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
}
