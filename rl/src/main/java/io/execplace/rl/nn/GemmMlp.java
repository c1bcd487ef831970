package io.execplace.rl.nn;

/**
 * Forward and backward passes of an {@link Mlp}'s parameters done as whole-batch matrix products
 * through a {@link Gemm} (e.g. native BLAS): each layer is {@code Y = X·W + b} with {@code W}
 * stored input-major exactly as {@link Mlp} keeps it, so both share parameters, gradients,
 * initialisation and files. The results equal {@link Mlp}'s up to the rounding of the summation
 * order. Not thread-safe.
 */
public final class GemmMlp {

    private final Mlp net;
    private final Gemm gemm;
    private final int[] sizes;
    private final int[] weightOffset;
    private final int[] biasOffset;
    private int capacity;
    private double[] input;
    private final double[][] outputs;
    private final double[][] deltas;

    public GemmMlp(Mlp net, Gemm gemm) {
        this.net = net;
        this.gemm = gemm;
        this.sizes = net.sizes();
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
        if (count != net.parameterCount()) {
            throw new IllegalStateException("parameter layout differs from Mlp's");
        }
        outputs = new double[layers][];
        deltas = new double[layers][];
    }

    public Mlp network() {
        return net;
    }

    public Gemm gemm() {
        return gemm;
    }

    private void ensureCapacity(int batch) {
        if (batch <= capacity) {
            return;
        }
        int c = Math.max(batch, 2 * capacity);
        for (int l = 0; l < outputs.length; l++) {
            outputs[l] = new double[c * sizes[l + 1]];
            deltas[l] = new double[c * sizes[l + 1]];
        }
        capacity = c;
    }

    /** As {@link Mlp#forward(double[], int)}. */
    public double[] forward(double[] x, int batch) {
        if (batch < 1 || x.length < batch * sizes[0]) {
            throw new IllegalArgumentException("input of length " + x.length + " does not hold " + batch + " rows of "
                    + sizes[0]);
        }
        ensureCapacity(batch);
        input = x;
        double[] params = net.parameters();
        double[] in = x;
        int layers = outputs.length;
        for (int l = 0; l < layers; l++) {
            int nIn = sizes[l];
            int nOut = sizes[l + 1];
            double[] out = outputs[l];
            for (int b = 0; b < batch; b++) {
                System.arraycopy(params, biasOffset[l], out, b * nOut, nOut);
            }
            gemm.mulAdd(false, false, batch, nOut, nIn, in, 0, params, weightOffset[l], out, 0);
            if (l < layers - 1) {
                net.hiddenActivation().apply(out, 0, batch * nOut);
            }
            in = out;
        }
        return outputs[layers - 1];
    }

    /** As {@link Mlp#backward(double[], int)}: adds the parameter gradients to {@link Mlp#gradients()}. */
    public void backward(double[] dOutput, int batch) {
        if (input == null || batch > capacity) {
            throw new IllegalStateException("backward needs a forward pass of the same batch first");
        }
        double[] params = net.parameters();
        double[] grads = net.gradients();
        int layers = outputs.length;
        double[] delta = dOutput;
        for (int l = layers - 1; l >= 0; l--) {
            int nIn = sizes[l];
            int nOut = sizes[l + 1];
            double[] in = l == 0 ? input : outputs[l - 1];
            for (int b = 0; b < batch; b++) {
                for (int j = 0; j < nOut; j++) {
                    grads[biasOffset[l] + j] += delta[b * nOut + j];
                }
            }
            // dW(nIn×nOut) += inᵀ(nIn×batch) · delta(batch×nOut)
            gemm.mulAdd(true, false, nIn, nOut, batch, in, 0, delta, 0, grads, weightOffset[l]);
            if (l == 0) {
                break;
            }
            // dIn(batch×nIn) = delta(batch×nOut) · Wᵀ(nOut×nIn)
            double[] dIn = deltas[l - 1];
            java.util.Arrays.fill(dIn, 0, batch * nIn, 0);
            gemm.mulAdd(false, true, batch, nIn, nOut, delta, 0, params, weightOffset[l], dIn, 0);
            net.hiddenActivation().backprop(dIn, in, 0, batch * nIn);
            delta = dIn;
        }
    }
}
