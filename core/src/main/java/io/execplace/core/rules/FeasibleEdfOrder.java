package io.execplace.core.rules;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;

import java.util.Comparator;

/**
 * Earliest deadline first among the deadline jobs that can still meet their deadline; after them
 * every other job (deadline jobs that can no longer make it and jobs without a deadline) in arrival
 * order. A job can still make it at decision time {@code t} when {@code t + r ≤ d}, {@code r} its base
 * duration (its run time when well placed), the test of HJS Eq. 7.
 *
 * <p>Why: plain EDF gives its highest priority to the jobs whose deadlines are already lost, since
 * theirs are the earliest, and under load they take the capacity the jobs that can still make it
 * need (the overload weakness of EDF). A lost deadline earns nothing in HJS's Target, so such a job
 * is served like a regular one.
 */
public final class FeasibleEdfOrder implements QueuePolicy {

    /** Registered name. */
    public static final String NAME = "edf-feasible";

    @Override
    public String name() {
        return NAME;
    }

    /** Without a clock: EDF (the order before any decision time). */
    @Override
    public Comparator<Job> order() {
        return EDF.order();
    }

    @Override
    public boolean reordersOverTime() {
        return true;
    }

    @Override
    public Comparator<Job> orderAt(double now, Cluster cluster) {
        return Comparator.comparingDouble((Job j) -> canMeetDeadline(j, now) ? j.deadline() : Double.POSITIVE_INFINITY)
                .thenComparingDouble(Job::arrival)
                .thenComparingInt(Job::id);
    }

    /** True for a deadline job that, started now and well placed, finishes by its deadline. */
    public static boolean canMeetDeadline(Job job, double now) {
        return job.hasDeadline() && now + job.baseDuration() <= job.deadline();
    }
}
