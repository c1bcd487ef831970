package io.execplace.experiments.training;

import io.execplace.core.policy.PlacementPolicy;
import io.execplace.rl.agent.PpoLearner;
import io.execplace.rl.pairs.PairNetwork;
import io.execplace.rl.pairs.PairSchema;
import io.execplace.rl.pairs.PolicyDemonstrator;
import io.execplace.rl.train.TrainedAgent;
import io.execplace.rl.train.Trainer;

/**
 * How a fresh run of the size-free agent (PPO with the pair network) starts before PPO: from another
 * size-free agent's policy, or by cloning a teacher scheduler's decisions (a warm start).
 */
public final class SizeFreeStart {

    private SizeFreeStart() {
    }

    /**
     * Starts the trainer's policy from {@code agent}'s, adopted into {@code schema}: a cost-only agent
     * starts a deadline agent with zero weights on the deadline features ({@link PairNetwork#adopt}).
     */
    public static void adopt(Trainer trainer, PairSchema schema, TrainedAgent agent) {
        ((PpoLearner) trainer.learner()).startFrom(PairNetwork.policyFrom(schema, agent.pairNetwork(1)));
    }

    /**
     * What a behaviour-cloning warm start reached.
     *
     * @param crossEntropy the last pass's cross-entropy against the teacher's actions
     * @param agreement    the share of steps where the greedy action is the teacher's
     * @param seconds      how long the cloning took
     */
    public record Imitation(double crossEntropy, double agreement, double seconds) {
    }

    /**
     * Clones {@code teacher}'s decisions on {@code rounds} × {@code episodes} training episodes (DAgger
     * after the first round), {@code epochs} passes over its steps.
     */
    public static Imitation imitate(Trainer trainer, PlacementPolicy teacher, int episodes, int epochs, int rounds) {
        long t0 = System.nanoTime();
        double[] r = ((PpoLearner) trainer.learner()).imitate(new PolicyDemonstrator(teacher), episodes, epochs, rounds);
        return new Imitation(r[0], r[1], (System.nanoTime() - t0) / 1e9);
    }
}
