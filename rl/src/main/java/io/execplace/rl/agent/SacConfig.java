package io.execplace.rl.agent;

import java.util.List;

/**
 * Hyper-parameters of the off-policy actor-critic (discrete soft actor-critic). The values TPDS
 * Table 5 gives for DQN are the defaults where they apply (hidden 200, lr 0.001, γ 0.9, batch 64,
 * replay 10,000); the rest are the usual SAC choices, among them one gradient step per environment
 * step (Haarnoja et al. 2018; SB3's TD3 and SAC do the same). With Table 5's 10 steps per update our
 * SAC trailed SB3's TD3 on the same environment and step budget; with one it leads
 * (docs/python.md, peer check): the number of gradient steps, not the data, was what it lacked.
 *
 * @param hidden             widths of the hidden layers of the actor and of each critic
 * @param learningRate       Adam step size of the actor, the critics and the temperature
 * @param gamma              discount factor
 * @param batchSize          transitions per gradient step
 * @param replayCapacity     replay buffer size
 * @param collectSteps       environment steps per iteration (sampled from the actor's policy)
 * @param targetSmoothing    τ: each gradient step moves the target critics this far towards the critics
 * @param initialTemperature the entropy temperature α at the start
 * @param targetEntropy      the temperature is tuned so that the policy's entropy in a state tends to
 *                           this fraction of the largest possible, {@code log(allowed actions)};
 *                           0 keeps α fixed at {@code initialTemperature}
 * @param warmupSteps        uniformly random (allowed) steps collected before the first update
 * @param gradientClip       global gradient norm limit, 0 for none
 * @param rewardScale        rewards are multiplied by this before learning
 */
public record SacConfig(List<Integer> hidden, double learningRate, double gamma, int batchSize, int replayCapacity,
                        int collectSteps, double targetSmoothing, double initialTemperature, double targetEntropy,
                        int warmupSteps, double gradientClip, double rewardScale) implements AgentConfig {

    @Override
    public Algorithm algorithm() {
        return Algorithm.SAC;
    }

    public SacConfig {
        hidden = Hyper.replay(hidden, learningRate, gamma, batchSize, replayCapacity, collectSteps);
        Hyper.unit("target smoothing", targetSmoothing);
        Hyper.positive("temperature", initialTemperature);
        Hyper.unit("target entropy", targetEntropy);
        Hyper.training(warmupSteps, gradientClip, rewardScale);
    }

    /**
     * Table 5's shared values; one step per iteration (one gradient step per environment step), τ 0.005,
     * α from 0.1 tuned to 20% of the largest entropy, rewards × 0.001.
     */
    public static SacConfig defaults() {
        return new SacConfig(List.of(200), 1e-3, 0.9, 64, 10_000, 1, 0.005, 0.1, 0.2, 1000, 0, 1e-3);
    }

    /** A builder holding this record's values, to change some by name. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Sets {@link SacConfig}'s fields by name. */
    public static final class Builder extends ReplayConfigBuilder<Builder, SacConfig> {
        private double targetSmoothing;
        private double initialTemperature;
        private double targetEntropy;

        private Builder(SacConfig from) {
            super(from, from.batchSize(), from.replayCapacity(), from.collectSteps(), from.warmupSteps());
            targetSmoothing = from.targetSmoothing();
            initialTemperature = from.initialTemperature();
            targetEntropy = from.targetEntropy();
        }

        @Override
        Builder self() {
            return this;
        }

        public Builder targetSmoothing(double v) {
            targetSmoothing = v;
            return this;
        }

        public Builder initialTemperature(double v) {
            initialTemperature = v;
            return this;
        }

        public Builder targetEntropy(double v) {
            targetEntropy = v;
            return this;
        }

        @Override
        public SacConfig build() {
            return new SacConfig(hidden, learningRate, gamma, batchSize, replayCapacity, collectSteps, targetSmoothing, initialTemperature, targetEntropy, warmupSteps, gradientClip, rewardScale);
        }
    }
}
