package io.execplace.core.model;

/**
 * The driver pod every Spark application runs on an elastic cluster when drivers are modelled
 * ({@link NodePools#drivers()}): one pod of its own request, placed on a node before the application's
 * executors start, holding its room until the application ends. Its node going away fails the
 * application, which restarts from scratch (Spark on Kubernetes has no driver recovery).
 *
 * @param cores    {@code spark.driver.cores}
 * @param memoryGb {@code spark.driver.memory} plus {@code spark.driver.memoryOverhead}, GiB read as GB
 */
public record DriverPod(int cores, double memoryGb) {

    /**
     * Spark's defaults (docs, "Application Properties" and "Running on Kubernetes"): {@code
     * spark.driver.cores} 1, {@code spark.driver.memory} 1g, and an overhead of max(384 MiB, 10 % of
     * the memory) = 384 MiB: 1.375 GiB.
     */
    public static final DriverPod SPARK_DEFAULT = new DriverPod(1, 1 + 384 / 1024.0);

    public DriverPod {
        if (cores < 1) {
            throw new IllegalArgumentException("a driver pod needs at least 1 core, got " + cores);
        }
        if (!(memoryGb > 0) || !Double.isFinite(memoryGb)) {
            throw new IllegalArgumentException("a driver pod needs positive memory, got " + memoryGb);
        }
    }

    /** The driver of {@code job} as a one-executor job of the driver's shape (for room checks and provisioning). */
    public Job asJob(Job job) {
        return new Job(job.id(), job.type(), job.arrival(), 1, cores, memoryGb, job.baseDuration(), job.deadline());
    }
}
