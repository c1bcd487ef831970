package io.execplace.liu.agent;

import io.execplace.rl.nn.Activation;
import io.execplace.rl.nn.Mlp;

/**
 * Scores every waiting (application, cluster) pair in one batched pass of the value network,
 * exploiting the state's shape: the cluster part of the input (all but the last
 * {@code appWidth} values) is the same for every waiting application, so its product with the
 * first layer is computed once per decision, and each later layer streams its weights once for all
 * rows instead of once per row. Runs on a {@code float} copy of the parameters (half the memory
 * traffic; refresh it with {@link #refresh()} after every update). Equal to {@link Mlp#forward} up
 * to float rounding. ReLU hidden layers only. Not thread-safe.
 */
public final class PairScorer {

    private final Mlp net;
    private final int[] sizes;
    private final int appOffset;
    private final float[] w;
    private final int[] weightOffset;
    private final int[] biasOffset;
    private final float[] base;
    private float[][] act = new float[0][];

    /**
     * @param net       the value network (ReLU hidden layers)
     * @param appOffset index of the first per-application input
     */
    public PairScorer(Mlp net, int appOffset) {
        if (net.hiddenActivation() != Activation.RELU || net.sizes().length < 3) {
            throw new IllegalArgumentException("the pair scorer needs a network with ReLU hidden layers");
        }
        this.net = net;
        this.sizes = net.sizes();
        this.appOffset = appOffset;
        this.w = new float[net.parameterCount()];
        int layers = sizes.length - 1;
        weightOffset = new int[layers];
        biasOffset = new int[layers];
        for (int l = 0; l < layers; l++) { // the network's parameter layout, read once
            weightOffset[l] = net.weightOffset(l);
            biasOffset[l] = net.biasOffset(l);
        }
        base = new float[sizes[1]];
        refresh();
    }

    /** Copies the network's current parameters. */
    public void refresh() {
        double[] p = net.parameters();
        for (int i = 0; i < p.length; i++) {
            w[i] = (float) p[i];
        }
    }

    /**
     * Values of {@code n} rows that share the cluster part.
     *
     * @param x row-major inputs, {@code n × inputSize}; only row 0's cluster part is read
     * @param n rows
     * @param q receives {@code n × outputs} values
     */
    public void score(double[] x, int n, double[] q) {
        int in = sizes[0];
        int h = sizes[1];
        if (act.length < sizes.length || act[1].length < n * h) {
            act = new float[sizes.length][];
            for (int l = 1; l < sizes.length; l++) {
                act[l] = new float[Math.max(n, 8) * sizes[l]];
            }
        }
        // Layer 1, shared part: base = b1 + Σ_{i < appOffset} x[i]·W1[i].
        System.arraycopy(w, biasOffset[0], base, 0, h);
        for (int i = 0; i < appOffset; i++) {
            float xi = (float) x[i];
            if (xi != 0) {
                axpy(xi, w, weightOffset[0] + i * h, base, 0, h);
            }
        }
        float[] a1 = act[1];
        for (int r = 0; r < n; r++) {
            System.arraycopy(base, 0, a1, r * h, h);
            for (int i = appOffset; i < in; i++) {
                float xi = (float) x[r * in + i];
                if (xi != 0) {
                    axpy(xi, w, weightOffset[0] + i * h, a1, r * h, h);
                }
            }
            relu(a1, r * h, h);
        }
        // Later layers: each weight row is read once and applied to every row.
        int layers = sizes.length - 1;
        for (int l = 1; l < layers; l++) {
            int nIn = sizes[l];
            int nOut = sizes[l + 1];
            float[] src = act[l];
            float[] dst = act[l + 1];
            for (int r = 0; r < n; r++) {
                System.arraycopy(w, biasOffset[l], dst, r * nOut, nOut);
            }
            for (int i = 0; i < nIn; i++) {
                int wo = weightOffset[l] + i * nOut;
                for (int r = 0; r < n; r++) {
                    float v = src[r * nIn + i];
                    if (v != 0) {
                        axpy(v, w, wo, dst, r * nOut, nOut);
                    }
                }
            }
            if (l < layers - 1) {
                for (int r = 0; r < n; r++) {
                    relu(dst, r * nOut, nOut);
                }
            }
        }
        float[] out = act[layers];
        int c = sizes[layers];
        for (int k = 0; k < n * c; k++) {
            q[k] = out[k];
        }
    }

    private static void axpy(float a, float[] x, int xo, float[] y, int yo, int len) {
        for (int j = 0; j < len; j++) {
            y[yo + j] += a * x[xo + j];
        }
    }

    private static void relu(float[] v, int off, int len) {
        for (int j = off; j < off + len; j++) {
            if (v[j] < 0) {
                v[j] = 0;
            }
        }
    }
}
