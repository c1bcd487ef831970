package io.execplace.liu.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LiuScoresTest {

    @Test
    void evalIsEquationNine() {
        assertThat(LiuScores.eval(189.34, 5.78)).isCloseTo(1 / (3.7868 + 5.78), within(1e-12));
        assertThat(LiuScores.eval(0, 0)).isInfinite();
    }

    @Test
    void fourHandMadeEpisodes() {
        // ep0: better in both; ep1: fewer misses (100→60, −40 %) but more delay (5→6, +20 %);
        // ep2: fewer misses (100→99, −1 %) but much more delay (5→10, +100 %); ep3: worse in both.
        double[] tmdl = {10, 60, 99, 50};
        double[] ajdr = {2, 6, 10, 9};
        double[] baseTmdl = {20, 100, 100, 40};
        double[] baseAjdr = {3, 5, 5, 8};
        LiuScores s = LiuScores.of(tmdl, ajdr, baseTmdl, baseAjdr);
        assertThat(s.a()).isEqualTo(25);                 // only ep0
        assertThat(s.b()).isEqualTo(100 * (1 + 0.5 + 0.5) / 4); // ep0 + halves for ep1, ep2
        // Eval: ep1 1/(1.2+6)=0.139 vs 1/(2+5)=0.143 → loses; ep2 loses; so only ep0.
        assertThat(s.c()).isEqualTo(25);
        // D: ep1 −0.4 + 0.2 < 0 wins; ep2 −0.01 + 1 > 0 loses.
        assertThat(s.d()).isEqualTo(50);
    }

    @Test
    void tiesAndZeroBaselines() {
        LiuScores s = LiuScores.of(new double[] {0, 5}, new double[] {1, 1}, new double[] {0, 5}, new double[] {2, 1});
        // ep0: equal misses (0 = 0), less delay: half in B, Eval higher, D change 0 + (−0.5) < 0.
        // ep1: exactly equal: nothing anywhere.
        assertThat(s).isEqualTo(new LiuScores(0, 25, 50, 50));
        assertThatThrownBy(() -> LiuScores.of(new double[] {1}, new double[] {1}, new double[0], new double[0]))
                .hasMessageContaining("same");
    }
}
