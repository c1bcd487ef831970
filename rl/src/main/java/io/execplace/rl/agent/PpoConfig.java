package io.execplace.rl.agent;

import java.util.List;

/**
 * PPO hyper-parameters (ZH report's PPO agent; Schulman et al. 2017). Table 5 gives the shared
 * values (hidden 200, lr 0.001, γ 0.9, 10 episodes per iteration); the PPO-specific ones are the
 * usual defaults.
 *
 * @param hidden               widths of the hidden layers of the actor and of the critic
 * @param learningRate         Adam step size of both networks
 * @param gamma                discount factor
 * @param lambda               GAE λ
 * @param episodesPerIteration whole episodes collected per iteration
 * @param epochs               passes over the collected steps per iteration
 * @param minibatchSize        steps per gradient step
 * @param clipRatio            ε of the clipped surrogate objective
 * @param valueCoef            weight of the critic's squared error
 * @param entropyCoef          weight of the entropy bonus
 * @param normalizeAdvantages  standardise the advantages over the batch
 * @param gradientClip         global gradient norm limit per network, 0 for none
 * @param rewardScale          rewards are multiplied by this before learning; the critic learns
 *                             returns of order R_fixed × rewardScale, so 0.001 keeps them near 10
 * @param targetKl             stop an iteration's epochs early once a minibatch's approximate KL
 *                             divergence exceeds this (CleanRL's {@code target_kl}); 0 for never
 */
public record PpoConfig(List<Integer> hidden, double learningRate, double gamma, double lambda, int episodesPerIteration,
                        int epochs, int minibatchSize, double clipRatio, double valueCoef, double entropyCoef,
                        boolean normalizeAdvantages, double gradientClip, double rewardScale, double targetKl)
        implements AgentConfig {

    /** Without target-KL early stopping. */
    public PpoConfig(List<Integer> hidden, double learningRate, double gamma, double lambda, int episodesPerIteration,
                     int epochs, int minibatchSize, double clipRatio, double valueCoef, double entropyCoef,
                     boolean normalizeAdvantages, double gradientClip, double rewardScale) {
        this(hidden, learningRate, gamma, lambda, episodesPerIteration, epochs, minibatchSize, clipRatio, valueCoef,
                entropyCoef, normalizeAdvantages, gradientClip, rewardScale, 0);
    }

    /** The same settings with target-KL early stopping at {@code kl} (0: off). */
    public PpoConfig withTargetKl(double kl) {
        return new PpoConfig(hidden, learningRate, gamma, lambda, episodesPerIteration, epochs, minibatchSize, clipRatio,
                valueCoef, entropyCoef, normalizeAdvantages, gradientClip, rewardScale, kl);
    }

    @Override
    public Algorithm algorithm() {
        return Algorithm.PPO;
    }

    public PpoConfig {
        hidden = Hyper.hidden(hidden);
        Hyper.positive("learning rate", learningRate);
        Hyper.unit("gamma", gamma);
        Hyper.unit("lambda", lambda);
        Hyper.atLeast("episodes per iteration", episodesPerIteration, 1);
        Hyper.atLeast("epochs", epochs, 1);
        Hyper.atLeast("minibatch size", minibatchSize, 1);
        Hyper.positive("clip ratio", clipRatio);
        Hyper.nonNegative("value coefficient", valueCoef);
        Hyper.nonNegative("entropy coefficient", entropyCoef);
        Hyper.nonNegative("gradient clip", gradientClip);
        Hyper.positive("reward scale", rewardScale);
        Hyper.nonNegative("target KL", targetKl);
    }

    /** Table 5's shared values with PPO's usual λ 0.95, 4 epochs, minibatch 256, ε 0.2, value 0.5, entropy 0.01. */
    public static PpoConfig defaults() {
        return new PpoConfig(List.of(200), 1e-3, 0.9, 0.95, 10, 4, 256, 0.2, 0.5, 0.01, true, 0.5, 1e-3);
    }
}
