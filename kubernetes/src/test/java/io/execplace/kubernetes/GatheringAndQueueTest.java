package io.execplace.kubernetes;

import io.execplace.core.rules.QueuePolicy;
import io.execplace.kubernetes.mock.Harness;
import io.execplace.kubernetes.mock.ManualClock;
import io.execplace.kubernetes.mock.MockCluster;
import io.execplace.kubernetes.run.CycleReport;
import io.execplace.kubernetes.run.Decision;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.schedulers.heuristics.FirstFit;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** When an application's gang is complete, and in which order waiting applications are placed. */
class GatheringAndQueueTest {

    @Test
    void waitsForTheBatchingWindowAfterTheNewestExecutor() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 8, 32);
            ManualClock clock = new ManualClock(Harness.START);
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(),
                    Harness.settings().batchWindow(Duration.ofSeconds(2)).build(), clock)) {
                Harness.awaitNodeCount(s, 1);
                c.executor("spark", "a", 1, "1", "1Gi");
                Harness.awaitPodCount(s, 1);
                CycleReport r1 = s.scheduleOnce();
                assertThat(r1.bound()).isEmpty();
                assertThat(r1.gathering()).singleElement().asString().startsWith("spark/a: batching window");
                clock.advance(Duration.ofMillis(1500));
                c.executor("spark", "a", 2, "1", "1Gi");
                Harness.awaitPodCount(s, 2);
                clock.advance(Duration.ofMillis(1500));
                // 3 s after the first executor but only 1.5 s after the second: still gathering.
                assertThat(s.scheduleOnce().bound()).isEmpty();
                clock.advance(Duration.ofMillis(500));
                assertThat(s.scheduleOnce().bound()).extracting(Decision::pod)
                        .containsExactly("spark/a-exec-1", "spark/a-exec-2");
            }
        }
    }

    @Test
    void aDriverAnnotationSetsTheGangSize() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 8, 32);
            c.driver("spark", "a", Map.of("execplace.io/executors", "3"));
            c.executor("spark", "a", 1, "1", "1Gi");
            c.executor("spark", "a", 2, "1", "1Gi");
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().build(), new ManualClock(Harness.START))) {
                Harness.awaitPodCount(s, 3);
                CycleReport r = s.scheduleOnce();
                assertThat(r.bound()).isEmpty();
                assertThat(r.gathering()).containsExactly("spark/a: 2 of 3 executor pods exist (driver annotation execplace.io/executors)");
                c.executor("spark", "a", 3, "1", "1Gi");
                Harness.awaitPodCount(s, 4);
                assertThat(s.scheduleOnce().bound()).hasSize(3);
            }
        }
    }

    @Test
    void theQueueHeadBlocksLaterApplicationsUnlessBackfilling() {
        for (boolean backfill : new boolean[] {false, true}) {
            try (MockCluster c = new MockCluster()) {
                c.node("n1", "small", 4, 16);
                // "a" arrives first (or in the same second, where fcfs breaks the tie by key): it is the head.
                // It fits the node when empty, but a foreign pod holds one of the four cores now.
                c.executor("spark", "a", 1, "4", "4Gi");
                c.executor("spark", "b", 1, "1", "1Gi");
                c.foreignPod("other", "web", "n1", "1", "1Gi");
                try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().backfill(backfill).build(),
                        new ManualClock(Harness.START))) {
                    Harness.awaitPodCount(s, 3);
                    CycleReport r = s.scheduleOnce();
                    assertThat(r.unschedulable()).singleElement().asString().startsWith("spark/a:");
                    if (backfill) {
                        assertThat(r.bound()).extracting(Decision::pod).containsExactly("spark/b-exec-1");
                    } else {
                        assertThat(r.bound()).isEmpty();
                    }
                }
            }
        }
    }

    @Test
    void edfPlacesTheEarliestDeadlineFirst() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 4, 16);
            c.executor("spark", "late", 1, "4", "4Gi", "execplace", Map.of("execplace.io/deadline", "2026-01-01T05:00:00Z"));
            c.executor("spark", "soon", 1, "4", "4Gi", "execplace", Map.of("execplace.io/deadline", "2026-01-01T01:00:00Z"));
            for (QueuePolicy queue : new QueuePolicy[] {QueuePolicy.FCFS, QueuePolicy.EDF}) {
                try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().queue(queue).dryRun(true).build(),
                        new ManualClock(Harness.START))) {
                    Harness.awaitPodCount(s, 2);
                    String expected = queue == QueuePolicy.EDF ? "spark/soon-exec-1" : "spark/late-exec-1";
                    assertThat(s.scheduleOnce().bound()).extracting(Decision::pod).containsExactly(expected);
                }
            }
            assertThat(c.dispatcher.bindRequests()).isZero();
        }
    }

    /** Priority classes first: a later application of higher priority goes before an earlier one. */
    @Test
    void higherPriorityGoesFirst() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 4, 16);
            c.executor("spark", "early", 1, "4", "1Gi");
            c.client.resource(io.execplace.kubernetes.scenario.TestObjects.executor("spark", "urgent", 1, "4", "1Gi", "execplace")
                    .editSpec().withPriority(1000).withPriorityClassName("high").endSpec().build()).create();
            try (KubernetesScheduler s = Harness.start(c, new io.execplace.schedulers.heuristics.FirstFit(),
                    Harness.settings().build(), new ManualClock(Harness.START))) {
                Harness.awaitPodCount(s, 2);
                CycleReport r = s.scheduleOnce();
                assertThat(r.bound()).singleElement().satisfies(d -> assertThat(d.application()).isEqualTo("spark/urgent"));
                assertThat(r.unschedulable()).singleElement().asString().startsWith("spark/early:");
            }
        }
    }
}
