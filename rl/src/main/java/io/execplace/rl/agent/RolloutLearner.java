package io.execplace.rl.agent;

import io.execplace.rl.env.Env;
import io.execplace.rl.env.Replicable;
import io.execplace.rl.nn.Adam;
import io.execplace.rl.nn.Network;
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
    protected final Network actor;
    private final NetworkFactory networks;
    protected final Adam actorAdam;
    protected final Rollout rollout;
    protected final PolicyGradient pg;
    protected final double[] weights = new double[PolicyGradient.CHUNK];
    /** Copies of a {@linkplain Replicable replicable} environment stepped side by side, or null. */
    private EpisodeCursor[] copies;
    protected long steps;
    protected long episodes;

    protected RolloutLearner(Env env, long seed, List<Integer> hidden, double learningRate, double gradientClip) {
        this.cursor = new EpisodeCursor(env);
        this.rng = Rngs.create(seed);
        this.observationSize = env.observationSize();
        this.actions = env.actionCount();
        this.networks = NetworkFactory.of(env);
        this.actor = networks.policy(observationSize, actions, hidden, rng);
        this.actorAdam = new Adam(actor.parameterCount(), learningRate, gradientClip);
        this.rollout = new Rollout(observationSize, actions);
        this.pg = new PolicyGradient(observationSize, actions);
    }

    /** A network of the same hidden shape with one output (a state-value baseline or critic). */
    protected Network valueNetwork(List<Integer> hidden) {
        return networks.value(observationSize, hidden, rng);
    }

    /** Samples the iteration's episodes with the current policy and counts them; returns the steps taken. */
    protected int collect(int episodesPerIteration, double rewardScale) {
        if (cursor.env() instanceof Replicable r && episodesPerIteration > 1) {
            // A vectorised environment: the iteration's episodes run side by side, one per copy.
            if (copies == null || copies.length != episodesPerIteration) {
                copies = new EpisodeCursor[episodesPerIteration];
                copies[0] = new EpisodeCursor(cursor.env());
                for (int k = 1; k < copies.length; k++) {
                    copies[k] = new EpisodeCursor(r.replicate());
                }
            }
            rollout.collectSideBySide(cursor, copies, actor, rewardScale, rng);
        } else {
            rollout.collect(cursor, actor, episodesPerIteration, rewardScale, rng);
        }
        steps += rollout.size;
        episodes += rollout.episodes;
        return rollout.size;
    }

    @Override
    public Network policyNetwork() {
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
