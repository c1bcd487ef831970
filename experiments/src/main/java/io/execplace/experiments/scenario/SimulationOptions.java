package io.execplace.experiments.scenario;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Workload;
import io.execplace.core.profile.JobProfile;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.Billing;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;

/**
 * The run rules of a scenario (the {@code queue}, {@code admission}, {@code backfilling}, {@code
 * billing} and penalty fields of a scenario file).
 *
 * @param queue       queue order
 * @param admission   deadline admission
 * @param backfilling let later jobs start while the head waits
 * @param billing     billing rule
 * @param penalties   the duration penalties
 */
public record SimulationOptions(QueuePolicy queue, boolean admission, boolean backfilling, Billing billing,
                                Penalties penalties) {

    /**
     * The duration penalties. Switches are {@code null} for "automatic": the type penalty when jobs
     * are typed, the hybrid penalty when the cluster has local VMs.
     *
     * @param type    TPDS type-mismatch penalty on/off, or null for automatic
     * @param hybrid  HYB cloud penalty on/off, or null for automatic
     * @param factor  multiplier of each penalty (of the hybrid one only when a measured profile gives
     *                the type penalty's factors)
     * @param profile the job-type profile; a measured one gives each type its own type-penalty factor
     */
    public record Penalties(Boolean type, Boolean hybrid, double factor, JobProfile profile) {

        public Penalties {
            if (profile == null) {
                throw new IllegalArgumentException("a job profile is required (JobProfile.paper() by default)");
            }
        }

        /** With the papers' profile. */
        public Penalties(Boolean type, Boolean hybrid, double factor) {
            this(type, hybrid, factor, JobProfile.paper());
        }

        /** Automatic switches, the papers' factor 1.3. */
        public static Penalties automatic() {
            return new Penalties(null, null, DurationModel.PAPER_PENALTY);
        }

        public Penalties withProfile(JobProfile p) {
            return new Penalties(type, hybrid, factor, p);
        }

        /** The duration model for this cluster and workload. */
        public DurationModel modelFor(Cluster cluster, Workload workload) {
            DurationModel auto = DurationModel.defaultsFor(cluster, workload.hasTypedJobs());
            return new DurationModel(type == null ? auto.typeMismatchPenalty() : type,
                    hybrid == null ? auto.hybridPenalty() : hybrid, factor, profile.typeFactors(factor));
        }
    }

    public SimulationOptions {
        if (queue == null || billing == null || penalties == null) {
            throw new IllegalArgumentException("queue, billing and penalties are required");
        }
    }

    /** FCFS, no admission, no backfilling, exact billing, automatic penalties. */
    public static SimulationOptions defaults() {
        return new SimulationOptions(QueuePolicy.FCFS, false, false, Billing.EXACT, Penalties.automatic());
    }

    /** The simulator configuration for this cluster and workload. */
    public SimulationConfig configFor(Cluster cluster, Workload workload) {
        return new SimulationConfig(queue, admission, backfilling, penalties.modelFor(cluster, workload), billing);
    }

    public SimulationOptions withQueue(QueuePolicy q) {
        return new SimulationOptions(q, admission, backfilling, billing, penalties);
    }

    /** These rules with a job-type profile ({@code --profile}). */
    public SimulationOptions withProfile(JobProfile p) {
        return new SimulationOptions(queue, admission, backfilling, billing, penalties.withProfile(p));
    }

    public SimulationOptions withAdmission(boolean on) {
        return new SimulationOptions(queue, on, backfilling, billing, penalties);
    }
}
