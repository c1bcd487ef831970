package io.execplace.rl.pairs;

import io.execplace.rl.agent.Rngs;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The pair network's gradients agree with finite differences, and its weights do not depend on the slots. */
class PairNetworkTest {

    /** Two rows of three slots; the second row's last slot is unused. */
    private static double[] observations(UniformRandomProvider rng) {
        int size = PairObservation.size(3);
        double[] x = new double[2 * size];
        for (int r = 0; r < 2; r++) {
            for (int i = 0; i < size; i++) {
                x[r * size + i] = rng.nextDouble();
            }
            for (int s = 0; s < 3; s++) {
                x[r * size + PairObservation.CONTEXT_SIZE + s * PairObservation.VM_SIZE] = r == 1 && s == 2 ? 0 : 1;
            }
        }
        int unused = size + PairObservation.CONTEXT_SIZE + 2 * PairObservation.VM_SIZE;
        for (int k = 0; k < PairObservation.VM_SIZE; k++) {
            x[unused + k] = 0;
        }
        return x;
    }

    private static double loss(PairNetwork net, double[] x, double[] w) {
        double[] out = net.forward(x, 2);
        double l = 0;
        for (int i = 0; i < w.length; i++) {
            l += w[i] * out[i];
        }
        return l;
    }

    @Test
    void gradientsMatchFiniteDifferences() {
        for (boolean policy : new boolean[]{true, false}) {
            UniformRandomProvider rng = Rngs.create(7);
            PairNetwork net = policy ? PairNetwork.policy(3, List.of(6, 5), rng) : PairNetwork.value(3, List.of(6, 5), rng);
            double[] x = observations(rng);
            double[] w = new double[2 * net.outputSize()];
            for (int i = 0; i < w.length; i++) {
                w[i] = rng.nextDouble() - 0.5;
            }
            net.forward(x, 2);
            net.zeroGradients();
            net.backward(w, 2);
            double[] g = net.gradients().clone();
            double[] p = net.parameters();
            for (int i = 0; i < p.length; i++) {
                double keep = p[i];
                p[i] = keep + 1e-6;
                double up = loss(net, x, w);
                p[i] = keep - 1e-6;
                double down = loss(net, x, w);
                p[i] = keep;
                assertThat(g[i]).as("parameter " + i + (policy ? " of the policy" : " of the value")).isCloseTo(
                        (up - down) / 2e-6, within(1e-6));
            }
        }
    }

    @Test
    void unusedSlotsScoreZeroAndTheWeightsFitAnyNumberOfSlots() {
        UniformRandomProvider rng = Rngs.create(3);
        PairNetwork net = PairNetwork.policy(3, List.of(4), rng);
        double[] x = observations(rng);
        double[] out = net.forward(x, 2).clone();
        assertThat(out[2 * 4 - 1]).isZero();
        // The same VM rows with one slot fewer (row 2 of the 3-slot batch) score the same.
        PairNetwork two = net.withSlots(2);
        int size3 = PairObservation.size(3);
        double[] row = java.util.Arrays.copyOfRange(x, size3, size3 + PairObservation.size(2));
        double[] out2 = two.forward(row, 1);
        for (int k = 0; k < 3; k++) {
            assertThat(out2[k]).isEqualTo(out[4 + k]);
        }
        assertThat(two.parameterCount()).isEqualTo(net.parameterCount());
    }
}
