package io.execplace.rl.nn;

import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class AdamTest {

    @Test
    void firstStepMovesEachParameterByTheLearningRateAgainstTheGradientSign() {
        Adam adam = new Adam(2, 0.1, 0);
        double[] p = {1, -1};
        adam.step(p, new double[]{5, -0.01});
        // m̂ = g, v̂ = g², so the step is lr · g / |g| (up to ε).
        assertThat(p[0]).isCloseTo(0.9, within(1e-6));
        assertThat(p[1]).isCloseTo(-0.9, within(1e-4));
    }

    @Test
    void clippingLimitsTheGlobalNorm() {
        Adam clipped = new Adam(1, 0.1, 1);
        double[] p = {0};
        clipped.step(p, new double[]{100});
        assertThat(p[0]).isCloseTo(-0.1, within(1e-6)); // Adam's first step ignores the magnitude anyway
        assertThat(clipped.steps()).isEqualTo(1);
    }

    @Test
    void trainsANetworkToFitASmoothFunction() {
        var rng = RandomSource.XO_RO_SHI_RO_128_PP.create(7L);
        Mlp net = Mlp.create(new int[]{1, 16, 1}, Activation.TANH, rng);
        Adam adam = new Adam(net.parameterCount(), 0.01, 0);
        int n = 32;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = -1 + 2.0 * i / (n - 1);
            y[i] = Math.sin(3 * x[i]);
        }
        double[] dy = new double[n];
        double mse = 0;
        for (int epoch = 0; epoch < 2000; epoch++) {
            double[] out = net.forward(x, n);
            mse = 0;
            for (int i = 0; i < n; i++) {
                mse += Loss.MSE.value(out[i], y[i]) / n;
                dy[i] = Loss.MSE.gradient(out[i], y[i]) / n;
            }
            net.zeroGradients();
            net.backward(dy, n);
            adam.step(net.parameters(), net.gradients());
        }
        assertThat(mse).isLessThan(0.01);
    }
}
