package io.execplace.rl.nn;

import org.apache.commons.rng.UniformRandomProvider;

import java.util.Arrays;

/**
 * A fully connected network: dense layers with a hidden activation and a linear output, on plain
 * {@code double[]} loops. All parameters live in one flat array (weights of layer 1, its biases,
 * weights of layer 2, ...), and so do their gradients, which keeps optimisers, target-network copies
 * and parameter files trivial.
 *
 * <p>Batches are row-major ({@code batch × width}). {@link #forward} keeps a reference to its input
 * and its activations for {@link #backward}; buffers grow to the largest batch seen and are reused,
 * so steady-state calls do not allocate. Weights are stored input-major ({@code W[i][j]} at
 * {@code i × out + j}) so that both passes are runs of {@code y += a × x} over contiguous rows,
 * which the JIT vectorises; zero inputs (ReLU) are skipped. Not thread-safe: give each thread its
 * own {@link #copy()}.
 */
public final class Mlp implements Network {

    private final int[] sizes;
    private final Activation hidden;
    private final double[] params;
    private final double[] grads;
    private final int[] weightOffset;
    private final int[] biasOffset;

    private final int[] nonZero;
    private final PassBuffers pass;

    /**
     * A network with all parameters zero; see {@link #initialise}.
     *
     * @param sizes  widths from input to output, at least two entries, each at least 1
     * @param hidden activation of every hidden layer (the output layer is linear)
     */
    public Mlp(int[] sizes, Activation hidden) {
        if (sizes.length < 2) {
            throw new IllegalArgumentException("a network needs an input and an output width, got " + Arrays.toString(sizes));
        }
        for (int s : sizes) {
            if (s < 1) {
                throw new IllegalArgumentException("layer widths must be at least 1, got " + Arrays.toString(sizes));
            }
        }
        this.sizes = sizes.clone();
        this.hidden = hidden;
        int layers = sizes.length - 1;
        weightOffset = new int[layers];
        biasOffset = new int[layers];
        int count = 0;
        for (int l = 0; l < layers; l++) {
            weightOffset[l] = count;
            count += sizes[l] * sizes[l + 1];
            biasOffset[l] = count;
            count += sizes[l + 1];
        }
        params = new double[count];
        grads = new double[count];
        int widest = 0;
        for (int w : sizes) {
            widest = Math.max(widest, w);
        }
        nonZero = new int[widest];
        pass = new PassBuffers(sizes);
    }

    /** A network initialised by {@link #initialise}. */
    public static Mlp create(int[] sizes, Activation hidden, UniformRandomProvider rng) {
        Mlp net = new Mlp(sizes, hidden);
        net.initialise(rng);
        return net;
    }

    /**
     * Glorot-uniform weights for the hidden layers (Keras' default), small uniform weights in
     * ±0.03 for the output layer (TF-Agents' Q-network convention: near-equal initial outputs),
     * zero biases.
     */
    public void initialise(UniformRandomProvider rng) {
        int layers = sizes.length - 1;
        Arrays.fill(params, 0);
        for (int l = 0; l < layers; l++) {
            double limit = l == layers - 1 ? 0.03 : Math.sqrt(6.0 / (sizes[l] + sizes[l + 1]));
            int n = sizes[l] * sizes[l + 1];
            for (int k = 0; k < n; k++) {
                params[weightOffset[l] + k] = (2 * rng.nextDouble() - 1) * limit;
            }
        }
    }

    @Override
    public int inputSize() {
        return sizes[0];
    }

    @Override
    public int outputSize() {
        return sizes[sizes.length - 1];
    }

    /** Widths from input to output (a copy). */
    @Override
    public int[] sizes() {
        return sizes.clone();
    }

    public Activation hiddenActivation() {
        return hidden;
    }

    /** The flat parameter array (live: optimisers update it in place). */
    @Override
    public double[] parameters() {
        return params;
    }

    /** The flat gradient array, same layout as {@link #parameters()} (live). */
    @Override
    public double[] gradients() {
        return grads;
    }

    /** A network of the same shape and parameters with its own buffers and zero gradients. */
    @Override
    public Mlp copy() {
        Mlp c = new Mlp(sizes, hidden);
        System.arraycopy(params, 0, c.params, 0, params.length);
        return c;
    }

    /** Copies the parameters of a network of the same shape (target-network update). */
    public void copyParametersFrom(Mlp other) {
        if (!Arrays.equals(sizes, other.sizes)) {
            throw new IllegalArgumentException("networks differ in shape: " + Arrays.toString(sizes) + " vs "
                    + Arrays.toString(other.sizes));
        }
        System.arraycopy(other.params, 0, params, 0, params.length);
    }

    /** Offset of layer {@code l}'s weights ({@code sizes[l] × sizes[l+1]}, input-major) in {@link #parameters()}. */
    public int weightOffset(int l) {
        return weightOffset[l];
    }

    /** Offset of layer {@code l}'s biases in {@link #parameters()}. */
    public int biasOffset(int l) {
        return biasOffset[l];
    }

