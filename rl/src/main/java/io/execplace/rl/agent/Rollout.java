package io.execplace.rl.agent;

import io.execplace.rl.env.Env;
import io.execplace.rl.env.StepResult;
import io.execplace.rl.nn.Network;
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
    // Side-by-side collection: one rollout per environment copy, their current observations, the
    // lane of each batch row and the batch.
    private Rollout[] lanes;
    private double[][] current;
    private int[] laneOf;
    private double[] batch;

    Rollout(int observationSize, int actions) {
        this.observationSize = observationSize;
        this.actions = actions;
        this.probabilities = new double[actions];
    }

    int start(int episode) {
        return episode == 0 ? 0 : end[episode - 1];
    }

    /** Chooses a step's action, leaving its probability in {@link #probabilities}. */
    private interface Chooser {
        int choose(double[] observation, boolean[] mask, Env env);
    }

    /** Collects {@code count} whole episodes, sampling from the actor's masked softmax. */
    void collect(EpisodeCursor cursor, Network actor, int count, double rewardScale, UniformRandomProvider rng) {
        clear();
        episodes(cursor, count, rewardScale, null, (obs, mask, env) -> {
            double[] logits = actor.forward(obs, 1);
            Softmax.probabilities(logits, 0, actions, mask, probabilities, 0);
            return Sampling.categorical(probabilities, 0, actions, rng);
        });
    }

    /**
     * Appends {@code count} whole episodes labelled by a teacher (behaviour cloning): the stored
     * action of every step is the teacher's, with log-probability 0. With {@code learner} null the
     * teacher also acts; else the learner's greedy action is taken (DAgger: the teacher labels the
     * states the learner visits).
     */
    void demonstrate(EpisodeCursor cursor, Demonstrator teacher, Network learner, int count, double rewardScale) {
        demonstrate(cursor, teacher, learner, null, count, rewardScale);
    }

    /**
     * As {@link #demonstrate(EpisodeCursor, Demonstrator, Network, int, double)}, telling the teacher
     * the greedy action of {@code preference} (null: none) at every step, so that where several
     * actions are right to it the label can be the learner's own ({@link Demonstrator#action(Env, int)}).
     */
    void demonstrate(EpisodeCursor cursor, Demonstrator teacher, Network learner, Network preference, int count,
                     double rewardScale) {
        int[] greedy = {-1};
        Network judge = learner != null ? learner : preference;
        Chooser label = (obs, mask, env) -> {
            greedy[0] = judge == null ? -1 : Softmax.argmax(judge.forward(obs, 1), 0, actions, mask);
            int a = preference == null ? teacher.action(env) : teacher.action(env, greedy[0]);
            probabilities[a] = 1;
            return a;
        };
        Chooser act = learner == null ? null : (obs, mask, env) -> greedy[0];
        episodes(cursor, count, rewardScale, act, label);
    }

    /** Forgets every step and episode. */
    void clear() {
        size = 0;
        episodes = 0;
        returnSum = 0;
    }

    /** Appends {@code count} episodes: {@code act} chooses the action taken (null: the recorded one), {@code record} the one stored. */
    private void episodes(EpisodeCursor cursor, int count, double rewardScale, Chooser act, Chooser chooser) {
        Env env = cursor.env();
        for (int e = 0; e < count; e++) {
            double[] obs = cursor.begin();
            while (true) {
                boolean[] mask = env.actionMask();
                int a = chooser.choose(obs, mask, env);
                record(obs, mask, a);
                StepResult r = cursor.step(act == null ? a : act.choose(obs, mask, env));
                reward[size - 1] = r.reward() * rewardScale;
                obs = r.observation();
                if (r.done()) {
                    endEpisode(r.truncated(), obs);
                    returnSum += cursor.episodeReturn();
                    break;
                }
            }
        }
    }

    /** Appends a step (its reward is set after the environment's step). */
    private void record(double[] obs, boolean[] mask, int a) {
        grow(size + 1);
        System.arraycopy(obs, 0, observations, size * observationSize, observationSize);
        System.arraycopy(mask, 0, masks, size * actions, actions);
        action[size] = a;
        logProbability[size] = Math.log(probabilities[a]);
        size++;
    }

    /**
     * Collects one whole episode on each cursor, stepping the environments side by side (a
     * vectorised environment): at every step the policy runs once on the observations of all
     * environments still running, then each samples its action in cursor order, so the result is
     * deterministic. Episode seeds are the next ones of {@code main}. The steps are stored episode
     * after episode in cursor order.
     */
    void collectSideBySide(EpisodeCursor main, EpisodeCursor[] cursors, Network actor, double rewardScale,
                           UniformRandomProvider rng) {
        int n = cursors.length;
        if (lanes == null || lanes.length != n) {
            lanes = new Rollout[n];
            for (int k = 0; k < n; k++) {
                lanes[k] = new Rollout(observationSize, actions);
            }
            current = new double[n][];
            laneOf = new int[n];
            batch = new double[n * observationSize];
        }
        long first = main.reserve(n);
        int running = n;
        for (int k = 0; k < n; k++) {
            lanes[k].size = 0;
            lanes[k].episodes = 0;
            lanes[k].returnSum = 0;
            current[k] = cursors[k].beginAt(first + k);
        }
        while (running > 0) {
            int m = 0;
            for (int k = 0; k < n; k++) {
                if (current[k] != null) {
                    System.arraycopy(current[k], 0, batch, m * observationSize, observationSize);
                    laneOf[m++] = k;
                }
            }
            double[] logits = actor.forward(batch, m);
            for (int i = 0; i < m; i++) {
                int k = laneOf[i];
                Rollout lane = lanes[k];
                boolean[] mask = cursors[k].env().actionMask();
                Softmax.probabilities(logits, i * actions, actions, mask, lane.probabilities, 0);
                int a = Sampling.categorical(lane.probabilities, 0, actions, rng);
                lane.record(current[k], mask, a);
                StepResult r = cursors[k].step(a);
                lane.reward[lane.size - 1] = r.reward() * rewardScale;
                current[k] = r.observation();
                if (r.done()) {
                    lane.endEpisode(r.truncated(), current[k]);
                    lane.returnSum += cursors[k].episodeReturn();
                    current[k] = null;
                    running--;
                }
            }
        }
        size = 0;
        episodes = 0;
        returnSum = 0;
        for (Rollout lane : lanes) {
            append(lane);
        }
    }

    /** Appends every step and episode of {@code other}. */
    private void append(Rollout other) {
        grow(size + other.size);
        System.arraycopy(other.observations, 0, observations, size * observationSize, other.size * observationSize);
        System.arraycopy(other.masks, 0, masks, size * actions, other.size * actions);
        System.arraycopy(other.action, 0, action, size, other.size);
        System.arraycopy(other.logProbability, 0, logProbability, size, other.size);
        System.arraycopy(other.reward, 0, reward, size, other.size);
        for (int e = 0; e < other.episodes; e++) {
            size += other.end[e] - other.start(e);
            double[] last = Arrays.copyOfRange(other.finalObservation, e * observationSize, (e + 1) * observationSize);
            endEpisode(other.truncated[e], last);
        }
        returnSum += other.returnSum;
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
