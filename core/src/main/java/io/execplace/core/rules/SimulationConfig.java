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
 * @param billing           how busy time is charged (fixed clusters; an elastic cluster's node pools bill node lifetimes)
 * @param capacitySeed      seed of the random draws of elastic capacity (launch delays, spot interruptions)
 */
public record SimulationConfig(QueuePolicy queue, boolean deadlineAdmission, boolean backfilling,
                               DurationModel durationModel, Billing billing, long capacitySeed) {

    /** Rules with capacity seed 0 (fixed clusters draw nothing at random). */
    public SimulationConfig(QueuePolicy queue, boolean deadlineAdmission, boolean backfilling,
                            DurationModel durationModel, Billing billing) {
        this(queue, deadlineAdmission, backfilling, durationModel, billing, 0);
    }

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
        return new SimulationConfig(q, deadlineAdmission, backfilling, durationModel, billing, capacitySeed);
    }

    public SimulationConfig withDeadlineAdmission(boolean on) {
        return new SimulationConfig(queue, on, backfilling, durationModel, billing, capacitySeed);
    }

    public SimulationConfig withBackfilling(boolean on) {
        return new SimulationConfig(queue, deadlineAdmission, on, durationModel, billing, capacitySeed);
    }

    public SimulationConfig withDurationModel(DurationModel m) {
        return new SimulationConfig(queue, deadlineAdmission, backfilling, m, billing, capacitySeed);
    }

    public SimulationConfig withBilling(Billing b) {
        return new SimulationConfig(queue, deadlineAdmission, backfilling, durationModel, b, capacitySeed);
    }

    /** The same rules with another seed for elastic capacity's random draws (studies pass the run's seed). */
    public SimulationConfig withCapacitySeed(long seed) {
        return new SimulationConfig(queue, deadlineAdmission, backfilling, durationModel, billing, seed);
    }
}
