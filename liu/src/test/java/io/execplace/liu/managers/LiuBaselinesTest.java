package io.execplace.liu.managers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.execplace.liu.model.ArrivalPattern;
import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.model.LiuApp;
import io.execplace.liu.model.LiuWorkloadGenerator;
import io.execplace.liu.model.LiuWorkloadSpec;
import io.execplace.liu.sim.LiuEpisode;
import io.execplace.liu.sim.LiuRunner;
import io.execplace.liu.sim.LiuSimulation;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The baselines on a timeline worked out by hand (see the comments): two clusters of 10 and 20
 * executors; A0 regular (8 executors × 5 slices) and A1 time-critical (4 × 3, deadline 4) arrive at
 * 0; A2 streaming arrives at 2 with two batches of 10 and 6 executors × 2 slices, period 3,
 * deadline 2 per batch.
 */
class LiuBaselinesTest {

    private static final ExecutorClusters TWO = new ExecutorClusters("two", new int[] {10, 20});
    private static final double[] BINS = {0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0.5};

    private static List<LiuApp> timeline() {
        return List.of(LiuApp.regular(0, 0, 8, 5), LiuApp.timeCritical(1, 0, 4, 3, 4),
                LiuApp.streaming(2, 2, 10, 2, 2, 3, BINS, new int[] {10, 6}));
    }

    private static LiuEpisode run(String baseline) {
        return LiuRunner.run(new LiuSimulation(TWO), LiuBaselines.of(baseline), timeline(), 1);
    }

    @Test
    void smallestFirstByAvailableExecutors() {
        // t0: pool {A0 8, A1 4}: A1 (smallest); no history, so current free 10 vs 20 → cluster 1; runs 0..3.
        // t1: A0; mean used over slice 0: c0 0, c1 4 → free 10 vs 16 → cluster 1; runs 1..6.
        // t2: A2; mean used c1 (4 + 12) / 2 = 8 → free 12 > 10 → cluster 1; only 8 free ≥ half of 10:
        //     batch 0 gets 8, stretches to ceil(2·10/8) = 3 slices, ends 5: 5 − 2 = 3 > 2, a miss.
        // t5: batch 1 (6) released, 12 free, runs 5..7 on time. A2's delay result (3/2 + 2/2) / 2 = 1.25.
        LiuEpisode e = run("sf-e");
        assertThat(e.app(0).cluster()).isEqualTo(1);
        assertThat(e.app(1).cluster()).isEqualTo(1);
        assertThat(e.app(2).cluster()).isEqualTo(1);
        assertThat(e.app(1).dispatched()).isZero();
        assertThat(e.app(0).dispatched()).isEqualTo(1);
        assertThat(e.app(0).end()).isEqualTo(6);
        assertThat(e.app(1).end()).isEqualTo(3);
        assertThat(e.app(2).end()).isEqualTo(7);
        assertThat(e.app(2).missed()).isEqualTo(1);
        assertThat(e.app(2).delayResult()).isCloseTo(1.25, within(1e-12));
        assertThat(e.totalMissed()).isEqualTo(1);
        assertThat(e.missedBetween(4, 5)).isEqualTo(1);
        assertThat(e.missedBetween(5, 7)).isZero();
        assertThat(e.ajdr()).isCloseTo(25.0 / 3, within(1e-12));
        assertThat(e.length()).isEqualTo(7);
    }

    @Test
    void smallestFirstByUtilisation() {
        // t0: A1; both 0 % → tie → cluster 0; runs 0..3. t1: A0; c0 40 %, c1 0 % → cluster 1; 1..6.
        // t2: A2; c0 40 %, c1 (0 + 8) / 2 / 20 = 20 % → cluster 1; 12 free: full 10, 2..4 on time.
        LiuEpisode e = run("sf-p");
        assertThat(new int[] {e.app(0).cluster(), e.app(1).cluster(), e.app(2).cluster()}).containsExactly(1, 0, 1);
        assertThat(e.totalMissed()).isZero();
        assertThat(e.ajdr()).isZero();
        assertThat(e.app(2).end()).isEqualTo(7);
    }

    @Test
    void largestFirstByAvailableExecutors() {
        // t0: A0 (largest) → cluster 1 (20 free); 0..5. t1: A1; free 10 vs 12 → cluster 1; 1..4, on time (4 − 0 = 4).
        // t2: A2; mean used c1 (8 + 12) / 2 = 10 → free 10 vs 10 → tie → cluster 0: full 10, 2..4.
        LiuEpisode e = run("lf-e");
        assertThat(new int[] {e.app(0).cluster(), e.app(1).cluster(), e.app(2).cluster()}).containsExactly(1, 1, 0);
        assertThat(e.app(0).dispatched()).isZero();
        assertThat(e.app(1).end()).isEqualTo(4);
        assertThat(e.totalMissed()).isZero();
        assertThat(e.length()).isEqualTo(7);
    }

