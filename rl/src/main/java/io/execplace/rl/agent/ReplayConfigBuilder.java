package io.execplace.rl.agent;

/**
 * The fields the off-policy learners (DQN, SAC) share: batch, replay buffer, collection, warm-up.
 *
 * @param <B> the concrete builder
 * @param <C> the configuration it builds
 */
public abstract class ReplayConfigBuilder<B extends ReplayConfigBuilder<B, C>, C extends AgentConfig>
        extends AgentConfigBuilder<B, C> {

    int batchSize;
    int replayCapacity;
    int collectSteps;
    int warmupSteps;

    ReplayConfigBuilder(AgentConfig from, int batchSize, int replayCapacity, int collectSteps, int warmupSteps) {
        super(from);
        this.batchSize = batchSize;
        this.replayCapacity = replayCapacity;
        this.collectSteps = collectSteps;
        this.warmupSteps = warmupSteps;
    }

    public B batchSize(int v) {
        batchSize = v;
        return self();
    }

    public B replayCapacity(int v) {
        replayCapacity = v;
        return self();
    }

    public B collectSteps(int v) {
        collectSteps = v;
        return self();
    }

    public B warmupSteps(int v) {
        warmupSteps = v;
        return self();
    }
}
