package io.execplace.experiments.training;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.io.BadInputException;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.experiments.env.SizeFreeSetup;
import io.execplace.rl.agent.PpoLearner;
import io.execplace.rl.pairs.PairNetwork;
import io.execplace.rl.pairs.PairSchema;
import io.execplace.rl.pairs.PolicyDemonstrator;
import io.execplace.rl.train.RlSchedulers;
import io.execplace.rl.train.TrainedAgent;
import io.execplace.rl.train.Trainer;

import java.nio.file.Path;

/**
 * How a fresh run of the size-free agent (PPO with the pair network) starts before PPO: from another
 * size-free agent's policy, or by cloning a teacher scheduler's decisions (a warm start).
 */
public final class SizeFreeStart {

    private SizeFreeStart() {
    }

    /**
     * A warm start by a teacher, as the agent files' setup records it (and {@link ExpertRounds} reads it
     * back).
     *
     * @param teacher  the teacher scheduler's name
     * @param episodes training episodes the teacher labels per round
     * @param epochs   passes over the teacher's steps
     * @param rounds   DAgger rounds (1: plain cloning)
     * @param expert   expert iteration's rounds, or null for a warm start before PPO
     */
    public record Teaching(String teacher, int episodes, int epochs, int rounds, Expert expert) {

        /** Writes the {@code imitation} (and {@code expert}) objects into {@code setup}. */
        void record(ObjectNode setup) {
            setup.putObject("imitation").put("teacher", teacher).put("episodes", episodes)
                    .put("epochs", epochs).put("rounds", expert != null ? 1 : rounds);
            if (expert != null) {
                ObjectNode e = setup.putObject("expert").put("rounds", expert.rounds()).put("ppo", expert.ppo())
                        .put("agentAs", expert.agentAs()).put("heldOut", expert.heldOut())
                        .put("clairvoyant", expert.clairvoyant());
                if (expert.from() != null) {
                    e.put("from", expert.from());
                }
            }
        }
    }

    /**
     * Expert iteration's settings ({@link ExpertRounds}).
     *
     * @param rounds      rounds
     * @param ppo         PPO iterations after each round's cloning
     * @param agentAs     how the planner uses the agent: {@value ExpertRounds#ROLLOUT} or {@value ExpertRounds#PROPOSER}
     * @param heldOut     held-out workloads scored after each round (0: none)
     * @param clairvoyant the planner sees the training episodes' true arrivals
     * @param from        the size-free agent round 1 starts from, or null
     */
    public record Expert(int rounds, int ppo, String agentAs, int heldOut, boolean clairvoyant, String from) {
    }

    /**
     * Starts a fresh run's policy from the size-free agent in {@code agent} (a file or run folder), the
     * features it does not observe with zero weights, and records the file in {@code setup}.
     */
    public static void startFrom(Trainer trainer, ObjectNode setup, String agent) {
        PairSchema schema = SizeFreeSetup.fromJson(setup).schema();
        BadInputException.checkedOption("--start-from", () -> {
            adopt(trainer, schema, RlSchedulers.load(Path.of(agent)));
            return null;
        });
        setup.put("startFrom", agent);
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
