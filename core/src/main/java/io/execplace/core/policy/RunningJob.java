package io.execplace.core.policy;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;

/**
 * A job running now, as a {@link ClusterView} that knows its jobs reports it: where its executors
 * are and when it will finish. A job whose executors are being placed one by one and that has not
 * started yet is reported with the executors placed so far and the finish its base layout would
 * give if it started now (an estimate: the real finish follows from the whole layout).
 *
 * @param job       the job
 * @param placement the VM of each of its executors (placed so far)
 * @param finish    when it finishes, seconds
 */
public record RunningJob(Job job, Placement placement, double finish) {
}
