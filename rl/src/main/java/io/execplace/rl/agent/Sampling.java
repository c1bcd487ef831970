package io.execplace.rl.agent;

import org.apache.commons.rng.UniformRandomProvider;

/** Random action choices that respect an action mask. */
final class Sampling {

    private Sampling() {
    }

    /** A uniformly random allowed action (null mask: any action). */
    static int uniform(boolean[] mask, int actions, UniformRandomProvider rng) {
        if (mask == null) {
            return rng.nextInt(actions);
        }
        int count = 0;
        for (int a = 0; a < actions; a++) {
            count += mask[a] ? 1 : 0;
        }
        int pick = rng.nextInt(count);
        for (int a = 0; a < actions; a++) {
            if (mask[a] && pick-- == 0) {
                return a;
            }
        }
        throw new IllegalStateException("the mask allows no action");
    }

    /** An action drawn from the probabilities {@code p[from .. from+n)} (which sum to 1). */
    static int categorical(double[] p, int from, int n, UniformRandomProvider rng) {
        double u = rng.nextDouble();
        double c = 0;
        int last = -1;
        for (int a = 0; a < n; a++) {
            if (p[from + a] > 0) {
                c += p[from + a];
                last = a;
                if (u < c) {
                    return a;
                }
            }
        }
        return last; // rounding left u just above the sum
    }
}
