package io.execplace.rl.agent;

import io.execplace.rl.nn.Network;
import io.execplace.rl.nn.Softmax;

/**
 * The gradient pieces REINFORCE and PPO share, computed in chunks of rows so that buffers stay
 * small and hot: gathering rows, the masked-softmax gradient of {@code −w · log π(a|s)} and of the
 * entropy bonus, and fitting a value network to targets.
 */
final class PolicyGradient {

    static final int CHUNK = 256;

    private final int observationSize;
    private final int actions;
    final double[] rows;
    final double[] dOutput;
    final double[] probabilities;
    private final double[] valueGradient = new double[CHUNK];
    private final boolean[] maskRow;

    PolicyGradient(int observationSize, int actions) {
        this.observationSize = observationSize;
        this.actions = actions;
        rows = new double[CHUNK * observationSize];
        dOutput = new double[CHUNK * actions];
        probabilities = new double[CHUNK * actions];
        maskRow = new boolean[actions];
    }

    /** Copies the observations of steps {@code index[from .. from+n)} (or {@code from..} when index is null) into {@link #rows}. */
    void gather(Rollout r, int[] index, int from, int n) {
        for (int i = 0; i < n; i++) {
            int t = index == null ? from + i : index[from + i];
            System.arraycopy(r.observations, t * observationSize, rows, i * observationSize, observationSize);
        }
    }

    /**
     * After {@code actor.forward(rows, n)}: writes into {@link #dOutput} the gradient with respect to
     * the logits of {@code Σ_i (−w_i · log π(a_i|s_i) − entropyCoef · H(π(·|s_i))) / divisor} and
     * returns the entropy sum. {@code weight[i]} is given per row.
     */
    double logProbabilityGradient(Rollout r, int[] index, int from, int n, double[] logits, double[] weight,
                                  double entropyCoef, double divisor) {
        double entropySum = 0;
        for (int i = 0; i < n; i++) {
            int t = index == null ? from + i : index[from + i];
            int o = i * actions;
            Softmax.probabilities(logits, o, actions, maskOf(r, t), probabilities, o);
            double h = Softmax.entropy(probabilities, o, actions);
            entropySum += h;
            int a = r.action[t];
            for (int k = 0; k < actions; k++) {
                double p = probabilities[o + k];
                // d(−log π(a))/dz_k = p_k − [k = a]; d(−H)/dz_k = p_k (log p_k + H).
                double g = weight[i] * (p - (k == a ? 1 : 0));
                if (entropyCoef != 0 && p > 0) {
                    g += entropyCoef * p * (Math.log(p) + h);
                }
                dOutput[o + k] = g / divisor;
            }
        }
        return entropySum;
    }

    /** The stored mask of step {@code t} as its own array (softmax takes a mask starting at index 0). */
    boolean[] maskOf(Rollout r, int t) {
        System.arraycopy(r.masks, t * actions, maskRow, 0, actions);
        return maskRow;
    }

    /**
     * Adds to {@code value}'s gradients the gradient of {@code coef · Σ (V(s_t) − target_t)² / divisor}
     * over the given steps, and returns that sum (without coef and divisor).
     */
    double valueLoss(Network value, Rollout r, int[] index, int from, int n, double[] targets, double coef, double divisor) {
        gather(r, index, from, n);
        double[] v = value.forward(rows, n);
        double loss = 0;
        for (int i = 0; i < n; i++) {
            int t = index == null ? from + i : index[from + i];
            double e = v[i] - targets[t];
            loss += e * e;
            valueGradient[i] = coef * 2 * e / divisor;
        }
        value.backward(valueGradient, n);
        return loss;
    }

    /** Writes {@code V(s_t)} for every step into {@code out}. */
    void values(Network value, Rollout r, double[] out) {
        for (int from = 0; from < r.size; from += CHUNK) {
            int n = Math.min(CHUNK, r.size - from);
            gather(r, null, from, n);
            double[] v = value.forward(rows, n);
            System.arraycopy(v, 0, out, from, n);
        }
    }

    /** Subtracts the mean and divides by the standard deviation (plus 1e-8) of {@code x[0..n)}, in place. */
    static void standardise(double[] x, int n) {
        if (n < 2) {
            return;
        }
        double mean = 0;
        for (int i = 0; i < n; i++) {
            mean += x[i];
        }
        mean /= n;
        double var = 0;
        for (int i = 0; i < n; i++) {
            var += (x[i] - mean) * (x[i] - mean);
        }
        double sd = Math.sqrt(var / n) + 1e-8;
        for (int i = 0; i < n; i++) {
            x[i] = (x[i] - mean) / sd;
        }
    }
}
