package io.execplace.rl.standard;

import io.execplace.rl.env.StepResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** CartPole-v1's physics and termination against steps worked by hand. */
class CartPoleTest {

    @Test
    void oneStepFromRestMatchesTheEquationsWorkedByHand() {
        // From rest, pushing right (F = 10 N): temp = F / (m_c + m_p) = 100/11; the pole's angular
        // acceleration = (g·0 − 1·temp) / (l (4/3 − m_p/(m_c + m_p))) = −(100/11)/(0.5 · 41/33) = −600/41;
        // the cart's = temp − m_p l θ'' / (m_c + m_p) = 100/11 + 300/451 = 400/41. Euler over τ = 0.02 s:
        // positions keep their (zero) velocities, velocities gain τ × acceleration.
        CartPole env = new CartPole();
        env.resetTo(0, 0, 0, 0);
        StepResult r = env.step(1);
        assertThat(r.observation()).containsExactly(new double[]{0, 8.0 / 41, 0, -12.0 / 41}, within(1e-12));
        assertThat(r.reward()).isEqualTo(1.0);
        assertThat(r.done()).isFalse();
    }

    @Test
    void twoStepsFromAGivenStateMatchAHandComputation() {
        CartPole env = new CartPole();
        env.resetTo(0.01, -0.02, 0.03, 0.04);
        double[] s1 = env.step(0).observation().clone();
        // x' = x + τ ẋ, θ' = θ + τ θ̇ (Euler: positions move with the old velocities).
        assertThat(s1[0]).isCloseTo(0.01 + 0.02 * -0.02, within(1e-15));
        assertThat(s1[2]).isCloseTo(0.03 + 0.02 * 0.04, within(1e-15));
        assertThat(s1).containsExactly(new double[]{0.0096, -0.21553901710278936, 0.0308, 0.3419952237760392},
                within(1e-12));
        double[] s2 = env.step(1).observation();
        assertThat(s2).containsExactly(new double[]{0.005289219657944213, -0.020868498014729647,
                0.037639904475520784, 0.05918170675641765}, within(1e-12));
    }

    @Test
    void aLeaningPoleTerminatesAndALongBalanceIsTruncatedAt500() {
        CartPole env = new CartPole();
        env.resetTo(0, 0, 0.2, 1); // 11.5° and falling at 1 rad/s: the next step passes 12°
        StepResult r = env.step(1);
        assertThat(r.terminated()).isTrue();
        assertThat(r.truncated()).isFalse();
        assertThatThrownBy(() -> env.step(0)).isInstanceOf(IllegalStateException.class);

        env.resetTo(2.39, 1, 0, 0); // the cart leaves the track
        assertThat(env.step(1).terminated()).isTrue();

        // A hand-made controller (push towards the side the pole falls to, damped by the cart's
        // motion) balances for the whole episode: it is cut, not ended, at step 500.
        int steps = 0;
        StepResult last;
        double[] s = env.reset(7, 0);
        do {
            double u = s[2] + 0.5 * s[3] + 0.01 * s[0] + 0.1 * s[1];
            last = env.step(u > 0 ? 1 : 0);
            s = last.observation();
            steps++;
        } while (!last.done());
        assertThat(steps).isEqualTo(500);
        assertThat(last.truncated()).isTrue();
        assertThat(last.terminated()).isFalse();
        assertThat(env.outcome().episodeReward()).isEqualTo(500);
    }

    @Test
    void keepsTheEnvContractsBasics() {
        // (EnvChecker's outcome checks are about placements, so they do not apply to CartPole.)
        CartPole env = new CartPole();
        assertThatThrownBy(env::outcome).isInstanceOf(IllegalStateException.class);
        double[] a = env.reset(5, 3).clone();
        assertThat(env.reset(5, 3)).containsExactly(a);
        for (double v : a) {
            assertThat(v).isBetween(-0.05, 0.05);
        }
        assertThatThrownBy(() -> env.step(2)).isInstanceOf(IllegalArgumentException.class);
    }
}
