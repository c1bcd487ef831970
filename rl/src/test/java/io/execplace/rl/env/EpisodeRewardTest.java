package io.execplace.rl.env;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class EpisodeRewardTest {

    @Test
    void betaOneRewardsOnlyCost() {
        assertThat(EpisodeReward.of(1, 10_000, 25, 100, 50, 10, 13)).isCloseTo(7500, within(1e-9));
    }

    @Test
    void betaZeroRewardsOnlyDuration() {
        // Avg_T halfway between Avg_Tmin and Avg_Tmax.
        assertThat(EpisodeReward.of(0, 10_000, 25, 100, 11.5, 10, 13)).isCloseTo(5000, within(1e-9));
    }

    @Test
    void bestPossibleEpisodeEarnsRFixedAtBetaZero() {
        assertThat(EpisodeReward.of(0, 10_000, 99, 100, 10, 10, 13)).isEqualTo(10_000);
    }

    @Test
    void mixedBetaWeighsBothTerms() {
        double r = EpisodeReward.of(0.25, 10_000, 40, 100, 13, 10, 13);
        assertThat(r).isCloseTo(10_000 * (0.25 * 0.6 + 0.75 * 0), within(1e-9));
    }

    @Test
    void withoutPenaltiesTheTimeTermIsFull() {
        assertThat(EpisodeReward.of(0, 10_000, 40, 100, 10, 10, 10)).isEqualTo(10_000);
    }
}
