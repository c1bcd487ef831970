package io.execplace.rl.nn;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Analytic gradients against central finite differences. */
class GradientCheckTest {

    private static final double H = 1e-6;

    /** A loss that is not linear in the outputs: Σ c·y + ½ Σ y². */
    private static double loss(Mlp net, double[] x, int batch, double[] c) {
        double[] y = net.forward(x, batch);
        double l = 0;
        for (int k = 0; k < batch * net.outputSize(); k++) {
            l += c[k] * y[k] + 0.5 * y[k] * y[k];
        }
        return l;
    }

    @ParameterizedTest
    @EnumSource(Activation.class)
    void networkGradientsMatchFiniteDifferences(Activation activation) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(42L);
        Mlp net = Mlp.create(new int[]{5, 7, 6, 3}, activation, rng);
        // Larger output weights than the default init, so every layer's gradient is well away from 0.
        double[] p = net.parameters();
        for (int i = 0; i < p.length; i++) {
            p[i] += 0.3 * (2 * rng.nextDouble() - 1);
        }
        int batch = 6; // one block of four samples plus a remainder of two
        double[] x = new double[batch * 5];
        double[] c = new double[batch * 3];
        for (int i = 0; i < x.length; i++) {
            x[i] = 2 * rng.nextDouble() - 1;
        }
        for (int i = 0; i < c.length; i++) {
            c[i] = 2 * rng.nextDouble() - 1;
        }
        double[] y = net.forward(x, batch);
        double[] dy = new double[c.length];
        for (int k = 0; k < c.length; k++) {
            dy[k] = c[k] + y[k];
        }
        net.zeroGradients();
        net.backward(dy, batch);
        double[] analytic = net.gradients().clone();

        for (int i = 0; i < p.length; i++) {
            double keep = p[i];
            p[i] = keep + H;
            double up = loss(net, x, batch, c);
            p[i] = keep - H;
            double down = loss(net, x, batch, c);
            p[i] = keep;
            double numeric = (up - down) / (2 * H);
            assertThat(analytic[i]).as("parameter %d", i)
                    .isCloseTo(numeric, within(1e-6 * Math.max(1, Math.abs(numeric))));
        }
    }

    @Test
    void gradientsAccumulateOverCallsUntilZeroed() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(1L);
        Mlp net = Mlp.create(new int[]{3, 4, 2}, Activation.TANH, rng);
        double[] x = {0.1, -0.2, 0.3};
        double[] dy = {1, -1};
        net.forward(x, 1);
        net.zeroGradients();
        net.backward(dy, 1);
        double[] once = net.gradients().clone();
        net.forward(x, 1);
        net.backward(dy, 1);
        for (int i = 0; i < once.length; i++) {
            assertThat(net.gradients()[i]).isEqualTo(2 * once[i]);
        }
    }

    @ParameterizedTest
    @EnumSource(Loss.class)
    void lossGradientsMatchFiniteDifferences(Loss loss) {
        for (double p : new double[]{-3, -0.7, 0.2, 0.9, 2.5}) {
            double target = 0.4;
            double numeric = (loss.value(p + H, target) - loss.value(p - H, target)) / (2 * H);
            assertThat(loss.gradient(p, target)).isCloseTo(numeric, within(1e-6));
        }
    }

    @Test
    void maskedLogSoftmaxGradientIsOneHotMinusProbabilities() {
        double[] logits = {0.3, -1.2, 2.0, 0.5};
        boolean[] mask = {true, false, true, true};
        int action = 3;
        double[] p = new double[4];
        Softmax.probabilities(logits, 0, 4, mask, p, 0);
        assertThat(p[1]).isZero();
        assertThat(p[0] + p[2] + p[3]).isCloseTo(1, within(1e-12));
        for (int a = 0; a < 4; a++) {
            if (!mask[a]) {
                continue;
            }
            double keep = logits[a];
            logits[a] = keep + H;
            double up = Softmax.logProbability(logits, 0, 4, mask, action);
            logits[a] = keep - H;
            double down = Softmax.logProbability(logits, 0, 4, mask, action);
            logits[a] = keep;
            double numeric = (up - down) / (2 * H);
            double analytic = (a == action ? 1 : 0) - p[a];
            assertThat(analytic).isCloseTo(numeric, within(1e-8));
        }
    }
}
