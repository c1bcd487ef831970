package io.execplace.rl.standard;

import io.execplace.rl.agent.Learner;
import io.execplace.rl.agent.Learners;
import io.execplace.rl.agent.PpoConfig;
import io.execplace.rl.agent.ReinforceConfig;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Our PPO on CartPole-v1 within the step budget CleanRL's {@code ppo.py} uses for it (500,000 steps),
 * with CleanRL's hyper-parameters where ours has them: two hidden layers of 64, learning rate
 * 2.5e-4, γ 0.99, GAE λ 0.95, 4 epochs, minibatches of 128, clip 0.2, entropy 0.01, value 0.5,
 * gradient norm 0.5, advantages standardised. It must reach a mean return of at least 475 over the
 * last 20 episodes (CartPole-v1's "solved" threshold); the run stops as soon as it does. REINFORCE
 * (with a value baseline) must do the same within the same budget. Our learners collect whole
 * episodes per iteration (as the papers' TF-Agents agents do), not CleanRL's fixed 4 × 128 steps.
 * Measured over seeds, and DQN's result, in docs/rl.md ("A check on a standard task").
 */
class CartPoleLearningTest {

    static final long BUDGET = 500_000;

    static PpoConfig cleanRlLike() {
        return PpoConfig.defaults().toBuilder().hidden(List.of(64, 64)).learningRate(2.5e-4).gamma(0.99).lambda(0.95)
                .episodesPerIteration(4).epochs(4).minibatchSize(128).clipRatio(0.2).entropyCoef(0.01).valueCoef(0.5)
                .gradientClip(0.5).rewardScale(1).normalizeAdvantages(true).build();
    }

    /** Steps until the mean of the last 20 returns reaches 475, or -1 within the budget. */
    static long stepsToSolve(Learner learner, ReturnLog log) {
        while (learner.totalSteps() < BUDGET) {
            learner.iterate();
            if (log.meanOfLast(20) >= 475) {
                return learner.totalSteps();
            }
        }
        return -1;
    }

    @Test
    void ppoSolvesCartPoleWithinCleanRlsBudget() {
        ReturnLog log = new ReturnLog(new CartPole());
        Learner ppo = Learners.create(cleanRlLike(), log, 1);
        long steps = stepsToSolve(ppo, log);
        assertThat(steps).as("mean of the last 20 returns %s after %s steps", log.meanOfLast(20), ppo.totalSteps())
                .isPositive().isLessThanOrEqualTo(BUDGET);
    }

    static ReinforceConfig reinforce() {
        return new ReinforceConfig(List.of(64, 64), 1e-3, 0.99, 4, true, true, 0.01, 0.5, 1);
    }

    @Test
    void reinforceSolvesCartPoleWithinTheSameBudget() {
        ReturnLog log = new ReturnLog(new CartPole());
        Learner reinforce = Learners.create(reinforce(), log, 1);
        long steps = stepsToSolve(reinforce, log);
        assertThat(steps).as("mean of the last 20 returns %s after %s steps", log.meanOfLast(20),
                reinforce.totalSteps()).isPositive().isLessThanOrEqualTo(BUDGET);
    }
}
