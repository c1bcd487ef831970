package io.execplace.kubernetes.replay;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application finishes when its last pod ends, unless its driver was lost: on the testbed Karpenter's
 * under-used consolidation evicted drivers, the garbage collector then deleted their executors, and every
 * pod had "ended" (docs/testbed.md, "Three pairs with Karpenter's default").
 */
class FinishedAtTest {

    private static final Instant T0 = Instant.parse("2026-11-28T12:00:00Z");

    private static PodTimes.Seen ended(int second, boolean evicted) {
        PodTimes.Seen s = new PodTimes.Seen();
        s.created = T0;
        s.bound = T0;
        s.ended = T0.plusSeconds(second);
        s.succeeded = !evicted;
        s.evicted = evicted;
        return s;
    }

    private static PodTimes.Seen running() {
        PodTimes.Seen s = new PodTimes.Seen();
        s.created = T0;
        s.bound = T0;
        return s;
    }

    @Test
    void finishesAtItsLastPodsEnd() {
        assertThat(Replay.finishedAt(List.of(ended(30, false), ended(25, false), ended(41, false))))
                .isEqualTo(T0.plusSeconds(41));
    }

    @Test
    void anExecutorLostAndStartedAgainStillFinishes() {
        // exec-1 evicted at 12 s, its replacement ran to 50 s
        assertThat(Replay.finishedAt(List.of(ended(45, false), ended(12, true), ended(30, false), ended(50, false))))
                .isEqualTo(T0.plusSeconds(50));
    }

    @Test
    void aLostDriverIsNoFinishThoughEveryPodEnded() {
        // the driver evicted at 20 s, its executors deleted with it by the garbage collector
        assertThat(Replay.finishedAt(List.of(ended(20, true), ended(20, true), ended(21, true)))).isNull();
        // and a driver lost after its executors had succeeded
        assertThat(Replay.finishedAt(List.of(ended(40, true), ended(30, false)))).isNull();
    }

    @Test
    void aPodStillRunningOrNeverSeenIsNoFinish() {
        assertThat(Replay.finishedAt(List.of(ended(30, false), running()))).isNull();
        assertThat(Replay.finishedAt(Arrays.asList(ended(30, false), null))).isNull();
        assertThat(Replay.finishedAt(List.of())).isNull();
    }
}
