package io.execplace.rl.agent;

import io.execplace.rl.nn.ArrayBundle;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The training diagnostics are the figures they claim to be, and target KL stops PPO's epochs early. */
class DiagnosticsTest {

    private static PpoConfig ppo() {
        return new PpoConfig(List.of(32), 3e-3, 0.9, 0.95, 10, 4, 16, 0.2, 0.5, 0.01, true, 0.5, 1e-3);
    }

    @Test
    void ppoReportsEntropyValueLossKlClipFractionAndExplainedVariance() {
        PpoLearner learner = new PpoLearner(ppo(), TinyEnvironment.create(true), 1);
        int actions = TinyEnvironment.create(true).actionCount();
        for (int i = 0; i < 5; i++) {
            Diagnostics d = learner.iterate().diagnostics();
            assertThat(d.entropy()).isBetween(0.0, Math.log(actions));
            assertThat(d.valueLoss()).isGreaterThanOrEqualTo(0);
            // (ρ − 1) − log ρ ≥ 0 for every ρ > 0, so its mean is too.
            assertThat(d.approxKl()).isGreaterThanOrEqualTo(0);
            assertThat(d.clipFraction()).isBetween(0.0, 1.0);
            assertThat(d.explainedVariance()).isLessThanOrEqualTo(1);
        }
    }

    @Test
    void reinforceReportsEntropyAndTheBaselinesLossOnly() {
        ReinforceConfig withBaseline = new ReinforceConfig(List.of(32), 1e-2, 0.9, 10, true, true, 0, 0, 1e-3);
        Diagnostics d = new ReinforceLearner(withBaseline, TinyEnvironment.create(true), 1).iterate().diagnostics();
        assertThat(d.entropy()).isPositive();
        assertThat(d.valueLoss()).isPositive();
        assertThat(d.approxKl()).isNaN();
        ReinforceConfig without = new ReinforceConfig(List.of(32), 1e-2, 0.9, 10, false, true, 0, 0, 1e-3);
        assertThat(new ReinforceLearner(without, TinyEnvironment.create(true), 1).iterate().diagnostics().valueLoss())
                .isNaN();
    }

    @Test
    void explainedVarianceIsOneForAPerfectPredictionAndZeroForTheMean() {
        double[] y = {1, 2, 3, 4};
        assertThat(Diagnostics.explainedVariance(y, y, 4)).isEqualTo(1);
        assertThat(Diagnostics.explainedVariance(new double[]{2.5, 2.5, 2.5, 2.5}, y, 4)).isCloseTo(0, within(1e-12));
        assertThat(Diagnostics.explainedVariance(y, new double[]{1, 1, 1, 1}, 4)).isNaN();
    }

    @Test
    void aTinyTargetKlStopsAfterTheFirstEpochAndZeroChangesNothing() {
        PpoLearner plain = new PpoLearner(ppo(), TinyEnvironment.create(true), 1);
        PpoLearner off = new PpoLearner(ppo().withTargetKl(0), TinyEnvironment.create(true), 1);
        PpoLearner tiny = new PpoLearner(ppo().withTargetKl(1e-12), TinyEnvironment.create(true), 1);
        int n = plain.iterate().envSteps();
        off.iterate();
        tiny.iterate();
        assertThat(off.policyNetwork().parameters()).containsExactly(plain.policyNetwork().parameters());
        long minibatches = n / 16;
        assertThat(adamSteps(plain)).isEqualTo(4 * minibatches);
        assertThat(adamSteps(tiny)).isEqualTo(minibatches);
    }

    private static long adamSteps(PpoLearner learner) {
        ArrayBundle b = new ArrayBundle("checkpoint");
        learner.save(b);
        return b.longs("ppo.counters")[2];
    }
}
