package io.execplace.core.rules;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.model.PlacementPreference;
import io.execplace.core.model.Site;

import java.util.ArrayList;
import java.util.List;

/**
 * How long a job runs given its placement: the base duration, times the type's factor if the
 * layout does not match the job type (TPDS: spread vs consolidate), times {@code penaltyFactor}
 * again if any executor runs on a cloud VM (HYB Eq. 5, {@code T_C^H = 1.3 T_est}). Each penalty
 * can be switched off per scenario. The type penalty's multiplier may differ per job type (a
 * measured job profile, docs/profile.md); by default it is {@code penaltyFactor} for every type.
 *
 * @param typeMismatchPenalty apply the TPDS type-mismatch penalty
 * @param hybridPenalty       apply the HYB cloud penalty
 * @param penaltyFactor       multiplier of the hybrid penalty (1.3 in HYB)
 * @param typeFactors         multiplier of the type penalty per job type (1.3 for every type in TPDS)
 */
public record DurationModel(boolean typeMismatchPenalty, boolean hybridPenalty, double penaltyFactor,
                            TypeFactors typeFactors) {

    public static final double PAPER_PENALTY = 1.3;

    public DurationModel {
        if (!(penaltyFactor >= 1) || !Double.isFinite(penaltyFactor)) {
            throw new IllegalArgumentException("penalty factor must be >= 1, got " + penaltyFactor);
        }
        if (typeFactors == null) {
            throw new IllegalArgumentException("type factors are required (TypeFactors.uniform(penaltyFactor))");
        }
    }

    /** Both penalties with the same multiplier {@code penaltyFactor} (the papers' model). */
    public DurationModel(boolean typeMismatchPenalty, boolean hybridPenalty, double penaltyFactor) {
        this(typeMismatchPenalty, hybridPenalty, penaltyFactor, TypeFactors.uniform(penaltyFactor));
    }

    /** This model with per-type multipliers of the type penalty. */
    public DurationModel withTypeFactors(TypeFactors factors) {
        return new DurationModel(typeMismatchPenalty, hybridPenalty, penaltyFactor, factors);
    }

    /** No penalties: every job runs its base duration. */
    public static DurationModel none() {
        return new DurationModel(false, false, PAPER_PENALTY);
    }

    /**
     * The papers' defaults: the type penalty when the workload has typed jobs (TPDS), the hybrid
     * penalty when the cluster has local VMs (HYB).
     */
    public static DurationModel defaultsFor(Cluster cluster, boolean typedJobs) {
        return new DurationModel(typedJobs, cluster.hasSite(Site.LOCAL), PAPER_PENALTY);
    }

    /** True when the placement's layout suits the job type; a one-executor job is always well placed. */
    public static boolean matchesType(Job job, Placement placement) {
        return matchesType(job, placement.executors(), placement.executors() <= 1 ? 1 : placement.distinctVms());
    }

    /**
     * The type rule itself, on counts: {@code executors} executors over {@code distinctVms} VMs
     * suit the job type (spread: all on different VMs; consolidate: all on one VM).
     */
    public static boolean matchesType(Job job, int executors, int distinctVms) {
        if (executors <= 1) {
            return true;
        }
        PlacementPreference pref = job.type().preference();
        return switch (pref) {
            case ANY -> true;
            case SPREAD -> distinctVms == executors;
            case CONSOLIDATE -> distinctVms == 1;
        };
    }

    /**
     * Number of distinct VMs among the first {@code executors} entries, without allocating: the bits
     * of VMs 0..63 (no branch per pair of executors, which an RL environment's job start paid), or
     * when a VM is beyond them, every entry against those before it.
     */
    public static int distinctVms(int[] vmOfExecutor, int from, int executors) {
        long seen = 0;
        int beyond = 0;
        for (int i = 0; i < executors; i++) {
            int vm = vmOfExecutor[from + i];
            seen |= 1L << vm;
            beyond |= vm >>> 6;
        }
        return beyond == 0 ? Long.bitCount(seen) : distinctVmsPairwise(vmOfExecutor, from, executors);
    }

    private static int distinctVmsPairwise(int[] vmOfExecutor, int from, int executors) {
        int distinct = 0;
        for (int i = 0; i < executors; i++) {
            int vm = vmOfExecutor[from + i];
            boolean seen = false;
            for (int k = 0; k < i && !seen; k++) {
                seen = vmOfExecutor[from + k] == vm;
            }
            if (!seen) {
                distinct++;
            }
        }
        return distinct;
    }

    /** True when every executor of the placement is on a local VM. */
    public static boolean allLocal(Placement placement, Cluster cluster) {
        for (int i = 0; i < placement.executors(); i++) {
            if (cluster.vm(placement.vm(i)).site() != Site.LOCAL) {
                return false;
            }
        }
        return true;
    }

    /** The job's run time for this placement, in seconds. */
    public double duration(Job job, Placement placement, Cluster cluster) {
        return duration(job, matchesType(job, placement), allLocal(placement, cluster));
    }

    /**
     * The job's run time in seconds for a placement described by its two properties (for callers
     * that build placements in primitive arrays, such as the RL environment).
     *
     * @param matchesType whether the layout suits the job type ({@link #matchesType(Job, int, int)})
     * @param allLocal    whether every executor is on a local VM
     */
    public double duration(Job job, boolean matchesType, boolean allLocal) {
        double d = job.baseDuration();
        if (typeMismatchPenalty && !matchesType) {
            d *= typeFactors.of(job.type());
        }
        if (hybridPenalty && !allLocal) {
            d *= penaltyFactor;
        }
        return d;
    }

    /** The shortest run time any placement can give the job (well placed, local when the cluster has local VMs). */
    public double minDuration(Job job, Cluster cluster) {
        return duration(job, true, cluster.hasSite(Site.LOCAL));
    }

    /** The longest run time any placement can give the job (every applicable penalty applied). */
    public double maxDuration(Job job, Cluster cluster) {
        boolean typePenaltyPossible = typeMismatchPenalty && job.executors() > 1
                && job.type().preference() != PlacementPreference.ANY;
        boolean hybridPossible = hybridPenalty && cluster.hasSite(Site.CLOUD);
        return duration(job, !typePenaltyPossible, !hybridPossible);
    }

    /**
     * The job's placements split into the cases this model charges one duration each (see {@link
     * DurationCase}): with the hybrid penalty, local-only placements run without it and any-site
     * placements with it; with the type penalty and a typed job of several executors, placements in
     * the type's layout run without it and any layout with it. One to four cases, local-only and
     * matching layouts first; the first case always has the base duration.
     */
    public List<DurationCase> cases(Job job) {
        PlacementPreference pref = job.type().preference();
        boolean typed = typeMismatchPenalty && job.executors() > 1 && pref != PlacementPreference.ANY;
        List<DurationCase> out = new ArrayList<>(4);
        for (boolean localOnly : hybridPenalty ? new boolean[]{true, false} : new boolean[]{false}) {
            if (typed) {
                out.add(new DurationCase(localOnly, pref, caseDuration(job, false, localOnly)));
                out.add(new DurationCase(localOnly, PlacementPreference.ANY, caseDuration(job, true, localOnly)));
            } else {
                out.add(new DurationCase(localOnly, PlacementPreference.ANY, caseDuration(job, false, localOnly)));
            }
        }
        return out;
    }

    /** The longest duration any placement of the job can get under this model. */
    public double maxDuration(Job job) {
        PlacementPreference pref = job.type().preference();
        boolean typed = typeMismatchPenalty && job.executors() > 1 && pref != PlacementPreference.ANY;
        return caseDuration(job, typed, !hybridPenalty);
    }

    // Multiplies in the same order as duration(), so a case and a placement of it agree to the bit.
    private double caseDuration(Job job, boolean mismatch, boolean localOnly) {
        double d = job.baseDuration();
        if (mismatch) {
            d *= typeFactors.of(job.type());
        }
        if (hybridPenalty && !localOnly) {
            d *= penaltyFactor;
        }
        return d;
    }

    /**
     * The duration a cost-aware heuristic estimates before it has a placement (HYB {@code T_C^L} or
     * {@code T_C^H}): the hybrid penalty only, since such heuristics have no job-type profile.
     */
    public double estimate(Job job, boolean allLocal) {
        return hybridPenalty && !allLocal ? job.baseDuration() * penaltyFactor : job.baseDuration();
    }
}
