package io.execplace.kubernetes.spark;

import io.execplace.core.model.JobType;

/**
 * What the scheduler knows of a Spark application besides its pods.
 *
 * @param type            TPDS job type (generic unless annotated)
 * @param arrival         epoch second the application was submitted (queue order)
 * @param durationSeconds expected run time (annotation, else the configured default)
 * @param deadline        epoch second of its deadline, or NaN for none
 */
public record AppSpec(JobType type, double arrival, double durationSeconds, double deadline) {
}
