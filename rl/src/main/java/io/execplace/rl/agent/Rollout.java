package io.execplace.rl.agent;

import io.execplace.rl.env.Env;
import io.execplace.rl.env.StepResult;
import io.execplace.rl.nn.Mlp;
import io.execplace.rl.nn.Softmax;
import org.apache.commons.rng.UniformRandomProvider;

import java.util.Arrays;

/**
 * Whole episodes collected with a stochastic policy (the masked softmax of an actor network's
 * logits), for the policy-gradient learners: per step the observation, the mask, the action, its
 * log-probability and the (scaled) reward; per episode where it ends and whether it was truncated.
 * Buffers grow to the largest batch and are reused.
 */
final class Rollout {

    final int observationSize;
    final int actions;
    double[] observations = new double[0];
    boolean[] masks = new boolean[0];
    int[] action = new int[0];
    double[] logProbability = new double[0];
    double[] reward = new double[0];
    /** {@code end[e]}: index after the last step of episode {@code e}. */
    int[] end = new int[16];
    boolean[] truncated = new boolean[16];
    /** The observation after the last step of each truncated episode (to bootstrap from). */
    double[] finalObservation = new double[0];
    int size;
    int episodes;
    /** Sum of the unscaled returns of the collected episodes. */
    double returnSum;
    private final double[] probabilities;

    Rollout(int observationSize, int actions) {
        this.observationSize = observationSize;
        this.actions = actions;
        this.probabilities = new double[actions];
    }

    int start(int episode) {
        return episode == 0 ? 0 : end[episode - 1];
    }

    /** Collects {@code count} whole episodes, sampling from the actor's masked softmax. */
    void collect(EpisodeCursor cursor, Mlp actor, int count, double rewardScale, UniformRandomProvider rng) {
        size = 0;
        episodes = 0;
        returnSum = 0;
        Env env = cursor.env();
        for (int e = 0; e < count; e++) {
            double[] obs = cursor.begin();
            while (true) {
                boolean[] mask = env.actionMask();
                double[] logits = actor.forward(obs, 1);
                Softmax.probabilities(logits, 0, actions, mask, probabilities, 0);
                int a = Sampling.categorical(probabilities, 0, actions, rng);
                grow(size + 1);
                System.arraycopy(obs, 0, observations, size * observationSize, observationSize);
                System.arraycopy(mask, 0, masks, size * actions, actions);
                action[size] = a;
                logProbability[size] = Math.log(probabilities[a]);
                StepResult r = cursor.step(a);
                reward[size] = r.reward() * rewardScale;
                size++;
                obs = r.observation();
                if (r.done()) {
                    endEpisode(r.truncated(), obs);
                    returnSum += cursor.episodeReturn();
                    break;
                }
            }
        }
    }

    private void endEpisode(boolean wasTruncated, double[] lastObservation) {
        if (episodes == end.length) {
            end = Arrays.copyOf(end, 2 * episodes);
            truncated = Arrays.copyOf(truncated, 2 * episodes);
        }
        if (finalObservation.length < (episodes + 1) * observationSize) {
            finalObservation = Arrays.copyOf(finalObservation, 2 * (episodes + 1) * observationSize);
        }
        end[episodes] = size;
        truncated[episodes] = wasTruncated;
        System.arraycopy(lastObservation, 0, finalObservation, episodes * observationSize, observationSize);
        episodes++;
    }

    private void grow(int needed) {
        if (needed <= action.length) {
            return;
        }
        int c = Math.max(needed, 2 * action.length);
        observations = Arrays.copyOf(observations, c * observationSize);
        masks = Arrays.copyOf(masks, c * actions);
        action = Arrays.copyOf(action, c);
        logProbability = Arrays.copyOf(logProbability, c);
        reward = Arrays.copyOf(reward, c);
    }

    /** Discounted reward-to-go of every step, restarting at episode ends ({@code out} must hold {@code size}). */
    void discountedReturns(double gamma, double[] out) {
        for (int e = 0; e < episodes; e++) {
            double g = 0;
            for (int t = end[e] - 1; t >= start(e); t--) {
                g = reward[t] + gamma * g;
                out[t] = g;
            }
        }
    }
}
