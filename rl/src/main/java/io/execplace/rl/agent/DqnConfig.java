package io.execplace.rl.agent;

import io.execplace.rl.nn.Loss;

import java.util.List;

/**
 * DQN hyper-parameters. {@link #paper()} has TPDS Table 5's values; the rest (target update period,
 * random warm-up) Table 5 does not give and are our choices.
 *
 * @param hidden             widths of the hidden layers (Table 5: one layer of 200)
 * @param learningRate       Adam step size (0.001)
 * @param gamma              discount factor (0.9)
 * @param batchSize          transitions per gradient step (64)
 * @param replayCapacity     replay buffer size (10,000)
 * @param collectSteps       environment steps per iteration (10)
 * @param epsilon            exploration rate of the ε-greedy collect policy (0.001)
 * @param targetUpdatePeriod gradient steps between copies of the online network to the target network
 * @param doubleDqn          choose the next action with the online network, value it with the target (van Hasselt et al.)
 * @param loss               TD loss: MSE (the TPDS code's squared loss) or Huber
 * @param warmupSteps        uniformly random (allowed) steps collected before the first update
 * @param gradientClip       global gradient norm limit, 0 for none
 * @param rewardScale        rewards are multiplied by this before learning (1 = the paper's rewards)
 */
public record DqnConfig(List<Integer> hidden, double learningRate, double gamma, int batchSize, int replayCapacity,
                        int collectSteps, double epsilon, int targetUpdatePeriod, boolean doubleDqn, Loss loss,
                        int warmupSteps, double gradientClip, double rewardScale) implements AgentConfig {

    @Override
    public Algorithm algorithm() {
        return Algorithm.DQN;
    }

    public DqnConfig {
        hidden = Hyper.replay(hidden, learningRate, gamma, batchSize, replayCapacity, collectSteps);
        Hyper.unit("epsilon", epsilon);
        Hyper.atLeast("target update period", targetUpdatePeriod, 1);
        if (loss == null) {
            throw new IllegalArgumentException("a loss is required");
        }
        Hyper.training(warmupSteps, gradientClip, rewardScale);
    }

    /** TPDS Table 5: hidden 200, lr 0.001, γ 0.9, batch 64, replay 10,000, 10 steps per iteration, ε 0.001. */
    public static DqnConfig paper() {
        return new DqnConfig(List.of(200), 1e-3, 0.9, 64, 10_000, 10, 0.001, 100, false, Loss.MSE, 1000, 0, 1);
    }

    /** A builder holding this record's values, to change some by name. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Sets {@link DqnConfig}'s fields by name. */
    public static final class Builder extends ReplayConfigBuilder<Builder, DqnConfig> {
        private double epsilon;
        private int targetUpdatePeriod;
        private boolean doubleDqn;
        private Loss loss;

        private Builder(DqnConfig from) {
            super(from, from.batchSize(), from.replayCapacity(), from.collectSteps(), from.warmupSteps());
            epsilon = from.epsilon();
            targetUpdatePeriod = from.targetUpdatePeriod();
            doubleDqn = from.doubleDqn();
            loss = from.loss();
        }

        @Override
        Builder self() {
            return this;
        }

        public Builder epsilon(double v) {
            epsilon = v;
            return this;
        }

        public Builder targetUpdatePeriod(int v) {
            targetUpdatePeriod = v;
            return this;
        }

        public Builder doubleDqn(boolean v) {
            doubleDqn = v;
            return this;
        }

        public Builder loss(Loss v) {
            loss = v;
            return this;
        }

        @Override
        public DqnConfig build() {
            return new DqnConfig(hidden, learningRate, gamma, batchSize, replayCapacity, collectSteps, epsilon, targetUpdatePeriod, doubleDqn, loss, warmupSteps, gradientClip, rewardScale);
        }
    }
}
