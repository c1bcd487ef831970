package io.execplace.rl.agent;

import io.execplace.rl.env.Env;
import io.execplace.rl.nn.Activation;
import io.execplace.rl.nn.Adam;
import io.execplace.rl.nn.Mlp;
import org.apache.commons.rng.RestorableUniformRandomProvider;

import java.util.List;

/**
 * What the on-policy learners (REINFORCE and PPO) share: a softmax policy network and its
 * optimiser, whole-episode rollouts from the learner's own generator, and the step and episode
 * counters. Subclasses build their value networks after this constructor has drawn the actor's
 * weights, so the generator is consumed in the same order as before the split.
 */
abstract class RolloutLearner implements Learner {

    protected final EpisodeCursor cursor;
    protected final RestorableUniformRandomProvider rng;
    protected final int observationSize;
    protected final int actions;
    protected final Mlp actor;
    protected final Adam actorAdam;
    protected final Rollout rollout;
    protected final PolicyGradient pg;
    protected final double[] weights = new double[PolicyGradient.CHUNK];
    protected long steps;
    protected long episodes;

    protected RolloutLearner(Env env, long seed, List<Integer> hidden, double learningRate, double gradientClip) {
        this.cursor = new EpisodeCursor(env);
        this.rng = Rngs.create(seed);
        this.observationSize = env.observationSize();
        this.actions = env.actionCount();
        this.actor = Mlp.create(Hyper.sizes(observationSize, hidden, actions), Activation.RELU, rng);
        this.actorAdam = new Adam(actor.parameterCount(), learningRate, gradientClip);
        this.rollout = new Rollout(observationSize, actions);
        this.pg = new PolicyGradient(observationSize, actions);
    }

    /** A network of the same hidden shape with one output (a state-value baseline or critic). */
    protected Mlp valueNetwork(List<Integer> hidden) {
        return Mlp.create(Hyper.sizes(observationSize, hidden, 1), Activation.RELU, rng);
    }

    /** Samples the iteration's episodes with the current policy and counts them; returns the steps taken. */
    protected int collect(int episodesPerIteration, double rewardScale) {
        rollout.collect(cursor, actor, episodesPerIteration, rewardScale, rng);
        steps += rollout.size;
        episodes += rollout.episodes;
        return rollout.size;
    }

    @Override
    public Mlp policyNetwork() {
        return actor;
    }

    @Override
    public long totalSteps() {
        return steps;
    }

    @Override
    public long totalEpisodes() {
        return episodes;
    }
}
