package io.execplace.rl.nn;

/**
 * What a forward pass of a dense network keeps for the backward pass: a reference to its input and
 * every layer's outputs and deltas, {@code batch × width} row-major, grown to the largest batch
 * seen and then reused. {@link Mlp} and {@link GemmMlp} each hold one.
 */
final class PassBuffers {

    private final int[] sizes;
    private final double[][] outputs;
    private final double[][] deltas;
    private int capacity;
    private double[] input;

    PassBuffers(int[] sizes) {
        this.sizes = sizes.clone();
        this.outputs = new double[sizes.length - 1][];
        this.deltas = new double[sizes.length - 1][];
    }

    /** Starts a forward pass of {@code batch} rows of {@code x}: checks the input and grows the buffers. */
    void begin(double[] x, int batch) {
        if (batch < 1 || x.length < batch * sizes[0]) {
            throw new IllegalArgumentException("input of length " + x.length + " does not hold " + batch + " rows of "
                    + sizes[0]);
        }
        if (batch > capacity) {
            int c = Math.max(batch, 2 * capacity);
            for (int l = 0; l < outputs.length; l++) {
                outputs[l] = new double[c * sizes[l + 1]];
                deltas[l] = new double[c * sizes[l + 1]];
            }
            capacity = c;
        }
        input = x;
    }

    /** Checks that a forward pass of at least {@code batch} rows came first. */
    void checkBackward(int batch) {
        if (input == null || batch > capacity) {
            throw new IllegalStateException("backward needs a forward pass of the same batch first");
        }
    }

    /** The last forward pass's input. */
    double[] input() {
        return input;
    }

    /** Outputs of layer {@code l} (after its activation). */
    double[] output(int l) {
        return outputs[l];
    }

    /** Loss gradient with respect to the outputs of layer {@code l}. */
    double[] delta(int l) {
        return deltas[l];
    }

    int layers() {
        return outputs.length;
    }
}
