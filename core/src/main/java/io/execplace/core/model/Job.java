package io.execplace.core.model;

/**
 * A Spark job: it asks for {@code executors} identical executors of {@code coresPerExecutor} cores
 * and {@code memoryGbPerExecutor} GB each, and runs for {@code baseDuration} seconds when well placed.
 *
 * @param id                  job id, unique within a workload
 * @param type                application type (drives the placement preference)
 * @param arrival             submission time in seconds
 * @param executors           number of executors, at least 1
 * @param coresPerExecutor    cores per executor, at least 1
 * @param memoryGbPerExecutor memory per executor in GB, positive
 * @param baseDuration        duration in seconds when placed well and locally (HYB {@code T_est})
 * @param deadline            absolute deadline in seconds, or {@link Double#NaN} for none
 */
public record Job(int id, JobType type, double arrival, int executors, int coresPerExecutor,
                  double memoryGbPerExecutor, double baseDuration, double deadline) {

    /** Marker for "no deadline". */
    public static final double NO_DEADLINE = Double.NaN;

    public Job {
        if (type == null) {
            throw new IllegalArgumentException("job " + id + ": type is missing");
        }
        requireFinite(id, "arrival", arrival);
        if (arrival < 0) {
            throw new IllegalArgumentException("job " + id + ": arrival must be >= 0, got " + arrival);
        }
        if (executors < 1) {
            throw new IllegalArgumentException("job " + id + ": executors must be at least 1, got " + executors);
        }
        if (coresPerExecutor < 1) {
            throw new IllegalArgumentException("job " + id + ": cores must be at least 1, got " + coresPerExecutor);
        }
        requireFinite(id, "memoryGb", memoryGbPerExecutor);
        if (memoryGbPerExecutor <= 0) {
            throw new IllegalArgumentException("job " + id + ": memoryGb must be positive, got " + memoryGbPerExecutor);
        }
        requireFinite(id, "baseDuration", baseDuration);
        if (baseDuration <= 0) {
            throw new IllegalArgumentException("job " + id + ": baseDuration must be positive, got " + baseDuration);
        }
        if (Double.isInfinite(deadline)) {
            throw new IllegalArgumentException("job " + id + ": deadline must be finite or absent");
        }
    }

    private static void requireFinite(int id, String field, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("job " + id + ": " + field + " must be a finite number, got " + value);
        }
    }

    public boolean hasDeadline() {
        return !Double.isNaN(deadline);
    }

    /** Total cores the job holds while it runs. */
    public int totalCores() {
        return executors * coresPerExecutor;
    }

    /** Total memory (GB) the job holds while it runs. */
    public double totalMemoryGb() {
        return executors * memoryGbPerExecutor;
    }

    /** A copy with another arrival time (used when traces are shifted). */
    public Job withArrival(double newArrival) {
        return new Job(id, type, newArrival, executors, coresPerExecutor, memoryGbPerExecutor, baseDuration, deadline);
    }

    /** A copy with another base duration (what is left of a job a spot interruption stopped). */
    public Job withBaseDuration(double seconds) {
        return new Job(id, type, arrival, executors, coresPerExecutor, memoryGbPerExecutor, seconds, deadline);
    }

    /** A copy with another number of executors. */
    public Job withExecutors(int count) {
        return new Job(id, type, arrival, count, coresPerExecutor, memoryGbPerExecutor, baseDuration, deadline);
    }

    /** A copy with another deadline. */
    public Job withDeadline(double newDeadline) {
        return new Job(id, type, arrival, executors, coresPerExecutor, memoryGbPerExecutor, baseDuration, newDeadline);
    }
}
