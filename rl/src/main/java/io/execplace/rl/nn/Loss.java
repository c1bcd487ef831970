package io.execplace.rl.nn;

import io.execplace.core.io.Choices;
import java.util.Locale;

/** Regression losses on one prediction–target pair; batch losses are their means. */
public enum Loss {
    /** {@code (p − y)²} (TF-Agents' element-wise squared loss, used by the TPDS code). */
    MSE,
    /** Huber with δ = 1: {@code ½e²} for {@code |e| ≤ 1}, else {@code |e| − ½}; robust to large TD errors. */
    HUBER;

    public double value(double prediction, double target) {
        double e = prediction - target;
        return switch (this) {
            case MSE -> e * e;
            case HUBER -> Math.abs(e) <= 1 ? 0.5 * e * e : Math.abs(e) - 0.5;
        };
    }

    /** d value / d prediction. */
    public double gradient(double prediction, double target) {
        double e = prediction - target;
        return switch (this) {
            case MSE -> 2 * e;
            case HUBER -> Math.abs(e) <= 1 ? e : Math.signum(e);
        };
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code mse} or {@code huber}, ignoring case. */
    public static Loss parse(String text) {
        return Choices.parse(values(), Loss::label, text, "loss");
    }
}
