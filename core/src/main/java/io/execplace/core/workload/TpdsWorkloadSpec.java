package io.execplace.core.workload;

import io.execplace.core.model.Workload;

/**
 * Parameters of a TPDS workload (TPDS §7.1): arrivals are consecutive submit times of the bundled
 * SWIM FB-2009 trace, job fields are drawn by {@link TpdsJobFactory}.
 *
 * @param name          preset name, used in the workload's name
 * @param firstTraceJob the trace job ({@code jobN}, give {@code N}) whose submission is the first arrival
 * @param jobs          number of jobs (consecutive trace rows)
 * @param shiftToZero   subtract the first submit time so the first job arrives at 0
 * @param requestRanges ranges for cores, memory and executors
 * @param seed          random seed for the job fields
 */
public record TpdsWorkloadSpec(String name, int firstTraceJob, int jobs, boolean shiftToZero,
                               RequestRanges requestRanges, long seed) {

    /** Trace job where the burst window starts: job1119…job1218 are 100 jobs within 544 s. */
    public static final int BURST_FIRST_JOB = 1119;

    public TpdsWorkloadSpec {
        SpecChecks.namedJobs("a TPDS workload", name, jobs);
        if (firstTraceJob < 0) {
            throw new IllegalArgumentException("first trace job must be >= 0, got " + firstTraceJob);
        }
        if (requestRanges == null) {
            throw new IllegalArgumentException("request ranges are required");
        }
    }

    /** TPDS "normal": the first 50 jobs of the trace (arrivals 49 s … 2826 s), seed 1. */
    public static TpdsWorkloadSpec normal() {
        return new TpdsWorkloadSpec("tpds-normal", 0, 50, false, RequestRanges.PAPER, 1);
    }

    /** TPDS "burst": 100 jobs from job1119 (544 s), shifted to start at 0, seed 1. */
    public static TpdsWorkloadSpec burst() {
        return new TpdsWorkloadSpec("tpds-burst", BURST_FIRST_JOB, 100, true, RequestRanges.PAPER, 1);
    }

    public TpdsWorkloadSpec withName(String n) {
        return new TpdsWorkloadSpec(n, firstTraceJob, jobs, shiftToZero, requestRanges, seed);
    }

    public TpdsWorkloadSpec withFirstTraceJob(int j) {
        return new TpdsWorkloadSpec(name, j, jobs, shiftToZero, requestRanges, seed);
    }

    public TpdsWorkloadSpec withJobs(int n) {
        return new TpdsWorkloadSpec(name, firstTraceJob, n, shiftToZero, requestRanges, seed);
    }

    public TpdsWorkloadSpec withShiftToZero(boolean s) {
        return new TpdsWorkloadSpec(name, firstTraceJob, jobs, s, requestRanges, seed);
    }

    public TpdsWorkloadSpec withRequestRanges(RequestRanges r) {
        return new TpdsWorkloadSpec(name, firstTraceJob, jobs, shiftToZero, r, seed);
    }

    public TpdsWorkloadSpec withSeed(long s) {
        return new TpdsWorkloadSpec(name, firstTraceJob, jobs, shiftToZero, requestRanges, s);
    }

    /** Generates the workload; see {@link TpdsWorkloadGenerator}. */
    public Workload generate() {
        return TpdsWorkloadGenerator.generate(this);
    }
}
