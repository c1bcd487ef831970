package io.execplace.liu.model;

import io.execplace.core.io.Choices;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.distribution.BetaDistribution;
import org.apache.commons.statistics.distribution.ContinuousDistribution;
import org.apache.commons.statistics.distribution.NormalDistribution;

import java.util.Locale;

/**
 * The three job-arrival patterns of LIU §V-A: when arrival events happen and how many applications
 * each brings. {@link #gapProbability(int)} is the paper's formula (Bernoulli: geometric; Eq. 4;
 * Eq. 5), {@link #nextGap} draws from exactly that distribution, and every event brings
 * {@code max(round(N(μ, σ²)), 1)} applications. Build one with the named factories
 * ({@link #bernoulliGaps}, {@link #uniformGaps}, {@link #betaGaps}) or the paper's presets.
 *
 * @param kind      Bernoulli process, uniform gaps or discretised Beta gaps
 * @param rho       Bernoulli: event probability per slice
 * @param low       uniform: smallest gap
 * @param high      uniform: largest gap
 * @param alpha     Beta: α
 * @param beta      Beta: β
 * @param scale     Beta: M, the largest gap
 * @param countMean μ of the applications-per-event Gaussian
 * @param countSd   σ of the applications-per-event Gaussian
 */
public record ArrivalPattern(Kind kind, double rho, int low, int high, double alpha, double beta, int scale,
                             double countMean, double countSd) {

    /** Which gap distribution. */
    public enum Kind {
        BERNOULLI, UNIFORM, BETA;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public ArrivalPattern {
        switch (kind) {
            case BERNOULLI -> {
                if (!(rho > 0 && rho <= 1)) {
                    throw new IllegalArgumentException("Bernoulli arrival probability must be in (0, 1], got " + rho);
                }
            }
            case UNIFORM -> {
                if (low < 1 || high < low) {
                    throw new IllegalArgumentException("uniform gaps need 1 <= a <= b, got [" + low + ", " + high + "]");
                }
            }
            case BETA -> {
                if (!(alpha > 0 && beta > 0) || scale < 1) {
                    throw new IllegalArgumentException("Beta gaps need α, β > 0 and M >= 1");
                }
            }
        }
        if (!(countSd >= 0) || !Double.isFinite(countMean)) {
            throw new IllegalArgumentException("applications per event need a finite mean and σ >= 0");
        }
    }

    /** The paper's Bernoulli pattern: ρ = 0.08, {@code max(round(N(1.5, 1)), 1)} per event. */
    public static ArrivalPattern bernoulliPattern() {
        return bernoulliGaps(0.08, 1.5, 1);
    }

    /** The paper's uniform pattern: gaps uniform in [1, 39], {@code max(round(N(3, 1)), 1)} per event. */
    public static ArrivalPattern uniformPattern() {
        return uniformGaps(1, 39, 3, 1);
    }

    /** The paper's Beta pattern: Eq. 5 with α = 4, β = 2, M = 30, {@code max(round(N(3, 1)), 1)} per event. */
    public static ArrivalPattern betaPattern() {
        return betaGaps(4, 2, 30, 3, 1);
    }

    /** A Bernoulli process: an event each slice with probability {@code rho}, N(μ, σ²) applications per event. */
    public static ArrivalPattern bernoulliGaps(double rho, double countMean, double countSd) {
        return new ArrivalPattern(Kind.BERNOULLI, rho, 0, 0, 0, 0, 0, countMean, countSd);
    }

    /** Gaps uniform in {@code [a, b]}. */
    public static ArrivalPattern uniformGaps(int a, int b, double countMean, double countSd) {
        return new ArrivalPattern(Kind.UNIFORM, 0, a, b, 0, 0, 0, countMean, countSd);
    }

    /** Gaps {@code ceil(M · Beta(α, β))} (Eq. 5). */
    public static ArrivalPattern betaGaps(double alpha, double beta, int m, double countMean, double countSd) {
        return new ArrivalPattern(Kind.BETA, 0, 0, 0, alpha, beta, m, countMean, countSd);
    }

    /** The paper's pattern of a kind. */
    public static ArrivalPattern of(Kind kind) {
        return switch (kind) {
            case BERNOULLI -> bernoulliPattern();
            case UNIFORM -> uniformPattern();
            case BETA -> betaPattern();
        };
    }

    /** Parses {@code bernoulli}, {@code uniform} or {@code beta} into the paper's pattern. */
    public static ArrivalPattern parse(String text) {
        return of(Choices.parse(Kind.values(), Kind::label, text, "arrival pattern"));
    }

    public String label() {
        return kind.label();
    }

    /**
     * Probability that the gap between two arrival events is {@code i} slices: Bernoulli
     * {@code (1-ρ)^(i-1) ρ}; uniform Eq. 4; Beta Eq. 5, {@code F(i/M) − F((i−1)/M)} with F the
     * regularised incomplete Beta function.
     */
    public double gapProbability(int i) {
        if (i < 1) {
            return 0;
        }
        return switch (kind) {
            case BERNOULLI -> Math.pow(1 - rho, i - 1) * rho;
            case UNIFORM -> i <= high && i >= low ? 1.0 / (high - low + 1) : 0;
            case BETA -> {
                if (i > scale) {
                    yield 0;
                }
                BetaDistribution f = BetaDistribution.of(alpha, beta);
                yield f.cumulativeProbability((double) i / scale) - f.cumulativeProbability((double) (i - 1) / scale);
            }
        };
    }

    /** Largest possible gap, or {@code Integer.MAX_VALUE} for the unbounded Bernoulli gaps. */
    public int maxGap() {
        return switch (kind) {
            case BERNOULLI -> Integer.MAX_VALUE;
            case UNIFORM -> high;
            case BETA -> scale;
        };
    }

    /** A sampler of gaps and counts bound to one random generator. */
    public Sampler sampler(UniformRandomProvider rng) {
        return new Sampler(this, rng);
    }

    /** Draws gaps and applications-per-event; not thread-safe. */
    public static final class Sampler {
        private final ArrivalPattern p;
        private final UniformRandomProvider rng;
        private final ContinuousDistribution.Sampler betaSampler;
        private final ContinuousDistribution.Sampler countSampler;

        Sampler(ArrivalPattern p, UniformRandomProvider rng) {
            this.p = p;
            this.rng = rng;
            this.betaSampler = p.kind == Kind.BETA ? BetaDistribution.of(p.alpha, p.beta).createSampler(rng) : null;
            this.countSampler = p.countSd > 0 ? NormalDistribution.of(p.countMean, p.countSd).createSampler(rng)
                    : () -> p.countMean;
        }

        /** Slices until the next arrival event (at least 1). */
        public int nextGap() {
            return switch (p.kind) {
                case BERNOULLI -> {
                    // One independent trial per slice, as the paper's process is defined.
                    int i = 1;
                    while (rng.nextDouble() >= p.rho) {
                        i++;
                    }
                    yield i;
                }
                case UNIFORM -> p.low + rng.nextInt(p.high - p.low + 1);
                case BETA -> {
                    // ceil(M·u) = i exactly when u in ((i−1)/M, i/M]: the mass Eq. 5 gives i.
                    double u = betaSampler.sample();
                    yield Math.max(1, Math.min(p.scale, (int) Math.ceil(u * p.scale)));
                }
            };
        }

        /** Applications arriving at one event: {@code max(round(N(μ, σ²)), 1)}. */
        public int nextCount() {
            return (int) Math.max(Math.round(countSampler.sample()), 1);
        }
    }
}
