package io.execplace.rl.nn;

import java.util.Arrays;

/**
 * A trainable network on row-major batches, as the learners use it: a forward pass, a backward pass
 * that adds parameter gradients, and one flat parameter array (and gradient array) for the
 * optimiser and the files. {@link Mlp} is the fixed-size one; the size-free pair scorer
 * ({@code io.execplace.rl.pairs.PairNetwork}) is another. Not thread-safe: give each thread its own
 * {@link #copy()}.
 */
public interface Network {

    /** Values per input row. */
    int inputSize();

    /** Values per output row. */
    int outputSize();

    /** The widths that identify the network's shape (checked when a checkpoint is resumed). */
    int[] sizes();

    /** The flat parameter array (live: optimisers update it in place). */
    double[] parameters();

    /** The flat gradient array, same layout as {@link #parameters()} (live). */
    double[] gradients();

    default int parameterCount() {
        return parameters().length;
    }

    /** Sets every gradient to zero. */
    default void zeroGradients() {
        Arrays.fill(gradients(), 0);
    }

    /** Replaces every parameter (e.g. from a file). */
    default void setParameters(double[] values) {
        double[] params = parameters();
        if (values.length != params.length) {
            throw new IllegalArgumentException("expected " + params.length + " parameters, got " + values.length);
        }
        System.arraycopy(values, 0, params, 0, params.length);
    }

    /** A network of the same shape and parameters with its own buffers and zero gradients. */
    Network copy();

    /**
     * Runs {@code batch} rows of {@code x}; returns {@code batch × outputSize} values in a reused
     * buffer, valid until the next forward. The input is kept by reference for {@link #backward}.
     */
    double[] forward(double[] x, int batch);

    /**
     * Back-propagates the loss gradient with respect to the outputs of the last {@link #forward}
     * and adds the parameter gradients to {@link #gradients()}.
     */
    void backward(double[] dOutput, int batch);
}
