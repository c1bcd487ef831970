package io.execplace.liu.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.execplace.liu.model.AppCategory;
import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.model.LiuApp;
import io.execplace.liu.sim.LiuEpisode;
import io.execplace.liu.sim.LiuRunner;
import io.execplace.liu.sim.LiuSimulation;
import io.execplace.liu.managers.LiuBaselines;
import java.util.List;
import org.junit.jupiter.api.Test;

class MonteCarloValuesTest {

    @Test
    void valuesOfAHandWorkedEpisode() {
        // The SF-E timeline of LiuBaselinesTest: A1 (time-critical) dispatched at 0, ends 3, on time;
        // A0 (regular) dispatched at 1, ends 6; A2 (streaming) dispatched at 2, ends 7, its first
        // batch misses at slice 5 and stretches 1.5×, so its delay result is 1.25.
        double[] bins = {0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0.5};
        List<LiuApp> apps = List.of(LiuApp.regular(0, 0, 8, 5), LiuApp.timeCritical(1, 0, 4, 3, 4),
                LiuApp.streaming(2, 2, 10, 2, 2, 3, bins, new int[] {10, 6}));
        LiuEpisode e = LiuRunner.run(new LiuSimulation(new ExecutorClusters("two", new int[] {10, 20})),
                LiuBaselines.of("sf-e"), apps, 0);
        // Eq. 1/2 with λ = 1, γ = 0.02, η = 0.1:
        // A1: no own miss, none in (0, 3]: −0.1 · 1
        assertThat(MonteCarloValues.value(e, 1, 1, 0.02, 0.1)).isCloseTo(-0.1, within(1e-12));
        // A0 (Eq. 2): the miss at 5 lies in (1, 6]: −0.02 · 1 − 0.1 · 1
        assertThat(MonteCarloValues.value(e, 0, 1, 0.02, 0.1)).isCloseTo(-0.12, within(1e-12));
        // A2: own miss 1, the same miss in (2, 7]: −1 − 0.02 − 0.1 · 1.25
        assertThat(MonteCarloValues.value(e, 2, 1, 0.02, 0.1)).isCloseTo(-1.145, within(1e-12));
    }

    @Test
    void windowIsAfterDispatchUntilTheEndInclusive() {
        LiuEpisode.AppOutcome regular = new LiuEpisode.AppOutcome(AppCategory.REGULAR, 0, 10, 20, 0, 1.5);
        LiuEpisode.AppOutcome critical = new LiuEpisode.AppOutcome(AppCategory.TIME_CRITICAL, 1, 12, 30, 2, 2.0);
        LiuEpisode e = new LiuEpisode(new LiuEpisode.AppOutcome[] {regular, critical}, new int[] {10, 11, 20, 21, 30, 31}, 40);
        // regular: misses at 11 and 20 are in (10, 20]; 10 is not (same slice as the dispatch).
        assertThat(MonteCarloValues.value(e, 0, 1, 0.02, 0.1)).isCloseTo(-0.04 - 0.15, within(1e-12));
        // critical: own 2 misses; window (12, 30] holds 20, 21, 30.
        assertThat(MonteCarloValues.value(e, 1, 1, 0.02, 0.1)).isCloseTo(-2 - 0.06 - 0.2, within(1e-12));
        // a regular application's own misses never count (Eq. 2), even with λ set
        assertThat(MonteCarloValues.value(e, 0, 100, 0, 0)).isZero();
    }
}
