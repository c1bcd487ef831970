package io.execplace.kubernetes.replay;

import io.execplace.core.model.Interruptions;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** The testbed's spot takings are the simulator's hazard draws, mapped to real time by K. */
class HazardDrawsTest {

    private static final Instant T0 = Instant.parse("2026-11-27T12:00:00Z");

    @Test
    void eachNodeGetsTheSimulatorsNextLifetimeScaledByK() {
        Interruptions model = new Interruptions(0.25, 120);
        HazardDraws draws = new HazardDraws(model, 60, 7);
        SplittableRandom same = new SplittableRandom(7);
        for (int node = 0; node < 20; node++) {
            Instant launched = T0.plusSeconds(node * 10L);
            HazardDraws.Taking t = draws.next(launched);
            double lifetime = model.sampleLifetime(same);
            assertThat(Duration.between(launched, t.goneAt()).toNanos() / 1e9).isCloseTo(lifetime / 60, org.assertj.core.data.Offset.offset(1e-6));
            // the notice comes 120 workload seconds (2 real seconds at K = 60) before the node goes
            assertThat(Duration.between(t.noticeAt(), t.goneAt())).isEqualTo(Duration.ofSeconds(2));
        }
    }

    @Test
    void theSameSeedGivesTheSameTakingsAndNoRateNone() {
        Interruptions model = new Interruptions(0.999, 600);
        HazardDraws a = new HazardDraws(model, 10, 3);
        HazardDraws b = new HazardDraws(model, 10, 3);
        HazardDraws c = new HazardDraws(model, 10, 4);
        HazardDraws.Taking first = a.next(T0);
        assertThat(b.next(T0)).isEqualTo(first);
        assertThat(c.next(T0)).isNotEqualTo(first);
        HazardDraws.Taking never = new HazardDraws(Interruptions.NONE, 60, 1).next(T0);
        assertThat(never.noticeAt()).isNull();
        assertThat(never.goneAt()).isNull();
    }
}
