package io.execplace.core.workload;

import io.execplace.core.io.Choices;
import java.util.Locale;
import java.util.function.DoubleSupplier;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.PoissonSampler;
import org.apache.commons.rng.sampling.distribution.SharedStateDiscreteSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

/** How generated inter-arrival gaps (HYB's and HJS's workloads) are drawn around their mean. */
public enum GapDistribution {
    /** Whole seconds from a Poisson distribution, as the HYB reference simulator's traces have them. */
    POISSON,
    /** Continuous exponential gaps: a Poisson arrival process in continuous time. */
    EXPONENTIAL;

    /** Lower-case name used on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The sampler of successive gaps of mean {@code meanSeconds}. It draws from {@code rng} only when
     * sampled, so where a generator makes it fixes the order of the draws.
     */
    public DoubleSupplier sampler(UniformRandomProvider rng, double meanSeconds) {
        return switch (this) {
            case POISSON -> {
                SharedStateDiscreteSampler poisson = PoissonSampler.of(rng, meanSeconds);
                yield poisson::sample;
            }
            case EXPONENTIAL -> {
                ZigguratSampler.Exponential exp = ZigguratSampler.Exponential.of(rng, meanSeconds);
                yield exp::sample;
            }
        };
    }

    /** Parses {@code poisson} or {@code exponential}, ignoring case. */
    public static GapDistribution parse(String text) {
        return Choices.parse(values(), GapDistribution::label, text, "gap distribution");
    }
}
