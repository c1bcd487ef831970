package io.execplace.rl.nn;

import org.apache.commons.rng.UniformRandomProvider;

/** The order in which an epoch visits its samples, for the trainers that learn in shuffled minibatches. */
public final class Minibatches {

    private Minibatches() {
    }

    /**
     * Shuffles {@code order[0 .. n)} in place (Fisher-Yates from the end: one {@code nextInt} per
     * position, so the same seed gives the same order).
     */
    public static void shuffle(int[] order, int n, UniformRandomProvider rng) {
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
    }
}
