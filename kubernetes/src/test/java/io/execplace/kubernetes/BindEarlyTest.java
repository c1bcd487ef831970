package io.execplace.kubernetes;

import io.execplace.kubernetes.mock.Harness;
import io.execplace.kubernetes.mock.ManualClock;
import io.execplace.kubernetes.mock.MockCluster;
import io.execplace.kubernetes.run.CycleReport;
import io.execplace.kubernetes.run.Decision;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.schedulers.heuristics.FirstFit;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --bind-early}: an application whose driver gives its gang size is bound executor by
 * executor as they come, once the whole gang has room; the missing executors' room is held.
 */
class BindEarlyTest {

    @Test
    void theFirstExecutorsAreBoundAndTheRestOfTheGangsRoomIsHeld() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 8, 32);
            c.driver("spark", "a", Map.of("execplace.io/executors", "3"));
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().bindEarly(true).build(),
                    new ManualClock(Harness.START))) {
                c.executor("spark", "a", 1, "1", "2Gi");
                Harness.awaitPodCount(s, 2);
                CycleReport first = s.scheduleOnce();
                assertThat(first.bound()).extracting(Decision::pod).containsExactly("spark/a-exec-1");
                assertThat(first.gathering()).isEmpty();
                // 8 cores: 1 bound, 2 held for a's missing executors; b's 6-core executor does not fit
                c.executor("spark", "b", 1, "6", "2Gi");
                Harness.awaitPodCount(s, 3);
                CycleReport second = s.scheduleOnce();
                assertThat(second.bound()).isEmpty();
                assertThat(second.unschedulable()).singleElement().asString().startsWith("spark/b:");
                c.executor("spark", "a", 2, "1", "2Gi");
                c.executor("spark", "a", 3, "1", "2Gi");
                Harness.awaitPodCount(s, 5);
                assertThat(s.scheduleOnce().bound()).extracting(Decision::pod).containsExactly("spark/a-exec-2", "spark/a-exec-3");
            }
        }
    }

    @Test
    void nothingIsBoundEarlyWithoutRoomForTheWholeGang() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 4, 16);
            c.foreignPod("other", "web", "n1", "2", "1Gi");
            c.driver("spark", "a", Map.of("execplace.io/executors", "3"));
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().bindEarly(true).build(),
                    new ManualClock(Harness.START))) {
                c.executor("spark", "a", 1, "1", "2Gi");
                Harness.awaitPodCount(s, 3);
                CycleReport r = s.scheduleOnce();
                assertThat(r.bound()).isEmpty();
                assertThat(r.unschedulable()).singleElement().asString()
                        .startsWith("spark/a: waits for room for all 3 executors (--bind-early)");
            }
        }
    }

    @Test
    void withoutItTheGangWaitsForItsLastExecutor() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 8, 32);
            c.driver("spark", "a", Map.of("execplace.io/executors", "3"));
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().build(), new ManualClock(Harness.START))) {
                c.executor("spark", "a", 1, "1", "2Gi");
                Harness.awaitPodCount(s, 2);
                CycleReport r = s.scheduleOnce();
                assertThat(r.bound()).isEmpty();
                assertThat(r.gathering()).containsExactly("spark/a: 1 of 3 executor pods exist (driver annotation execplace.io/executors)");
            }
        }
    }
}
