package io.execplace.liu.pairmanager;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Settings of the pair manager's training, in its stages: imitation of {@code outlook} (behaviour
 * cloning, then DAgger rounds on the states the learner itself visits); improvement rounds, in
 * which the learner plays and the {@link RolloutPlanner} labels the states it visits with the pair
 * whose counterfactual rollouts miss fewest deadlines; then the policy gradient on the
 * {@link HarmCredit} returns. {@link #standard()} is what {@code models/} was trained with; the
 * withers change one stage.
 *
 * @param hidden             hidden widths of the pair MLP
 * @param cloneEpisodes      training episodes the teacher plays for behaviour cloning
 * @param daggerRounds       DAgger rounds after cloning
 * @param daggerEpisodes     episodes the learner plays per DAgger round (the teacher labels its states)
 * @param epochs             passes over the aggregated labelled decisions per round
 * @param miniBatch          decisions per optimiser step
 * @param imitationRate      Adam step size while imitating (outlook or the planner)
 * @param improveRounds      improvement rounds (0: none)
 * @param improveEpisodes    episodes the learner plays per improvement round (the planner labels its states)
 * @param rlIterations       policy-gradient iterations (0: none)
 * @param rlEpisodes         episodes sampled per iteration
 * @param rlRate             Adam step size of the policy gradient
 * @param delayWeight        η: weight of the delay ({@code DelayResult − 1}) in a dispatch's return
 * @param validationEpisodes training-stream workloads (never the held-out ones) that pick the best stage
 */
public record PairTrainingConfig(@JsonProperty("hidden") int[] hidden,
                                 @JsonProperty("cloneEpisodes") int cloneEpisodes,
                                 @JsonProperty("daggerRounds") int daggerRounds,
                                 @JsonProperty("daggerEpisodes") int daggerEpisodes,
                                 @JsonProperty("epochs") int epochs,
                                 @JsonProperty("miniBatch") int miniBatch,
                                 @JsonProperty("imitationRate") double imitationRate,
                                 @JsonProperty("improveRounds") int improveRounds,
                                 @JsonProperty("improveEpisodes") int improveEpisodes,
                                 @JsonProperty("rlIterations") int rlIterations,
                                 @JsonProperty("rlEpisodes") int rlEpisodes,
                                 @JsonProperty("rlRate") double rlRate,
                                 @JsonProperty("delayWeight") double delayWeight,
                                 @JsonProperty("validationEpisodes") int validationEpisodes) {

    public PairTrainingConfig {
        hidden = hidden.clone();
        for (int h : hidden) {
            if (h < 1 || h > 4096) {
                throw new IllegalArgumentException("hidden widths must be in 1..4096, got " + h);
            }
        }
        if (cloneEpisodes < 1 || daggerRounds < 0 || daggerEpisodes < 1 || epochs < 1 || miniBatch < 1
                || improveRounds < 0 || improveEpisodes < 1
                || rlIterations < 0 || rlEpisodes < 1 || validationEpisodes < 1) {
            throw new IllegalArgumentException("episodes, epochs, mini-batch and validation episodes must be "
                    + "positive; DAgger rounds, improvement rounds and RL iterations at least 0");
        }
        if (!(imitationRate > 0) || !(rlRate > 0) || !(delayWeight >= 0)) {
            throw new IllegalArgumentException("learning rates must be positive and the delay weight at least 0");
        }
    }

    /** The settings of the shipped agents. */
    public static PairTrainingConfig standard() {
        return new PairTrainingConfig(new int[] {32, 32}, 20, 4, 10, 8, 64, 0.003, 3, 10, 0, 16, 0.0001, 0.1, 20);
    }

    /** A few episodes of each stage: for tests and {@code --quick}. */
    public static PairTrainingConfig quick() {
        return new PairTrainingConfig(new int[] {16}, 3, 1, 2, 4, 32, 0.003, 1, 1, 3, 2, 0.0003, 0.1, 2);
    }

    /** Other imitation episodes and rounds. */
    public PairTrainingConfig withImitation(int clone, int rounds, int episodesPerRound) {
        return new PairTrainingConfig(hidden, clone, rounds, episodesPerRound, epochs, miniBatch, imitationRate,
                improveRounds, improveEpisodes, rlIterations, rlEpisodes, rlRate, delayWeight, validationEpisodes);
    }

    /** Other improvement rounds. */
    public PairTrainingConfig withImprovement(int rounds, int episodesPerRound) {
        return new PairTrainingConfig(hidden, cloneEpisodes, daggerRounds, daggerEpisodes, epochs, miniBatch, imitationRate,
                rounds, episodesPerRound, rlIterations, rlEpisodes, rlRate, delayWeight, validationEpisodes);
    }

    /** Another policy-gradient stage. */
    public PairTrainingConfig withPolicyGradient(int iterations, int episodesPerIteration, double rate) {
        return new PairTrainingConfig(hidden, cloneEpisodes, daggerRounds, daggerEpisodes, epochs, miniBatch, imitationRate,
                improveRounds, improveEpisodes, iterations, episodesPerIteration, rate, delayWeight, validationEpisodes);
    }

    /** Another network and number of validation workloads. */
    public PairTrainingConfig withNetwork(int[] widths, int validation) {
        return new PairTrainingConfig(widths, cloneEpisodes, daggerRounds, daggerEpisodes, epochs, miniBatch, imitationRate,
                improveRounds, improveEpisodes, rlIterations, rlEpisodes, rlRate, delayWeight, validation);
    }

    @Override
    public int[] hidden() {
        return hidden.clone();
    }
}
