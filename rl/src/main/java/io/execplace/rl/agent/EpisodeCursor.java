package io.execplace.rl.agent;

import io.execplace.rl.env.Env;
import io.execplace.rl.env.StepResult;
import io.execplace.rl.nn.ArrayBundle;

import java.util.Arrays;

/**
 * Walks a learner through the episodes of its training environment: episode {@code k} is started
 * with {@code reset(k)}, so episodes take the environment's workloads in turn. It remembers the
 * actions of the running episode, which is all a checkpoint needs to put the environment back
 * exactly where it was (the environment is deterministic given the seed and the actions).
 */
final class EpisodeCursor {

    private final Env env;
    private long nextEpisode;
    private long episodeSeed;
    private int[] actions = new int[256];
    private int count;
    private boolean active;
    private double episodeReturn;
    private double[] observation;

    EpisodeCursor(Env env) {
        this.env = env;
    }

    Env env() {
        return env;
    }

    boolean active() {
        return active;
    }

    /** The current observation (the environment's reused array). */
    double[] observation() {
        return observation;
    }

    /** Return of the running (or just finished) episode so far. */
    double episodeReturn() {
        return episodeReturn;
    }

    long episodesStarted() {
        return nextEpisode;
    }

    /** The next episode started will be {@code next} (no episode may be running). */
    void seek(long next) {
        if (active) {
            throw new IllegalStateException("an episode is running");
        }
        nextEpisode = next;
    }

    /** Starts the next episode. */
    double[] begin() {
        return beginAt(nextEpisode++);
    }

    /**
     * Takes the next {@code n} episode seeds for other cursors (copies of this environment stepped
     * side by side) and returns the first.
     */
    long reserve(int n) {
        long first = nextEpisode;
        nextEpisode += n;
        return first;
    }

    /** Starts the episode of the given seed (for a copy's cursor, from {@link #reserve}). */
    double[] beginAt(long seed) {
        episodeSeed = seed;
        observation = env.reset(episodeSeed);
        count = 0;
        active = true;
        episodeReturn = 0;
        return observation;
    }

    StepResult step(int action) {
        if (count == actions.length) {
            actions = Arrays.copyOf(actions, 2 * count);
        }
        actions[count++] = action;
        StepResult r = env.step(action);
        episodeReturn += r.reward();
        observation = r.observation();
        if (r.done()) {
            active = false;
        }
        return r;
    }

    void save(ArrayBundle b, String prefix) {
        b.put(prefix + "cursor", new long[]{nextEpisode, episodeSeed, active ? 1 : 0});
        long[] a = new long[count];
        for (int i = 0; i < count; i++) {
            a[i] = actions[i];
        }
        b.put(prefix + "cursor.actions", a);
    }

    void restore(ArrayBundle b, String prefix) {
        long[] c = b.longs(prefix + "cursor");
        long[] a = b.longs(prefix + "cursor.actions");
        nextEpisode = c[0];
        episodeSeed = c[1];
        active = false;
        count = 0;
        if (c[2] == 1) {
            observation = env.reset(episodeSeed);
            active = true;
            episodeReturn = 0;
            for (long action : a) {
                step((int) action);
            }
        }
    }
}
