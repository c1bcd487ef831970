package io.execplace.rl.agent;

import java.util.List;

/**
 * The builder idiom of the agent configurations: every field set by name, the record's checks run
 * by {@link #build()}. This base holds the fields every algorithm has; {@link ReplayConfigBuilder}
 * and {@link EpisodeConfigBuilder} add those of the off-policy and the episode-batch learners.
 *
 * @param <B> the concrete builder, returned by each setter so that calls chain
 * @param <C> the configuration it builds
 */
public abstract class AgentConfigBuilder<B extends AgentConfigBuilder<B, C>, C extends AgentConfig> {

    List<Integer> hidden;
    double learningRate;
    double gamma;
    double gradientClip;
    double rewardScale;

    AgentConfigBuilder(AgentConfig from) {
        hidden = from.hidden();
        learningRate = from.learningRate();
        gamma = from.gamma();
        gradientClip = from.gradientClip();
        rewardScale = from.rewardScale();
    }

    abstract B self();

    /** The configuration; its checks run here. */
    public abstract C build();

    public B hidden(List<Integer> v) {
        hidden = v;
        return self();
    }

    public B learningRate(double v) {
        learningRate = v;
        return self();
    }

    public B gamma(double v) {
        gamma = v;
        return self();
    }

    public B gradientClip(double v) {
        gradientClip = v;
        return self();
    }

    public B rewardScale(double v) {
        rewardScale = v;
        return self();
    }
}
