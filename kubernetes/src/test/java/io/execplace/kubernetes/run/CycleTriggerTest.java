package io.execplace.kubernetes.run;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CycleTriggerTest {

    @Test
    void theFirstCycleIsDueAndThenOnlyWhatACycleActsOn() {
        CycleTrigger t = new CycleTrigger();
        assertThat(t.due()).isTrue();
        t.cycleStarted();
        assertThat(t.due()).isFalse();
        t.cycleEnded(false);
        // our own binding coming back, a node edited: nothing waits, so no cycle (the tick does the rest)
        assertThat(t.changed(false)).isFalse();
        assertThat(t.due()).isFalse();
        // a pod of ours to place
        assertThat(t.changed(true)).isTrue();
        assertThat(t.due()).isTrue();
    }

    @Test
    void anyChangeIsDueWhilePodsWaitForRoom() {
        CycleTrigger t = new CycleTrigger();
        t.cycleStarted();
        t.cycleEnded(true);
        assertThat(t.due()).isFalse();
        assertThat(t.changed(false)).isTrue();
        assertThat(t.due()).isTrue();
        t.cycleStarted();
        t.cycleEnded(false);
        assertThat(t.due()).isFalse();
    }

    @Test
    void aChangeDuringACycleThatLeavesPodsWaitingIsNotLost() {
        CycleTrigger t = new CycleTrigger();
        t.cycleStarted();
        // a pod is deleted while the cycle runs, before it finds that others wait for room
        assertThat(t.changed(false)).isFalse();
        t.cycleEnded(true);
        assertThat(t.due()).isTrue();
    }

    @Test
    void workDuringACycleIsDueAfterIt() {
        CycleTrigger t = new CycleTrigger();
        t.cycleStarted();
        t.changed(true);
        t.cycleEnded(false);
        assertThat(t.due()).isTrue();
    }
}
