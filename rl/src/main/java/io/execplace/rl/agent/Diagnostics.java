package io.execplace.rl.agent;

/**
 * Training diagnostics of one iteration, averaged over all its gradient steps (the figures CleanRL's
 * PPO logs). NaN when a figure does not apply to the algorithm.
 *
 * @param entropy           mean entropy of the policy over the trained steps, nats
 * @param valueLoss         mean squared error of the value network (critic, baseline or Q-network TD error)
 * @param approxKl          PPO: mean of {@code (ρ − 1) − log ρ}, an unbiased estimate of KL(old ‖ new)
 * @param clipFraction      PPO: fraction of trained steps whose ratio left {@code [1 − ε, 1 + ε]}
 * @param explainedVariance PPO: {@code 1 − Var(R − V) / Var(R)} of the critic's values before the update
 */
public record Diagnostics(double entropy, double valueLoss, double approxKl, double clipFraction,
                          double explainedVariance) {

    /** Nothing measured. */
    public static final Diagnostics NONE = new Diagnostics(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    /** Number of figures. */
    public static final int SIZE = 5;

    public Diagnostics withEntropy(double v) {
        return new Diagnostics(v, valueLoss, approxKl, clipFraction, explainedVariance);
    }

    public Diagnostics withValueLoss(double v) {
        return new Diagnostics(entropy, v, approxKl, clipFraction, explainedVariance);
    }

    /** The PPO-only figures. */
    public Diagnostics withPpo(double approxKlValue, double clipFractionValue, double explainedVarianceValue) {
        return new Diagnostics(entropy, valueLoss, approxKlValue, clipFractionValue, explainedVarianceValue);
    }

    /** The figures in column order. */
    public double[] toArray() {
        return new double[]{entropy, valueLoss, approxKl, clipFraction, explainedVariance};
    }

    /** From {@link #toArray()}'s order. */
    public static Diagnostics fromArray(double[] a, int from) {
        return new Diagnostics(a[from], a[from + 1], a[from + 2], a[from + 3], a[from + 4]);
    }

    /** {@code 1 − Var(y − ŷ) / Var(y)} over the first {@code n} values; NaN when {@code y} does not vary. */
    public static double explainedVariance(double[] predicted, double[] actual, int n) {
        double meanY = 0;
        double meanE = 0;
        for (int i = 0; i < n; i++) {
            meanY += actual[i];
            meanE += actual[i] - predicted[i];
        }
        meanY /= n;
        meanE /= n;
        double varY = 0;
        double varE = 0;
        for (int i = 0; i < n; i++) {
            double y = actual[i] - meanY;
            double e = actual[i] - predicted[i] - meanE;
            varY += y * y;
            varE += e * e;
        }
        return varY == 0 ? Double.NaN : 1 - varE / varY;
    }
}
