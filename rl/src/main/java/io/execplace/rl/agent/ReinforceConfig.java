package io.execplace.rl.agent;

import java.util.List;

/**
 * REINFORCE hyper-parameters. {@link #paper()} has TPDS Table 5's values; return normalisation is
 * TF-Agents' default for its REINFORCE agent (which TPDS used) and is on.
 *
 * @param hidden               widths of the hidden layers (one layer of 200)
 * @param learningRate         Adam step size (0.001)
 * @param gamma                discount factor (0.9)
 * @param episodesPerIteration whole episodes collected per update (10)
 * @param baseline             subtract a learned state value (a second network) from the returns
 * @param normalizeReturns     standardise the returns (advantages, with a baseline) over the batch
 * @param entropyCoef          weight of an entropy bonus (0 = none)
 * @param gradientClip         global gradient norm limit, 0 for none
 * @param rewardScale          rewards are multiplied by this before learning (1 = the paper's rewards)
 */
public record ReinforceConfig(List<Integer> hidden, double learningRate, double gamma, int episodesPerIteration,
                              boolean baseline, boolean normalizeReturns, double entropyCoef, double gradientClip,
                              double rewardScale) implements AgentConfig {

    @Override
    public Algorithm algorithm() {
        return Algorithm.REINFORCE;
    }

    public ReinforceConfig {
        hidden = Hyper.hidden(hidden);
        Hyper.positive("learning rate", learningRate);
        Hyper.unit("gamma", gamma);
        Hyper.atLeast("episodes per iteration", episodesPerIteration, 1);
        Hyper.nonNegative("entropy coefficient", entropyCoef);
        Hyper.nonNegative("gradient clip", gradientClip);
        Hyper.positive("reward scale", rewardScale);
    }

    /** TPDS Table 5: hidden 200, lr 0.001, γ 0.9, 10 episodes per iteration; no baseline. */
    public static ReinforceConfig paper() {
        return new ReinforceConfig(List.of(200), 1e-3, 0.9, 10, false, true, 0, 0, 1);
    }

    /** A builder holding this record's values, to change some by name. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Sets {@link ReinforceConfig}'s fields by name. */
    public static final class Builder extends EpisodeConfigBuilder<Builder, ReinforceConfig> {
        private boolean baseline;
        private boolean normalizeReturns;

        private Builder(ReinforceConfig from) {
            super(from, from.episodesPerIteration(), from.entropyCoef());
            baseline = from.baseline();
            normalizeReturns = from.normalizeReturns();
        }

        @Override
        Builder self() {
            return this;
        }

        public Builder baseline(boolean v) {
            baseline = v;
            return this;
        }

        public Builder normalizeReturns(boolean v) {
            normalizeReturns = v;
            return this;
        }

        @Override
        public ReinforceConfig build() {
            return new ReinforceConfig(hidden, learningRate, gamma, episodesPerIteration, baseline, normalizeReturns, entropyCoef, gradientClip, rewardScale);
        }
    }
}
