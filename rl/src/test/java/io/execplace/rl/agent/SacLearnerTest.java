package io.execplace.rl.agent;

import io.execplace.rl.env.TpdsEnv;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SacLearnerTest {

    private static final double GAMMA = 0.9;

    /** Small networks and a faster target than the defaults: a tiny budget needs it. */
    static SacConfig tinyConfig(double targetEntropy) {
        return new SacConfig(List.of(32), 3e-3, GAMMA, 32, 2000, 10, 0.02, 0.05, targetEntropy, 500, 0, 1e-3);
    }

    private static SacLearner train(SacConfig config, boolean masking, long seed, int iterations) {
        SacLearner learner = new SacLearner(config, TinyEnvironment.create(masking), seed);
        for (int i = 0; i < iterations; i++) {
            learner.iterate();
        }
        return learner;
    }

    @Test
    void learnsTheOptimalPolicyOfTheTinyEnvironment() {
        double optimum = TinyEnvironment.optimalReturn(TinyEnvironment.create(true), GAMMA);
        SacLearner learner = train(tinyConfig(0.2), true, 3, 1500);
        GreedyPolicy policy = new GreedyPolicy(learner.policyNetwork());
        assertThat(TinyEnvironment.greedyReturn(TinyEnvironment.create(true), policy, GAMMA)).isCloseTo(optimum, within(1e-6));
    }

    @Test
    void theTemperatureFallsWhenThePolicyIsMoreRandomThanTheTargetAndStaysFixedWithoutOne() {
        // A near-uniform starting policy has far more entropy than 5% of the largest: alpha must come down.
        SacLearner tuned = train(tinyConfig(0.05), true, 3, 300);
        assertThat(tuned.temperature()).isLessThan(0.05);
        SacLearner fixed = train(tinyConfig(0), true, 3, 300);
        assertThat(fixed.temperature()).isCloseTo(0.05, within(1e-12));
    }

    @Test
    void withoutTheMaskItLearnsTheConstraints() {
        SacLearner learner = train(tinyConfig(0.2), false, 3, 1500);
        TpdsEnv env = TinyEnvironment.create(false);
        TinyEnvironment.greedyReturn(env, new GreedyPolicy(learner.policyNetwork()), GAMMA);
        assertThat(env.outcome().completed()).isTrue();
    }
}
