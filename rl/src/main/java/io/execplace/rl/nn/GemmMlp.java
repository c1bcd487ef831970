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
    private final PassBuffers pass;

    public GemmMlp(Mlp net, Gemm gemm) {
        this.net = net;
        this.gemm = gemm;
        this.sizes = net.sizes();
        this.pass = new PassBuffers(sizes);
    }

    public Mlp network() {
        return net;
    }

    public Gemm gemm() {
        return gemm;
    }

    /** As {@link Mlp#forward(double[], int)}. */
    public double[] forward(double[] x, int batch) {
        pass.begin(x, batch);
        double[] params = net.parameters();
        double[] in = x;
        int layers = pass.layers();
        for (int l = 0; l < layers; l++) {
            int nIn = sizes[l];
            int nOut = sizes[l + 1];
            double[] out = pass.output(l);
            for (int b = 0; b < batch; b++) {
                System.arraycopy(params, net.biasOffset(l), out, b * nOut, nOut);
            }
            gemm.mulAdd(false, false, batch, nOut, nIn, in, 0, params, net.weightOffset(l), out, 0);
            if (l < layers - 1) {
                net.hiddenActivation().apply(out, 0, batch * nOut);
            }
            in = out;
        }
        return pass.output(layers - 1);
    }

    /** As {@link Mlp#backward(double[], int)}: adds the parameter gradients to {@link Mlp#gradients()}. */
    public void backward(double[] dOutput, int batch) {
        pass.checkBackward(batch);
        double[] params = net.parameters();
        double[] grads = net.gradients();
        int layers = pass.layers();
        double[] delta = dOutput;
        for (int l = layers - 1; l >= 0; l--) {
            int nIn = sizes[l];
            int nOut = sizes[l + 1];
            double[] in = l == 0 ? pass.input() : pass.output(l - 1);
            for (int b = 0; b < batch; b++) {
                for (int j = 0; j < nOut; j++) {
                    grads[net.biasOffset(l) + j] += delta[b * nOut + j];
                }
            }
            // dW(nIn×nOut) += inᵀ(nIn×batch) · delta(batch×nOut)
            gemm.mulAdd(true, false, nIn, nOut, batch, in, 0, delta, 0, grads, net.weightOffset(l));
            if (l == 0) {
                break;
            }
            // dIn(batch×nIn) = delta(batch×nOut) · Wᵀ(nOut×nIn)
            double[] dIn = pass.delta(l - 1);
            java.util.Arrays.fill(dIn, 0, batch * nIn, 0);
            gemm.mulAdd(false, true, batch, nIn, nOut, delta, 0, params, net.weightOffset(l), dIn, 0);
            net.hiddenActivation().backprop(dIn, in, 0, batch * nIn);
            delta = dIn;
        }
    }
}
