package io.execplace.core.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A set of jobs to schedule, sorted by arrival time (ties by job id).
 *
 * @param name a short description (preset or file)
 * @param jobs the jobs, in arrival order
 */
public record Workload(String name, List<Job> jobs) {

    private static final Comparator<Job> ARRIVAL_ORDER =
            Comparator.comparingDouble(Job::arrival).thenComparingInt(Job::id);

    public Workload {
        List<Job> sorted = new ArrayList<>(jobs);
        sorted.sort(ARRIVAL_ORDER);
        Set<Integer> ids = new HashSet<>();
        for (Job job : sorted) {
            if (!ids.add(job.id())) {
                throw new IllegalArgumentException("workload '" + name + "': job id " + job.id() + " appears twice");
            }
        }
        jobs = List.copyOf(sorted);
    }

    public int size() {
        return jobs.size();
    }

    /** True when any job carries a type other than {@link JobType#GENERIC}. */
    public boolean hasTypedJobs() {
        for (Job job : jobs) {
            if (job.type() != JobType.GENERIC) {
                return true;
            }
        }
        return false;
    }

    /** True when any job has a deadline. */
    public boolean hasDeadlines() {
        for (Job job : jobs) {
            if (job.hasDeadline()) {
                return true;
            }
        }
        return false;
    }
}
