package io.execplace.core.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A set of jobs to schedule, sorted by arrival time (ties by job id).
 *
 * @param name    a short description (preset or file)
 * @param jobs    the jobs, in arrival order
 * @param demands the executor demand of each job with dynamic allocation, by job id; the others hold
 *                their {@link Job#executors()} from start to finish
 */
public record Workload(String name, List<Job> jobs, Map<Integer, ExecutorDemand> demands) {

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
        Map<Integer, Job> byId = new HashMap<>();
        if (!demands.isEmpty()) {
            sorted.forEach(j -> byId.put(j.id(), j));
        }
        for (Map.Entry<Integer, ExecutorDemand> e : demands.entrySet()) {
            Job job = byId.get(e.getKey());
            if (job == null) {
                throw new IllegalArgumentException("workload '" + name + "': an executor demand for job "
                        + e.getKey() + ", which it does not have");
            }
            if (e.getValue().least() < job.executors()) {
                throw new IllegalArgumentException("workload '" + name + "': job " + job.id() + " holds "
                        + job.executors() + " executors from start to finish, its demand wants only "
                        + e.getValue().least() + " at its lowest");
            }
        }
        demands = Collections.unmodifiableMap(new TreeMap<>(demands));
    }

    /** A workload whose jobs hold their executors from start to finish (no dynamic allocation). */
    public Workload(String name, List<Job> jobs) {
        this(name, jobs, Map.of());
    }

    /** True when some job uses dynamic allocation. */
    public boolean hasDynamicAllocation() {
        return !demands.isEmpty();
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
