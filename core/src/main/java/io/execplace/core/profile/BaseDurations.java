package io.execplace.core.profile;

import io.execplace.core.model.JobType;

/** Draws base durations of generated jobs, one draw per job, from the generator a profile was given. */
@FunctionalInterface
public interface BaseDurations {

    /** The base duration in seconds of the next job of this type with this many executors. */
    double next(JobType type, int executors);
}
