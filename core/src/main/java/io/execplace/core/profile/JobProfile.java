package io.execplace.core.profile;

import io.execplace.core.rules.TypeFactors;

import io.execplace.core.model.JobType;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * What the TPDS workload generators and the duration model know about the three job types: how long
 * a job runs when well placed (its base duration) and by how much a layout that does not suit its type
 * (spread vs consolidated) slows it down. Either the papers' numbers ({@link #paper()}) or a profile
 * measured on Spark ({@link MeasuredProfile}, read by {@link ProfileFile}).
 */
public sealed interface JobProfile permits PaperProfile, MeasuredProfile {

    /** The papers' profile: uniform whole-second base durations, factor 1.3 for every type. */
    static JobProfile paper() {
        return PaperProfile.INSTANCE;
    }

    /** A short name for reports: {@code paper} or the profile file's name. */
    String name();

    /** The duration multiplier of a job of this type whose layout does not suit the type (at least 1). */
    double placementFactor(JobType type);

    /**
     * The type-mismatch multipliers the duration model applies: measured per type, or, for the papers'
     * profile, {@code paperFactor} (the scenario's penalty factor) for every type.
     */
    TypeFactors typeFactors(double paperFactor);

    /**
     * A base-duration source drawing from {@code rng}. Called once per workload, after the other
     * samplers of the generator are made; each job then takes exactly one draw.
     */
    BaseDurations baseDurations(UniformRandomProvider rng);
}
