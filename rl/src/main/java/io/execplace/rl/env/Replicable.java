package io.execplace.rl.env;

/**
 * An environment that can make independent copies of itself (same episodes for the same seeds, own
 * state), so that a learner can step several copies side by side — a vectorised environment — and
 * run its network on their observations as one batch.
 */
public interface Replicable {

    /** A fresh copy with no episode running. */
    Env replicate();
}
