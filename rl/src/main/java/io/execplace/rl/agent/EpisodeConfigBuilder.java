package io.execplace.rl.agent;

/**
 * The fields the episode-batch learners (REINFORCE, PPO) share: episodes per iteration and the
 * entropy bonus.
 *
 * @param <B> the concrete builder
 * @param <C> the configuration it builds
 */
public abstract class EpisodeConfigBuilder<B extends EpisodeConfigBuilder<B, C>, C extends AgentConfig>
        extends AgentConfigBuilder<B, C> {

    int episodesPerIteration;
    double entropyCoef;

    EpisodeConfigBuilder(AgentConfig from, int episodesPerIteration, double entropyCoef) {
        super(from);
        this.episodesPerIteration = episodesPerIteration;
        this.entropyCoef = entropyCoef;
    }

    public B episodesPerIteration(int v) {
        episodesPerIteration = v;
        return self();
    }

    public B entropyCoef(double v) {
        entropyCoef = v;
        return self();
    }
}
