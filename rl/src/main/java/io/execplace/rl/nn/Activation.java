package io.execplace.rl.nn;

import io.execplace.core.io.Choices;
import java.util.Locale;

/** Element-wise activation functions of hidden layers; derivatives are taken from the outputs. */
public enum Activation {
    /** {@code max(0, x)}: the TF-Agents default for Q- and policy networks. */
    RELU,
    /** {@code tanh(x)}. */
    TANH,
    /** {@code x}. */
    IDENTITY;

    /** Applies the function in place to {@code a[from .. from+length)}. */
    public void apply(double[] a, int from, int length) {
        int to = from + length;
        switch (this) {
            case RELU -> {
                for (int i = from; i < to; i++) {
                    if (a[i] < 0) {
                        a[i] = 0;
                    }
                }
            }
            case TANH -> {
                for (int i = from; i < to; i++) {
                    a[i] = Math.tanh(a[i]);
                }
            }
            case IDENTITY -> {
            }
        }
    }

    /** Multiplies {@code delta[i]} by the derivative at the point whose output is {@code out[i]}. */
    public void backprop(double[] delta, double[] out, int from, int length) {
        int to = from + length;
        switch (this) {
            case RELU -> {
                for (int i = from; i < to; i++) {
                    if (out[i] <= 0) {
                        delta[i] = 0;
                    }
                }
            }
            case TANH -> {
                for (int i = from; i < to; i++) {
                    delta[i] *= 1 - out[i] * out[i];
                }
            }
            case IDENTITY -> {
            }
        }
    }

    /** Lower-case name used in files and options. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code relu}, {@code tanh} or {@code identity}, ignoring case. */
    public static Activation parse(String text) {
        return Choices.parse(values(), Activation::label, text, "activation");
    }
}
