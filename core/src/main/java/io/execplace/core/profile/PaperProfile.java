package io.execplace.core.profile;

import io.execplace.core.rules.TypeFactors;

import io.execplace.core.model.JobType;
import io.execplace.core.rules.DurationModel;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.DiscreteUniformSampler;
import org.apache.commons.rng.sampling.distribution.SharedStateDiscreteSampler;

/**
 * The built-in profile: base durations uniform whole seconds in the TPDS reference traces' ranges
 * (WordCount 34–74 s, Sort 29–46 s, PageRank 100–157 s; the paper only says "profiled"), independent
 * of the executor count, and the papers' placement factor 1.3.
 */
public final class PaperProfile implements JobProfile {

    /** Base durations of the TPDS reference traces, seconds, inclusive. */
    public static final int WORDCOUNT_MIN_SECONDS = 34;
    public static final int WORDCOUNT_MAX_SECONDS = 74;
    public static final int SORT_MIN_SECONDS = 29;
    public static final int SORT_MAX_SECONDS = 46;
    public static final int PAGERANK_MIN_SECONDS = 100;
    public static final int PAGERANK_MAX_SECONDS = 157;

    static final PaperProfile INSTANCE = new PaperProfile();

    private PaperProfile() {
    }

    @Override
    public String name() {
        return "paper";
    }

    @Override
    public double placementFactor(JobType type) {
        return DurationModel.PAPER_PENALTY;
    }

    @Override
    public TypeFactors typeFactors(double paperFactor) {
        return TypeFactors.uniform(paperFactor);
    }

    @Override
    public BaseDurations baseDurations(UniformRandomProvider rng) {
        // Made in this order from the shared generator, as the TPDS generator always has: changing it
        // changes every workload.
        SharedStateDiscreteSampler[] duration = {
            DiscreteUniformSampler.of(rng, WORDCOUNT_MIN_SECONDS, WORDCOUNT_MAX_SECONDS),
            DiscreteUniformSampler.of(rng, SORT_MIN_SECONDS, SORT_MAX_SECONDS),
            DiscreteUniformSampler.of(rng, PAGERANK_MIN_SECONDS, PAGERANK_MAX_SECONDS),
        };
        return (type, executors) -> duration[index(type)].sample();
    }

    /** Inclusive base-duration range of a TPDS job type, seconds: {@code {min, max}}. */
    public static int[] durationRange(JobType type) {
        return switch (type) {
            case WORDCOUNT -> new int[]{WORDCOUNT_MIN_SECONDS, WORDCOUNT_MAX_SECONDS};
            case SORT -> new int[]{SORT_MIN_SECONDS, SORT_MAX_SECONDS};
            case PAGERANK -> new int[]{PAGERANK_MIN_SECONDS, PAGERANK_MAX_SECONDS};
            case GENERIC -> throw new IllegalArgumentException("TPDS jobs have no generic type");
        };
    }

    private static int index(JobType type) {
        return switch (type) {
            case WORDCOUNT -> 0;
            case SORT -> 1;
            case PAGERANK -> 2;
            case GENERIC -> throw new IllegalArgumentException("TPDS jobs have no generic type");
        };
    }

    @Override
    public String toString() {
        return "paper profile";
    }
}
