package io.execplace.rl.agent;

import io.execplace.rl.nn.Loss;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Each builder sets each field by name: every field gets a value no default has, and the result
 * must equal the record made positionally here (the one place outside the records that may).
 */
class ConfigBuildersTest {

    @Test
    void ppo() {
        PpoConfig built = PpoConfig.defaults().toBuilder().hidden(List.of(7, 8)).learningRate(0.011).gamma(0.81)
                .lambda(0.71).episodesPerIteration(13).epochs(14).minibatchSize(15).clipRatio(0.31).valueCoef(0.41)
                .entropyCoef(0.051).normalizeAdvantages(false).gradientClip(0.61).rewardScale(0.071).targetKl(0.091).build();
        assertThat(built).isEqualTo(new PpoConfig(List.of(7, 8), 0.011, 0.81, 0.71, 13, 14, 15, 0.31, 0.41, 0.051,
                false, 0.61, 0.071, 0.091));
        assertThat(built.toBuilder().build()).isEqualTo(built);
    }

    @Test
    void dqn() {
        DqnConfig built = DqnConfig.paper().toBuilder().hidden(List.of(9)).learningRate(0.012).gamma(0.82).batchSize(33)
                .replayCapacity(3333).collectSteps(17).epsilon(0.021).targetUpdatePeriod(77).doubleDqn(true)
                .loss(Loss.HUBER).warmupSteps(55).gradientClip(0.62).rewardScale(0.072).build();
        assertThat(built).isEqualTo(new DqnConfig(List.of(9), 0.012, 0.82, 33, 3333, 17, 0.021, 77, true, Loss.HUBER,
                55, 0.62, 0.072));
        assertThat(built.toBuilder().build()).isEqualTo(built);
    }

    @Test
    void sac() {
        SacConfig built = SacConfig.defaults().toBuilder().hidden(List.of(10, 11)).learningRate(0.013).gamma(0.83)
                .batchSize(34).replayCapacity(3434).collectSteps(18).targetSmoothing(0.0071).initialTemperature(0.17)
                .targetEntropy(0.27).warmupSteps(56).gradientClip(0.63).rewardScale(0.073).build();
        assertThat(built).isEqualTo(new SacConfig(List.of(10, 11), 0.013, 0.83, 34, 3434, 18, 0.0071, 0.17, 0.27, 56,
                0.63, 0.073));
        assertThat(built.toBuilder().build()).isEqualTo(built);
    }

    @Test
    void reinforce() {
        ReinforceConfig built = ReinforceConfig.paper().toBuilder().hidden(List.of(12)).learningRate(0.014).gamma(0.84)
                .episodesPerIteration(19).baseline(true).normalizeReturns(false).entropyCoef(0.052).gradientClip(0.64)
                .rewardScale(0.074).build();
        assertThat(built).isEqualTo(new ReinforceConfig(List.of(12), 0.014, 0.84, 19, true, false, 0.052, 0.64, 0.074));
        assertThat(built.toBuilder().build()).isEqualTo(built);
    }

    @Test
    void buildersRunTheRecordsChecksAndLeaveTheirSourceUnchanged() {
        PpoConfig defaults = PpoConfig.defaults();
        PpoConfig.Builder b = defaults.toBuilder().learningRate(-1);
        assertThatThrownBy(b::build).hasMessageContaining("learning rate");
        assertThat(defaults).isEqualTo(PpoConfig.defaults());
    }

    @Test
    void memoryEstimatesSaturateInsteadOfOverflowing() {
        PpoConfig wide = PpoConfig.defaults().toBuilder().hidden(List.of(2_000_000_000)).build();
        // (41 + 13) x 2e9 weights: an int would wrap; the long estimate is about 6.9 TB
        assertThat(Learners.estimatedBytes(wide, 40, 13)).isEqualTo((41L * 2_000_000_000 + 2_000_000_001L * 13) * 8 * 4 * 2);
        PpoConfig deep = PpoConfig.defaults().toBuilder()
                .hidden(List.of(2_000_000_000, 2_000_000_000, 2_000_000_000, 2_000_000_000)).build();
        assertThat(Learners.estimatedBytes(deep, 40, 13)).isEqualTo(Long.MAX_VALUE);
        PpoConfig huge = PpoConfig.defaults().toBuilder().hidden(List.of(100_000, 100_000)).build();
        // (41 x 1e5 + 100001 x 1e5 + 100001 x 13) weights x 8 bytes x 4 arrays x 2 networks: about 640 GB
        assertThat(Learners.estimatedBytes(huge, 40, 13)).isEqualTo((41L * 100_000 + 100_001L * 100_000 + 100_001L * 13) * 64);
        // Table 5's network: (41 x 200 + 201 x 13) weights x 8 x 4 x 2, plus no replay
        assertThat(Learners.estimatedBytes(PpoConfig.defaults(), 40, 13)).isEqualTo((41L * 200 + 201 * 13) * 8 * 4 * 2);
    }
}
