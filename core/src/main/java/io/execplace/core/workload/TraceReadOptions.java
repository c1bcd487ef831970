package io.execplace.core.workload;

import io.execplace.core.profile.JobProfile;

/**
 * Settings for reading traces.
 *
 * @param seed                     seed for the job fields a SWIM trace lacks (type, requests, duration)
 * @param requestRanges            request ranges for those generated fields (SWIM only)
 * @param deadlineToleranceSeconds added to every deadline read (HYB {@code T_D} and execplace CSV);
 *                                 must be 0 for formats without deadlines
 * @param profile                  base durations of the jobs a SWIM trace's arrivals become
 */
public record TraceReadOptions(long seed, RequestRanges requestRanges, double deadlineToleranceSeconds,
                               JobProfile profile) {

    public TraceReadOptions {
        if (profile == null) {
            throw new IllegalArgumentException("a job profile is required (JobProfile.paper() by default)");
        }
        if (requestRanges == null) {
            throw new IllegalArgumentException("request ranges are required");
        }
        if (!(deadlineToleranceSeconds >= 0) || Double.isInfinite(deadlineToleranceSeconds)) {
            throw new IllegalArgumentException("deadline tolerance must be a finite number >= 0, got "
                    + deadlineToleranceSeconds);
        }
    }

    /** Seed 1, the papers' request ranges, no tolerance. */
    public static TraceReadOptions defaults() {
        return new TraceReadOptions(1, RequestRanges.PAPER, 0, JobProfile.paper());
    }

    public TraceReadOptions withSeed(long s) {
        return new TraceReadOptions(s, requestRanges, deadlineToleranceSeconds, profile);
    }

    public TraceReadOptions withRequestRanges(RequestRanges r) {
        return new TraceReadOptions(seed, r, deadlineToleranceSeconds, profile);
    }

    public TraceReadOptions withDeadlineToleranceSeconds(double t) {
        return new TraceReadOptions(seed, requestRanges, t, profile);
    }

    public TraceReadOptions withProfile(JobProfile p) {
        return new TraceReadOptions(seed, requestRanges, deadlineToleranceSeconds, p);
    }
}
