package io.execplace.core.rules;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Workload;

/**
 * Rules of one simulation run besides the placement policy.
 *
 * @param queue             order in which waiting jobs are offered (FCFS, EDF)
 * @param deadlineAdmission drop a job whose predicted completion is past its deadline (HYB Eq. 15)
 * @param backfilling       let a later job start while the queue head waits, if it fits (off in the papers)
 * @param durationModel     how placements change job durations
 * @param billing           how busy time is charged
 */
public record SimulationConfig(QueuePolicy queue, boolean deadlineAdmission, boolean backfilling,
                               DurationModel durationModel, Billing billing) {

    public SimulationConfig {
        if (queue == null || durationModel == null || billing == null) {
            throw new IllegalArgumentException("queue, duration model and billing are required");
        }
    }

    /** FCFS, no admission, no backfilling, exact billing, the papers' penalties for this cluster and workload. */
    public static SimulationConfig defaults(Cluster cluster, Workload workload) {
        return new SimulationConfig(QueuePolicy.FCFS, false, false,
                DurationModel.defaultsFor(cluster, workload.hasTypedJobs()), Billing.EXACT);
    }

    public SimulationConfig withQueue(QueuePolicy q) {
        return new SimulationConfig(q, deadlineAdmission, backfilling, durationModel, billing);
    }

    public SimulationConfig withDeadlineAdmission(boolean on) {
        return new SimulationConfig(queue, on, backfilling, durationModel, billing);
    }

    public SimulationConfig withBackfilling(boolean on) {
        return new SimulationConfig(queue, deadlineAdmission, on, durationModel, billing);
    }

    public SimulationConfig withDurationModel(DurationModel m) {
        return new SimulationConfig(queue, deadlineAdmission, backfilling, m, billing);
    }

    public SimulationConfig withBilling(Billing b) {
        return new SimulationConfig(queue, deadlineAdmission, backfilling, durationModel, b);
    }
}
