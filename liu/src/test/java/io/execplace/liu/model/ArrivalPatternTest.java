package io.execplace.liu.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.function.IntToDoubleFunction;

class ArrivalPatternTest {

    private static final int SAMPLES = 200_000;

    @Test
    void formulasGiveThePapersProbabilities() {
        ArrivalPattern b = ArrivalPattern.bernoulliPattern();
        assertThat(b.gapProbability(1)).isCloseTo(0.08, within(1e-15));
        assertThat(b.gapProbability(3)).isCloseTo(0.92 * 0.92 * 0.08, within(1e-15));
        assertThat(b.gapProbability(0)).isZero();
        ArrivalPattern u = ArrivalPattern.uniformPattern();
        assertThat(u.gapProbability(1)).isCloseTo(1.0 / 39, within(1e-15));
        assertThat(u.gapProbability(39)).isCloseTo(1.0 / 39, within(1e-15));
        assertThat(u.gapProbability(40)).isZero();
        // Eq. 5 with α = 4, β = 2: the Beta(4, 2) CDF is 5x⁴ − 4x⁵ in closed form.
        ArrivalPattern beta = ArrivalPattern.betaPattern();
        for (int i = 1; i <= 30; i++) {
            double hi = (double) i / 30;
            double lo = (double) (i - 1) / 30;
            double expected = 5 * Math.pow(hi, 4) - 4 * Math.pow(hi, 5) - (5 * Math.pow(lo, 4) - 4 * Math.pow(lo, 5));
            assertThat(beta.gapProbability(i)).as("P(%d)", i).isCloseTo(expected, within(1e-12));
        }
        assertThat(beta.gapProbability(31)).isZero();
        for (ArrivalPattern p : new ArrivalPattern[] {u, beta}) {
            double sum = 0;
            for (int i = 1; i <= p.maxGap(); i++) {
                sum += p.gapProbability(i);
            }
            assertThat(sum).isCloseTo(1, within(1e-12));
        }
    }

    @ParameterizedTest
    @EnumSource(ArrivalPattern.Kind.class)
    void sampledGapsFollowTheirFormula(ArrivalPattern.Kind kind) {
        ArrivalPattern p = ArrivalPattern.of(kind);
        ArrivalPattern.Sampler s = p.sampler(RandomSource.XO_RO_SHI_RO_128_PP.create(42L));
        int cells = Math.min(p.maxGap(), 60); // Bernoulli: gaps above 60 pooled into one tail cell
        long[] observed = new long[cells + 1];
        for (int k = 0; k < SAMPLES; k++) {
            observed[Math.min(s.nextGap(), cells + 1) - 1]++;
        }
        assertThat(chiSquareP(observed, p::gapProbability, cells)).isGreaterThan(1e-3);
    }

    @Test
    void theTestTellsPatternsApart() {
        // Beta-distributed gaps judged against the uniform formula must be rejected.
        ArrivalPattern.Sampler s = ArrivalPattern.betaPattern().sampler(RandomSource.XO_RO_SHI_RO_128_PP.create(42L));
        long[] observed = new long[40];
        for (int k = 0; k < SAMPLES; k++) {
            observed[s.nextGap() - 1]++;
        }
        ArrivalPattern uniform30 = ArrivalPattern.uniformGaps(1, 30, 3, 1);
        assertThat(chiSquareP(observed, uniform30::gapProbability, 30)).isLessThan(1e-6);
    }

    @ParameterizedTest
    @EnumSource(ArrivalPattern.Kind.class)
    void applicationsPerEventAreTheRectifiedRoundedGaussian(ArrivalPattern.Kind kind) {
        ArrivalPattern p = ArrivalPattern.of(kind);
        double mu = p.countMean();
        ArrivalPattern.Sampler s = p.sampler(RandomSource.XO_RO_SHI_RO_128_PP.create(7L));
        int cells = 8;
        long[] observed = new long[cells + 1];
        for (int k = 0; k < SAMPLES; k++) {
            observed[Math.min(s.nextCount(), cells + 1) - 1]++;
        }
        org.apache.commons.statistics.distribution.NormalDistribution n =
                org.apache.commons.statistics.distribution.NormalDistribution.of(mu, 1);
        // max(round(x), 1) = 1 for x < 1.5, else k for x in [k − 0.5, k + 0.5).
        IntToDoubleFunction prob = k -> k == 1 ? n.cumulativeProbability(1.5)
                : n.cumulativeProbability(k + 0.5) - n.cumulativeProbability(k - 0.5);
        assertThat(chiSquareP(observed, prob, cells)).isGreaterThan(1e-3);
    }

    @Test
    void badParametersAreRefused() {
        assertThatThrownBy(() -> ArrivalPattern.bernoulliGaps(0, 1, 1))
                .hasMessageContaining("(0, 1]");
        assertThatThrownBy(() -> ArrivalPattern.uniformGaps(5, 2, 1, 1))
                .hasMessageContaining("a <= b");
        assertThatThrownBy(() -> ArrivalPattern.parse("poisson")).hasMessageContaining("bernoulli, uniform or beta");
    }

    /**
     * Pearson's test of counts in cells 1..{@code cells} (index i − 1) plus a tail cell (index
     * {@code cells}) against {@code prob}; returns the p-value.
     */
    static double chiSquareP(long[] observed, IntToDoubleFunction prob, int cells) {
        long total = 0;
        for (long o : observed) {
            total += o;
        }
        double stat = 0;
        double tail = 1;
        int df = 0;
        for (int i = 1; i <= cells; i++) {
            double pi = prob.applyAsDouble(i);
            tail -= pi;
            double e = pi * total;
            if (e > 0) {
                stat += (observed[i - 1] - e) * (observed[i - 1] - e) / e;
                df++;
            } else if (observed[i - 1] > 0) {
                return 0;
            }
        }
        long tailObserved = observed.length > cells ? observed[cells] : 0;
        if (tail > 1e-12) {
            double e = tail * total;
            stat += (tailObserved - e) * (tailObserved - e) / e;
            df++;
        } else if (tailObserved > 0) {
            return 0;
        }
        return ChiSquaredDistribution.of(df - 1).survivalProbability(stat);
    }
}
