package io.execplace.rl.nn;

import java.util.Arrays;

/**
 * The Adam optimiser (Kingma and Ba 2015) with bias correction, minimising: {@code θ ← θ − lr ·
 * m̂ / (√v̂ + ε)}. Defaults β1 0.9, β2 0.999, ε 1e-8 (TensorFlow 1's AdamOptimizer, which the TPDS
 * code used). Optionally clips the gradient to a global L2 norm first.
 */
public final class Adam {

    private final double learningRate;
    private final double beta1;
    private final double beta2;
    private final double epsilon;
    private final double clipNorm;
    private final double[] m;
    private final double[] v;
    private long t;

    /**
     * @param parameters   number of parameters
     * @param learningRate step size, positive
     * @param clipNorm     global gradient norm limit; 0 for none
     */
    public Adam(int parameters, double learningRate, double clipNorm) {
        this(parameters, learningRate, 0.9, 0.999, 1e-8, clipNorm);
    }

    public Adam(int parameters, double learningRate, double beta1, double beta2, double epsilon, double clipNorm) {
        if (!(learningRate > 0) || !Double.isFinite(learningRate)) {
            throw new IllegalArgumentException("learning rate must be positive, got " + learningRate);
        }
        if (!(beta1 >= 0 && beta1 < 1) || !(beta2 >= 0 && beta2 < 1) || !(epsilon > 0)) {
            throw new IllegalArgumentException("Adam needs 0 <= beta1, beta2 < 1 and epsilon > 0");
        }
        if (!(clipNorm >= 0)) {
            throw new IllegalArgumentException("gradient clip norm must be >= 0, got " + clipNorm);
        }
        this.learningRate = learningRate;
        this.beta1 = beta1;
        this.beta2 = beta2;
        this.epsilon = epsilon;
        this.clipNorm = clipNorm;
        this.m = new double[parameters];
        this.v = new double[parameters];
    }

    /** One update of {@code params} (in place) with {@code grads} (left unchanged unless clipped). */
    public void step(double[] params, double[] grads) {
        if (params.length != m.length || grads.length != m.length) {
            throw new IllegalArgumentException("optimiser is for " + m.length + " parameters, got "
                    + params.length + " / " + grads.length);
        }
        double scale = 1;
        if (clipNorm > 0) {
            double sq = 0;
            for (double g : grads) {
                sq += g * g;
            }
            double norm = Math.sqrt(sq);
            if (norm > clipNorm) {
                scale = clipNorm / norm;
            }
        }
        t++;
        double c1 = 1 - Math.pow(beta1, t);
        double c2 = 1 - Math.pow(beta2, t);
        double stepSize = learningRate * Math.sqrt(c2) / c1;
        // The bias corrections folded into the step size (and ε scaled to match): the efficient form
        // Kingma and Ba give after their Algorithm 1, equal to the textbook update.
        double eps = epsilon * Math.sqrt(c2);
        for (int i = 0; i < params.length; i++) {
            double g = grads[i] * scale;
            m[i] = beta1 * m[i] + (1 - beta1) * g;
            v[i] = beta2 * v[i] + (1 - beta2) * g * g;
            params[i] -= stepSize * m[i] / (Math.sqrt(v[i]) + eps);
        }
    }

    public double learningRate() {
        return learningRate;
    }

    /** Updates made so far. */
    public long steps() {
        return t;
    }

    /** First-moment estimates (for saving; live array). */
    public double[] firstMoments() {
        return m;
    }

    /** Second-moment estimates (for saving; live array). */
    public double[] secondMoments() {
        return v;
    }

    /** Restores saved state. */
    public void restore(double[] firstMoments, double[] secondMoments, long steps) {
        if (firstMoments.length != m.length || secondMoments.length != v.length || steps < 0) {
            throw new IllegalArgumentException("optimiser state does not match " + m.length + " parameters");
        }
        System.arraycopy(firstMoments, 0, m, 0, m.length);
        System.arraycopy(secondMoments, 0, v, 0, v.length);
        t = steps;
    }

    /** Forgets all moments. */
    public void reset() {
        Arrays.fill(m, 0);
        Arrays.fill(v, 0);
        t = 0;
    }
}