    @Test
    void largestFirstByUtilisation() {
        // t0: A0 → tie → cluster 0 (8 of 10); 0..5. t1: A1; c0 80 % → cluster 1; 1..4.
        // t2: A2; c0 80 %, c1 (0 + 4)/2/20 = 10 % → cluster 1, full 10, on time.
        LiuEpisode e = run("lf-p");
        assertThat(new int[] {e.app(0).cluster(), e.app(1).cluster(), e.app(2).cluster()}).containsExactly(0, 1, 1);
        assertThat(e.totalMissed()).isZero();
    }

    @Test
    void randomIsSeededAndEveryBaselineFinishesAPaperWorkload() {
        List<LiuApp> w = LiuWorkloadGenerator.generate(LiuWorkloadSpec.standard(ArrivalPattern.bernoulliPattern())
                .withApps(200), 5);
        LiuSimulation sim = new LiuSimulation(ExecutorClusters.liu());
        LiuEpisode r1 = LiuRunner.run(sim, LiuBaselines.of("random"), w, 11);
        LiuEpisode r2 = LiuRunner.run(sim, LiuBaselines.of("random"), w, 11);
        assertThat(r2.totalMissed()).isEqualTo(r1.totalMissed());
        assertThat(r2.ajdr()).isEqualTo(r1.ajdr());
        for (String name : LiuBaselines.NAMES) {
            LiuEpisode e = LiuRunner.run(sim, LiuBaselines.of(name), w, 3);
            assertThat(e.apps()).isEqualTo(200);
            for (int i = 0; i < e.apps(); i++) {
                assertThat(e.app(i).end()).isGreaterThan(e.app(i).dispatched());
                // min share 0.5 caps the stretch at 2 unless a run wants more than the whole cluster
                double cap = 2 * Math.max(1, w.get(i).demand() * 1.5 / 500);
                assertThat(e.app(i).delayResult()).isBetween(1.0, cap + 1e-9);
            }
        }
        assertThatThrownBy(() -> LiuBaselines.of("best")).hasMessageContaining("random, sf-p, lf-p, sf-e or lf-e");
    }

    @Test
    void theStateLeavesRoomToBeatSfe() {
        // SF-E with the executors free *now* (the state's latest occupation slice) instead of the
        // 100-slice average: far fewer misses and stretches — the headroom a learned manager can find
        // (docs/liu.md, "Headroom").
        io.execplace.liu.sim.LiuManager freeNow = LiuReferenceManagers.of("sf-now");
        io.execplace.liu.sim.LiuManager outlook = LiuReferenceManagers.of("outlook");
        LiuSimulation sim = new LiuSimulation(ExecutorClusters.liu());
        for (long seed = 1000; seed < 1003; seed++) {
            List<LiuApp> w = LiuWorkloadGenerator.generate(LiuWorkloadSpec.standard(ArrivalPattern.uniformPattern()), seed);
            LiuEpisode sfe = LiuRunner.run(sim, LiuBaselines.of("sf-e"), w, 0);
            LiuEpisode now = LiuRunner.run(sim, freeNow, w, 0);
            assertThat(sfe.totalMissed()).isGreaterThan(100);
            assertThat(now.totalMissed()).isLessThan(sfe.totalMissed() * 3 / 5);
            assertThat(now.ajdr()).isLessThan(sfe.ajdr() / 2);
            // Seeing the queues and the batch schedule (more than Table I) gains far more.
            LiuEpisode ahead = LiuRunner.run(sim, outlook, w, 0);
            assertThat(ahead.totalMissed()).isLessThan(sfe.totalMissed() / 4);
            assertThat(ahead.ajdr()).isLessThan(sfe.ajdr() / 2);
        }
    }

    @Test
    void referenceManagersByName() {
        assertThat(LiuReferenceManagers.NAMES).containsExactly("sf-now", "outlook");
        assertThat(LiuReferenceManagers.of("outlook").name()).isEqualTo("outlook");
        assertThatThrownBy(() -> LiuReferenceManagers.of("oracle")).hasMessageContaining("oracle");
        // sf-now on the hand-worked timeline: at t0 nothing is recorded, the same as SF-E.
        LiuEpisode now = LiuRunner.run(new LiuSimulation(TWO), LiuReferenceManagers.of("sf-now"), timeline(), 1);
        assertThat(now.app(1).cluster()).isEqualTo(1);
    }
}
