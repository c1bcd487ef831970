package io.execplace.experiments.scenario;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.Billing;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;

/**
 * The run rules of a scenario. Penalty switches are {@code null} for "automatic": the type penalty
 * when jobs are typed, the hybrid penalty when the cluster has local VMs.
 *
 * @param queue         queue order
 * @param admission     deadline admission
 * @param backfilling   let later jobs start while the head waits
 * @param billing       billing rule
 * @param typePenalty   TPDS type-mismatch penalty on/off, or null for automatic
 * @param hybridPenalty HYB cloud penalty on/off, or null for automatic
 * @param penaltyFactor multiplier of each penalty
 */
public record SimulationOptions(QueuePolicy queue, boolean admission, boolean backfilling, Billing billing,
                                Boolean typePenalty, Boolean hybridPenalty, double penaltyFactor) {

    public static SimulationOptions defaults() {
        return new SimulationOptions(QueuePolicy.FCFS, false, false, Billing.EXACT, null, null,
                DurationModel.PAPER_PENALTY);
    }

    /** The simulator configuration for this cluster and workload. */
    public SimulationConfig configFor(Cluster cluster, Workload workload) {
        DurationModel auto = DurationModel.defaultsFor(cluster, workload.hasTypedJobs());
        DurationModel model = new DurationModel(
                typePenalty == null ? auto.typeMismatchPenalty() : typePenalty,
                hybridPenalty == null ? auto.hybridPenalty() : hybridPenalty,
                penaltyFactor);
        return new SimulationConfig(queue, admission, backfilling, model, billing);
    }

    public SimulationOptions withQueue(QueuePolicy q) {
        return new SimulationOptions(q, admission, backfilling, billing, typePenalty, hybridPenalty, penaltyFactor);
    }

    public SimulationOptions withAdmission(boolean on) {
        return new SimulationOptions(queue, on, backfilling, billing, typePenalty, hybridPenalty, penaltyFactor);
    }
}
