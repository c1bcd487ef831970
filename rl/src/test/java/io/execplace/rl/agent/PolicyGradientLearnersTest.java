package io.execplace.rl.agent;

import io.execplace.rl.env.TpdsEnv;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** REINFORCE and PPO learn the tiny environment's optimal policy within a fixed seed and budget. */
class PolicyGradientLearnersTest {

    private static final double GAMMA = 0.9;

    private static ReinforceConfig reinforce(boolean baseline) {
        return new ReinforceConfig(List.of(32), 1e-2, GAMMA, 10, baseline, true, 0, 0, 1e-3);
    }

    private static PpoConfig ppo() {
        return new PpoConfig(List.of(32), 3e-3, GAMMA, 0.95, 10, 4, 64, 0.2, 0.5, 0.01, true, 0.5, 1e-3);
    }

    private static GreedyPolicy train(Learner learner, int iterations) {
        for (int i = 0; i < iterations; i++) {
            learner.iterate();
        }
        return new GreedyPolicy(learner.policyNetwork());
    }

    private static double optimum() {
        return TinyEnvironment.optimalReturn(TinyEnvironment.create(true), GAMMA);
    }

    @Test
    void reinforceLearnsTheOptimalPolicy() {
        GreedyPolicy p = train(new ReinforceLearner(reinforce(false), TinyEnvironment.create(true), 1), 300);
        assertThat(TinyEnvironment.greedyReturn(TinyEnvironment.create(true), p, GAMMA)).isCloseTo(optimum(), within(1e-6));
    }

    @Test
    void reinforceWithABaselineLearnsTheOptimalPolicy() {
        GreedyPolicy p = train(new ReinforceLearner(reinforce(true), TinyEnvironment.create(true), 1), 300);
        assertThat(TinyEnvironment.greedyReturn(TinyEnvironment.create(true), p, GAMMA)).isCloseTo(optimum(), within(1e-6));
    }

    @Test
    void ppoLearnsTheOptimalPolicy() {
        GreedyPolicy p = train(new PpoLearner(ppo(), TinyEnvironment.create(true), 1), 200);
        assertThat(TinyEnvironment.greedyReturn(TinyEnvironment.create(true), p, GAMMA)).isCloseTo(optimum(), within(1e-6));
    }

    @Test
    void withoutTheMaskBothLearnTheConstraints() {
        for (Learner learner : List.of(
                new ReinforceLearner(reinforce(false), TinyEnvironment.create(false), 2),
                new PpoLearner(ppo(), TinyEnvironment.create(false), 2))) {
            GreedyPolicy p = train(learner, 300);
            TpdsEnv env = TinyEnvironment.create(false);
            TinyEnvironment.greedyReturn(env, p, GAMMA);
            assertThat(env.outcome().completed()).as(learner.algorithm().label()).isTrue();
        }
    }
}
