package io.execplace.rl.env;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Random allowed actions drawn in Java: never a masked-out action, uniform among the allowed, deterministic. */
class AllowedActionSamplerTest {

    private static BatchedEnvs batch(int n, int threads) {
        return new BatchedEnvs(BatchedEnvsThreadsTest.envs(n).stream().map(TpdsEnv::wrapped).toList(), threads);
    }

    /** The actions {@code steps} sampled steps take, environment by environment, from reset(0). */
    private static List<Long> sampledRun(BatchedEnvs b, int steps) {
        b.reset(0);
        ByteBuffer drawn = b.sampleAllowed();
        List<Long> taken = new ArrayList<>();
        for (int s = 0; s < steps; s++) {
            long[] before = new long[b.count()];
            for (int i = 0; i < b.count(); i++) {
                before[i] = drawn.getLong(8 * i);
            }
            b.stepSampled();
            for (int i = 0; i < b.count(); i++) {
                assertThat(b.actions().getLong(8 * i)).as("the action taken is the one drawn").isEqualTo(before[i]);
                taken.add(before[i]);
            }
        }
        return taken;
    }

    @Test
    void drawsOnlyAllowedActionsUniformlyAmongThem() {
        try (BatchedEnvs b = batch(16, 1)) {
            b.reset(0);
            ByteBuffer drawn = b.sampleAllowed();
            int actions = b.actionCount();
            // counts.get(k)[r]: how often the r-th allowed action was drawn when k actions were allowed
            Map<Integer, long[]> counts = new HashMap<>();
            int ended = 0;
            for (int step = 0; step < 4000; step++) {
                for (int i = 0; i < b.count(); i++) {
                    long a = drawn.getLong(8 * i);
                    assertThat(a).isBetween(0L, actions - 1L);
                    assertThat(b.masks().get(i * actions + (int) a)).as("environment %d, step %d", i, step).isEqualTo((byte) 1);
                    int allowed = 0;
                    int rank = -1;
                    for (int x = 0; x < actions; x++) {
                        if (x == a) {
                            rank = allowed;
                        }
                        allowed += b.masks().get(i * actions + x);
                    }
                    counts.computeIfAbsent(allowed, k -> new long[k])[rank]++;
                }
                ended += b.stepSampled();
            }
            assertThat(ended).isPositive(); // episodes ended and restarted: their draws are covered too
            // Pearson's chi-square over every mask size with at least 20 draws per allowed action.
            double chiSquare = 0;
            int freedom = 0;
            for (Map.Entry<Integer, long[]> e : counts.entrySet()) {
                int k = e.getKey();
                long total = 0;
                for (long c : e.getValue()) {
                    total += c;
                }
                if (k < 2 || total < 20L * k) {
                    continue;
                }
                double expected = (double) total / k;
                for (long c : e.getValue()) {
                    chiSquare += (c - expected) * (c - expected) / expected;
                }
                freedom += k - 1;
            }
            assertThat(freedom).as("mask sizes with enough draws").isGreaterThanOrEqualTo(3);
            // The chi-square quantile at p = 0.9999 (Wilson–Hilferty): a biased draw exceeds it.
            double z = 3.719;
            double h = 2.0 / (9 * freedom);
            double critical = freedom * Math.pow(1 - h + z * Math.sqrt(h), 3);
            assertThat(chiSquare).as("chi-square with %d degrees of freedom", freedom).isLessThan(critical);
        }
    }

    @Test
    void sameSeedsGiveTheSameActionsOnOneOrTwoThreads() {
        try (BatchedEnvs one = batch(8, 1); BatchedEnvs again = batch(8, 1); BatchedEnvs two = batch(8, 2)) {
            List<Long> first = sampledRun(one, 600);
            assertThat(sampledRun(again, 600)).isEqualTo(first);
            assertThat(sampledRun(two, 600)).isEqualTo(first);
            assertThat(sampledRun(one, 600)).as("a reset reseeds: the same episodes draw the same actions").isEqualTo(first);
            assertThat(first.stream().distinct().count()).isGreaterThan(2);
        }
    }

    @Test
    void steppingWithDrawnActionsBeforeTurningThemOnIsRefused() {
        try (BatchedEnvs b = batch(2, 1)) {
            b.reset(0);
            assertThatThrownBy(b::stepSampled).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("sampleAllowed");
        }
    }

    @Test
    void drawsWhatTheJdksSplittableRandomDraws() {
        SplittableRandom seeds = new SplittableRandom(3);
        int draws = 0;
        for (int trial = 0; trial < 200; trial++) {
            long seed = trial < 4 ? new long[]{0, -1, Long.MIN_VALUE, Long.MAX_VALUE}[trial] : seeds.nextLong();
            SplittableRandom jdk = new SplittableRandom(seed);
            long[] state = {12345, seed, 678};
            for (int k = 0; k < 300; k++) {
                // Bounds of masks, powers of two among them, and large ones whose rejection loop runs.
                int bound = k % 3 == 0 ? 1 + k % 14 : k % 3 == 1 ? 1 << (k % 31) : (1 << 30) + 1 + k;
                assertThat(AllowedActionSampler.nextInt(state, 1, bound)).as("seed %d, draw %d, bound %d", seed, k, bound)
                        .isEqualTo(jdk.nextInt(bound));
                draws++;
            }
            assertThat(state[0]).isEqualTo(12345);
            assertThat(state[2]).as("only the environment's own state moves").isEqualTo(678);
        }
        assertThat(draws).isEqualTo(60_000);
    }
}
