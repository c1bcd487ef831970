package io.execplace.rl.nn;

/**
 * Softmax over a row of logits restricted to the allowed actions of a mask: disallowed actions get
 * probability 0 (log-probability −∞) and receive no gradient.
 */
public final class Softmax {

    private Softmax() {
    }

    /**
     * Writes the probabilities of {@code logits[from .. from+n)} into {@code out[outFrom ..)}.
     *
     * @param mask allowed actions, or null for all
     */
    public static void probabilities(double[] logits, int from, int n, boolean[] mask, double[] out, int outFrom) {
        double max = Double.NEGATIVE_INFINITY;
        for (int a = 0; a < n; a++) {
            if (mask == null || mask[a]) {
                max = Math.max(max, logits[from + a]);
            }
        }
        if (max == Double.NEGATIVE_INFINITY) {
            throw new IllegalArgumentException("the mask allows no action");
        }
        double sum = 0;
        for (int a = 0; a < n; a++) {
            double e = mask == null || mask[a] ? Math.exp(logits[from + a] - max) : 0;
            out[outFrom + a] = e;
            sum += e;
        }
        double inv = 1 / sum;
        for (int a = 0; a < n; a++) {
            out[outFrom + a] *= inv;
        }
    }

    /** Log-probability of action {@code action} under the masked softmax. */
    public static double logProbability(double[] logits, int from, int n, boolean[] mask, int action) {
        double max = Double.NEGATIVE_INFINITY;
        for (int a = 0; a < n; a++) {
            if (mask == null || mask[a]) {
                max = Math.max(max, logits[from + a]);
            }
        }
        double sum = 0;
        for (int a = 0; a < n; a++) {
            if (mask == null || mask[a]) {
                sum += Math.exp(logits[from + a] - max);
            }
        }
        return logits[from + action] - max - Math.log(sum);
    }

    /** Entropy {@code −Σ p log p} of a probability row. */
    public static double entropy(double[] p, int from, int n) {
        double h = 0;
        for (int a = 0; a < n; a++) {
            double x = p[from + a];
            if (x > 0) {
                h -= x * Math.log(x);
            }
        }
        return h;
    }

    /** Index of the largest logit among allowed actions (lowest index on ties); -1 if none is allowed. */
    public static int argmax(double[] values, int from, int n, boolean[] mask) {
        int best = -1;
        double bestValue = Double.NEGATIVE_INFINITY;
        for (int a = 0; a < n; a++) {
            if ((mask == null || mask[a]) && (best < 0 || values[from + a] > bestValue)) {
                best = a;
                bestValue = values[from + a];
            }
        }
        return best;
    }
}