    /**
     * Runs a batch through the network.
     *
     * @param x     {@code batch × inputSize} values, row-major; kept by reference until the next call,
     *              so do not change it before {@link #backward}
     * @param batch number of rows
     * @return the outputs, {@code batch × outputSize} (a reused buffer, valid until the next forward)
     */
    @Override
    public double[] forward(double[] x, int batch) {
        pass.begin(x, batch);
        double[] in = x;
        int layers = pass.layers();
        for (int l = 0; l < layers; l++) {
            double[] out = pass.output(l);
            int nIn = sizes[l];
            int nOut = sizes[l + 1];
            int wOff = weightOffset[l];
            int bOff = biasOffset[l];
            for (int b = 0; b < batch; b++) {
                int ob = b * nOut;
                System.arraycopy(params, bOff, out, ob, nOut);
                // Only the non-zero inputs contribute (ReLU leaves about half at zero); they are
                // taken four at a time so that each output value is loaded and stored once per four rows.
                int ib = b * nIn;
                int nz = 0;
                for (int i = 0; i < nIn; i++) {
                    if (in[ib + i] != 0) {
                        nonZero[nz++] = i;
                    }
                }
                int k = 0;
                for (; k + 3 < nz; k += 4) {
                    int i0 = nonZero[k];
                    int i1 = nonZero[k + 1];
                    int i2 = nonZero[k + 2];
                    int i3 = nonZero[k + 3];
                    double x0 = in[ib + i0];
                    double x1 = in[ib + i1];
                    double x2 = in[ib + i2];
                    double x3 = in[ib + i3];
                    int w0 = wOff + i0 * nOut;
                    int w1 = wOff + i1 * nOut;
                    int w2 = wOff + i2 * nOut;
                    int w3 = wOff + i3 * nOut;
                    for (int j = 0; j < nOut; j++) {
                        out[ob + j] += x0 * params[w0 + j] + x1 * params[w1 + j] + x2 * params[w2 + j]
                                + x3 * params[w3 + j];
                    }
                }
                for (; k < nz; k++) {
                    int i = nonZero[k];
                    double xi = in[ib + i];
                    int w = wOff + i * nOut;
                    for (int j = 0; j < nOut; j++) {
                        out[ob + j] += xi * params[w + j];
                    }
                }
                if (l < layers - 1) {
                    hidden.apply(out, ob, nOut);
                }
            }
            in = out;
        }
        return pass.output(layers - 1);
    }

    /** One row: {@code forward(x, 1)}. */
    public double[] forward(double[] x) {
        return forward(x, 1);
    }

    /**
     * Back-propagates {@code dOutput} (the loss gradient with respect to the outputs of the last
     * {@link #forward}, {@code batch × outputSize}) and adds the parameter gradients to
     * {@link #gradients()}. Call {@link #zeroGradients()} first to start a new sum.
     */
    @Override
    public void backward(double[] dOutput, int batch) {
        pass.checkBackward(batch);
        int layers = pass.layers();
        double[] delta = dOutput;
        for (int l = layers - 1; l >= 0; l--) {
            int nIn = sizes[l];
            int nOut = sizes[l + 1];
            int wOff = weightOffset[l];
            int bOff = biasOffset[l];
            double[] in = l == 0 ? pass.input() : pass.output(l - 1);
            for (int b = 0; b < batch; b++) {
                int db = b * nOut;
                for (int j = 0; j < nOut; j++) {
                    grads[bOff + j] += delta[db + j];
                }
            }
            // dW[i][j] += Σ_b in[b][i] · delta[b][j], four samples at a time so that each gradient
            // value is loaded and stored once per four samples.
            int b = 0;
            for (; b + 3 < batch; b += 4) {
                int i0 = b * nIn;
                int d0 = b * nOut;
                int d1 = d0 + nOut;
                int d2 = d1 + nOut;
                int d3 = d2 + nOut;
                for (int i = 0; i < nIn; i++) {
                    double x0 = in[i0 + i];
                    double x1 = in[i0 + nIn + i];
                    double x2 = in[i0 + 2 * nIn + i];
                    double x3 = in[i0 + 3 * nIn + i];
                    if (x0 == 0 && x1 == 0 && x2 == 0 && x3 == 0) {
                        continue;
                    }
                    int w = wOff + i * nOut;
                    for (int j = 0; j < nOut; j++) {
                        grads[w + j] += x0 * delta[d0 + j] + x1 * delta[d1 + j] + x2 * delta[d2 + j]
                                + x3 * delta[d3 + j];
                    }
                }
            }
            for (; b < batch; b++) {
                int db = b * nOut;
                int ib = b * nIn;
                for (int i = 0; i < nIn; i++) {
                    double xi = in[ib + i];
                    if (xi == 0) {
                        continue;
                    }
                    int w = wOff + i * nOut;
                    for (int j = 0; j < nOut; j++) {
                        grads[w + j] += xi * delta[db + j];
                    }
                }
            }
            if (l == 0) {
                break;
            }
            double[] dIn = pass.delta(l - 1);
            for (b = 0; b < batch; b++) {
                int db = b * nOut;
                int ib = b * nIn;
                for (int i = 0; i < nIn; i++) {
                    if (in[ib + i] == 0 && hidden == Activation.RELU) {
                        dIn[ib + i] = 0; // the ReLU derivative is 0 there anyway
                        continue;
                    }
                    int w = wOff + i * nOut;
                    double s = 0;
                    for (int j = 0; j < nOut; j++) {
                        s += params[w + j] * delta[db + j];
                    }
                    dIn[ib + i] = s;
                }
                hidden.backprop(dIn, in, ib, nIn);
            }
            delta = dIn;
        }
    }

    /** Shape as text, e.g. {@code 28-200-13 relu}. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < sizes.length; i++) {
            sb.append(i == 0 ? "" : "-").append(sizes[i]);
        }
        return sb.append(' ').append(hidden.label()).toString();
    }
}
