package io.execplace.liu.pairmanager;

import io.execplace.rl.nn.Activation;
import io.execplace.rl.nn.Adam;
import io.execplace.rl.nn.Mlp;
import org.apache.commons.rng.UniformRandomProvider;

import java.util.Arrays;

/**
 * The pair manager's network: one MLP gives every (waiting application, cluster) pair a score from
 * its {@link PairFeatures} row, with the same weights for every pair, so the manager works for any
 * number of waiting applications and clusters; the policy is the softmax over a decision's pairs.
 * Imitation (cross-entropy towards a teacher's pair) and the policy gradient (a return-weighted
 * log-probability) are the same update: {@link #accumulate} adds {@code weight · (π − onehot(pair))}
 * to the score gradient, and {@link #step} takes one Adam step on the mean.
 */
public final class PairModel {

    private final Mlp net;
    private Adam adam;
    private double learningRate;
    private double[] probs = new double[16];
    private double[] dScores = new double[16];
    private int accumulated;

    private PairModel(Mlp net) {
        this.net = net;
    }

    /** A new model with the given hidden widths, initialised from {@code rng}. */
    public static PairModel create(int[] hidden, UniformRandomProvider rng) {
        return new PairModel(Mlp.create(sizes(hidden), Activation.RELU, rng));
    }

    /** A model of the given hidden widths with these parameters (as read from a file). */
    public static PairModel of(int[] hidden, double[] parameters) {
        PairModel m = new PairModel(new Mlp(sizes(hidden), Activation.RELU));
        m.net.setParameters(parameters);
        return m;
    }

    /** Parameters of a model with these hidden widths. */
    public static int parameterCount(int[] hidden) {
        return new Mlp(sizes(hidden), Activation.RELU).parameterCount();
    }

    private static int[] sizes(int[] hidden) {
        int[] s = new int[hidden.length + 2];
        s[0] = PairFeatures.SIZE;
        System.arraycopy(hidden, 0, s, 1, hidden.length);
        s[s.length - 1] = 1;
        return s;
    }

    /** The hidden widths. */
    public int[] hidden() {
        int[] s = net.sizes();
        return Arrays.copyOfRange(s, 1, s.length - 1);
    }

    /** The parameters (live). */
    public double[] parameters() {
        return net.parameters();
    }

    /** A copy with the same weights and no optimiser state. */
    public PairModel copy() {
        return of(hidden(), net.parameters().clone());
    }

    /** Sets the step size of the next updates (a new optimiser when it changes). */
    public void learningRate(double lr) {
        if (adam == null || lr != learningRate) {
            adam = new Adam(net.parameterCount(), lr, 1.0);
            learningRate = lr;
        }
    }

    /** The scores of {@code rows} pairs (a reused buffer: valid until the next call on this model). */
    public double[] scores(double[] features, int rows) {
        return net.forward(features, rows);
    }

    /** The pair with the highest score (ties: the lowest row). */
    public int greedy(double[] features, int rows) {
        double[] s = scores(features, rows);
        int best = 0;
        for (int p = 1; p < rows; p++) {
            if (s[p] > s[best]) {
                best = p;
            }
        }
        return best;
    }

    /** A pair drawn from the softmax over the scores. */
    public int sample(double[] features, int rows, UniformRandomProvider rng) {
        softmax(scores(features, rows), rows);
        double u = rng.nextDouble();
        for (int p = 0; p < rows - 1; p++) {
            u -= probs[p];
            if (u < 0) {
                return p;
            }
        }
        return rows - 1;
    }

    /**
     * Adds {@code weight · ∂(−log π(pair))/∂θ} for one decision to the gradient sum: weight 1 is the
     * imitation loss towards {@code pair}; a policy-gradient advantage {@code A} is {@code weight = A}.
     * Returns {@code −log π(pair)} before the update.
     */
    public double accumulate(double[] features, int rows, int pair, double weight) {
        if (accumulated == 0) {
            net.zeroGradients();
        }
        softmax(scores(features, rows), rows);
        if (dScores.length < rows) {
            dScores = new double[Math.max(rows, 2 * dScores.length)];
        }
        for (int p = 0; p < rows; p++) {
            dScores[p] = weight * (probs[p] - (p == pair ? 1 : 0));
        }
        double nll = -Math.log(Math.max(probs[pair], 1e-300));
        net.backward(dScores, rows);
        accumulated++;
        return nll;
    }

    /** One optimiser step on the mean of the accumulated gradients; returns how many decisions it averaged. */
    public int step() {
        if (accumulated == 0) {
            return 0;
        }
        if (adam == null) {
            throw new IllegalStateException("set a learning rate before the first step");
        }
        double[] g = net.gradients();
        double scale = 1.0 / accumulated;
        for (int i = 0; i < g.length; i++) {
            g[i] *= scale;
        }
        adam.step(net.parameters(), g);
        int n = accumulated;
        accumulated = 0;
        return n;
    }

    private void softmax(double[] s, int rows) {
        if (probs.length < rows) {
            probs = new double[Math.max(rows, 2 * probs.length)];
        }
        double max = Double.NEGATIVE_INFINITY;
        for (int p = 0; p < rows; p++) {
            max = Math.max(max, s[p]);
        }
        double sum = 0;
        for (int p = 0; p < rows; p++) {
            probs[p] = Math.exp(s[p] - max);
            sum += probs[p];
        }
        for (int p = 0; p < rows; p++) {
            probs[p] /= sum;
        }
    }
}
