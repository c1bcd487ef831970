package io.execplace.rl.agent;

import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.nn.Loss;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class DqnLearnerTest {

    private static final double GAMMA = 0.9;

    /** Small network, more exploration than Table 5's ε = 0.001 (a tiny budget needs it), rewards scaled down. */
    static DqnConfig tinyConfig(boolean doubleDqn) {
        return new DqnConfig(List.of(32), 3e-3, GAMMA, 32, 2000, 10, 0.2, 50, doubleDqn, Loss.MSE, 500, 0, 1e-3);
    }

    private static GreedyPolicy train(DqnConfig config, boolean masking, long seed, int iterations) {
        DqnLearner learner = new DqnLearner(config, TinyEnvironment.create(masking), seed);
        for (int i = 0; i < iterations; i++) {
            learner.iterate();
        }
        return new GreedyPolicy(learner.policyNetwork());
    }

    @Test
    void learnsTheOptimalPolicyOfTheTinyEnvironment() {
        double optimum = TinyEnvironment.optimalReturn(TinyEnvironment.create(true), GAMMA);
        GreedyPolicy policy = train(tinyConfig(false), true, 3, 1500);
        assertThat(TinyEnvironment.greedyReturn(TinyEnvironment.create(true), policy, GAMMA)).isCloseTo(optimum, within(1e-6));
    }

    @Test
    void doubleDqnLearnsItToo() {
        double optimum = TinyEnvironment.optimalReturn(TinyEnvironment.create(true), GAMMA);
        GreedyPolicy policy = train(tinyConfig(true), true, 5, 1500);
        assertThat(TinyEnvironment.greedyReturn(TinyEnvironment.create(true), policy, GAMMA)).isCloseTo(optimum, within(1e-6));
    }

    @Test
    void withoutTheMaskItLearnsTheConstraints() {
        // A random policy completes an episode of the unmasked tiny environment only a few percent of the time.
        GreedyPolicy policy = train(tinyConfig(false), false, 3, 1500);
        TpdsEnv env = TinyEnvironment.create(false);
        TinyEnvironment.greedyReturn(env, policy, GAMMA);
        assertThat(env.outcome().completed()).isTrue();
    }
}
