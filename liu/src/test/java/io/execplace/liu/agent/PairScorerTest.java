package io.execplace.liu.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.execplace.rl.nn.Activation;
import io.execplace.rl.nn.Gemm;
import io.execplace.rl.nn.GemmMlp;
import io.execplace.rl.nn.Mlp;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

class PairScorerTest {

    @Test
    void batchedPairScoresEqualTheNetworksForwardPass() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(4L);
        Mlp net = Mlp.create(new int[] {40, 30, 20, 3}, Activation.RELU, rng);
        int n = 5;
        int appOffset = 33;
        double[] x = new double[n * 40];
        for (int r = 0; r < n; r++) {
            for (int i = 0; i < 40; i++) {
                // the cluster part (i < 33) is shared, with some zeros as idle history has
                x[r * 40 + i] = i < appOffset ? (i % 4 == 0 ? 0 : Math.sin(i)) : rng.nextDouble();
            }
        }
        double[] q = new double[n * 3];
        new PairScorer(net, appOffset).score(x, n, q);
        double[] expected = net.forward(x, n);
        for (int k = 0; k < n * 3; k++) {
            assertThat(q[k]).isCloseTo(expected[k], within(1e-5));
        }
    }

    @Test
    void blasBatchPassesEqualTheOwnLoops() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(5L);
        Mlp a = Mlp.create(new int[] {12, 9, 7, 2}, Activation.RELU, rng);
        Mlp b = a.copy();
        GemmMlp g = new GemmMlp(b, Gemm.blas());
        int n = 6;
        double[] x = new double[n * 12];
        double[] d = new double[n * 2];
        for (int i = 0; i < x.length; i++) {
            x[i] = rng.nextDouble() - 0.3;
        }
        for (int i = 0; i < d.length; i++) {
            d[i] = rng.nextDouble() - 0.5;
        }
        double[] ya = a.forward(x, n).clone();
        double[] yb = g.forward(x, n);
        for (int k = 0; k < ya.length; k++) {
            assertThat(yb[k]).isCloseTo(ya[k], within(1e-12));
        }
        a.zeroGradients();
        b.zeroGradients();
        a.backward(d, n);
        g.backward(d, n);
        for (int p = 0; p < a.parameterCount(); p++) {
            assertThat(b.gradients()[p]).isCloseTo(a.gradients()[p], within(1e-12));
        }
    }
}
