package io.execplace.kubernetes.cluster;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Karpenter's batch window: closed at min(last joined + idle, opened + max). */
class BatchTimerTest {

    @Test
    void closesIdleSecondsAfterTheLastJoinOrMaxSecondsAfterItOpened() {
        BatchTimer timer = new BatchTimer(1, 10);
        assertThat(timer.isOpen()).isFalse();
        assertThat(timer.closesAt()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(timer.closedBy(100)).isFalse();

        timer.joined(2);
        timer.joined(2.5);
        assertThat(timer.closesAt()).isEqualTo(3.5);
        assertThat(timer.closedBy(3.4)).isFalse();
        assertThat(timer.closedBy(3.5)).isTrue();

        for (double t = 3; t <= 11.5; t += 0.5) { // members every 0.5 s: the max bounds it
            timer.joined(t);
        }
        assertThat(timer.closesAt()).isEqualTo(12);

        timer.reset();
        assertThat(timer.isOpen()).isFalse();
        timer.joined(20);
        assertThat(timer.closesAt()).isEqualTo(21);
    }

    @Test
    void aFreshTimerHasTheDurationsAndNoWindow() {
        BatchTimer timer = new BatchTimer(2, 5);
        timer.joined(0);
        BatchTimer fresh = timer.fresh();
        assertThat(fresh.isOpen()).isFalse();
        fresh.joined(10);
        assertThat(fresh.closesAt()).isEqualTo(12);
        assertThat(timer.closesAt()).isEqualTo(2);
        assertThat(new BatchTimer(0, 0).decidesAtOnce()).isTrue();
        assertThat(fresh.decidesAtOnce()).isFalse();
    }

    @Test
    void durationsOutOfOrderAreRefused() {
        assertThatThrownBy(() -> new BatchTimer(2, 1)).hasMessageContaining("0 <= idle <= max, got 2.0, 1.0");
        assertThatThrownBy(() -> new BatchTimer(-1, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BatchTimer(1, Double.POSITIVE_INFINITY)).isInstanceOf(IllegalArgumentException.class);
    }
}
