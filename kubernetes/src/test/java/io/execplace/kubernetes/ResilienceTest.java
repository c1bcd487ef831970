package io.execplace.kubernetes;

import io.execplace.kubernetes.bind.BindResult;
import io.execplace.kubernetes.mock.Harness;
import io.execplace.kubernetes.mock.ManualClock;
import io.execplace.kubernetes.mock.MockCluster;
import io.execplace.kubernetes.run.CycleReport;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.schedulers.heuristics.FirstFit;
import io.execplace.schedulers.heuristics.Gio;
import io.fabric8.kubernetes.api.model.Pod;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Restarts, conflicts, server errors and dropped watches never lead to a double binding or an over-committed node. */
class ResilienceTest {

    @Test
    void aRestartInTheMiddleOfABurstBindsEveryPodExactlyOnce() {
        try (MockCluster c = new MockCluster()) {
            for (int n = 1; n <= 3; n++) {
                c.node("n" + n, "small", 4, 16);
            }
            for (int i = 1; i <= 2; i++) {
                c.executor("spark", "a", i, "2", "4Gi");
            }
            for (int i = 1; i <= 4; i++) {
                c.executor("spark", "b", i, "1", "2Gi");
            }
            ManualClock clock = new ManualClock(Harness.START);
            // The first instance binds a, then crashes in the middle of b: two of b's four bindings fail.
            try (KubernetesScheduler first = Harness.start(c, new FirstFit(), Harness.settings().bindAttempts(1).build(), clock)) {
                Harness.awaitPodCount(first, 6);
                c.dispatcher.failNextBindingOf("b-exec-3", 503);
                c.dispatcher.failNextBindingOf("b-exec-4", 503);
                CycleReport r = first.scheduleOnce();
                assertThat(r.bound()).extracting(d -> d.pod()).containsExactlyInAnyOrder(
                        "spark/a-exec-1", "spark/a-exec-2", "spark/b-exec-1", "spark/b-exec-2");
                assertThat(r.failures()).hasSize(2).allSatisfy(f -> assertThat(f).contains(BindResult.Outcome.FAILED.name()));
            }
            assertThat(c.pods("spark").stream().filter(p -> p.getSpec().getNodeName() != null)).hasSize(4);
            for (int i = 1; i <= 3; i++) {
                c.executor("spark", "c", i, "2", "4Gi");
            }
            // A new instance rebuilds its state from the API: b's two bound executors and a's count as used.
            try (KubernetesScheduler second = Harness.start(c, new FirstFit(), Harness.settings().build(), clock)) {
                Harness.awaitPodCount(second, 9);
                CycleReport r = second.scheduleOnce();
                // b's remaining two executors fit the 2 free cores left: c (3 x 2 cores) does not.
                assertThat(r.bound()).extracting(d -> d.pod()).containsExactlyInAnyOrder("spark/b-exec-3", "spark/b-exec-4");
                assertThat(r.unschedulable()).singleElement().asString().startsWith("spark/c:");
                Harness.awaitCacheCaughtUp(second, c, "spark");
                assertThat(second.scheduleOnce().bound()).isEmpty();
            }
            assertThat(c.dispatcher.bindings().values()).extracting(AtomicInteger::get).containsOnly(1);
            assertThat(c.dispatcher.bindings()).hasSize(6);
            assertThat(c.dispatcher.conflicts()).isZero();
            ClusterChangesTest.assertRequestsWithinAllocatable(c);
        }
    }

    @Test
    void retriesServerErrorsAndGivesUpAfterTheLimit() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 8, 32);
            for (int i = 1; i <= 3; i++) {
                c.executor("spark", "a", i, "1", "1Gi");
            }
            ManualClock clock = new ManualClock(Harness.START);
            try (KubernetesScheduler s = Harness.start(c, new Gio(), Harness.settings().bindAttempts(3).build(), clock)) {
                Harness.awaitPodCount(s, 3);
                c.dispatcher.failNextBindings(500, 503, 429);
                CycleReport r = s.scheduleOnce();
                assertThat(r.bound()).hasSize(3);
                assertThat(r.failures()).isEmpty();
                assertThat(c.dispatcher.bindRequests()).isEqualTo(6);

                c.executor("spark", "b", 1, "1", "1Gi");
                Harness.awaitPodCount(s, 4);
                Harness.awaitCacheCaughtUp(s, c, "spark");
                c.dispatcher.failNextBindings(500, 500, 500);
                CycleReport r2 = s.scheduleOnce();
                assertThat(r2.bound()).isEmpty();
                assertThat(r2.failures()).singleElement().asString().contains("FAILED after 3 attempt(s)").contains("HTTP 500");
                assertThat(c.nodeOf("spark", "b-exec-1")).isNull();
                // The server is healthy again, but the pod backs off (1 s after its first failure).
                assertThat(s.scheduleOnce().bound()).isEmpty();
                clock.advance(Duration.ofMillis(1000));
                assertThat(s.scheduleOnce().bound()).hasSize(1);
                assertThat(c.dispatcher.bindings().values()).extracting(AtomicInteger::get).containsOnly(1);
            }
        }
    }

    /** A 429 with Retry-After: the binder's next attempt waits that long (recorded, not slept). */
    @Test
    void theBinderWaitsForRetryAfter() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 8, 32);
            io.fabric8.kubernetes.api.model.Pod pod = c.executor("spark", "a", 1, "1", "1Gi");
            c.dispatcher.retryAfter(3);
            c.dispatcher.failNextBindings(429);
            java.util.List<Duration> pauses = new java.util.ArrayList<>();
            io.execplace.kubernetes.bind.Binder binder = new io.execplace.kubernetes.bind.Binder(c.client, 3,
                    Duration.ofMillis(100), Duration.ofSeconds(30), pauses::add);
            assertThat(binder.bindAll(java.util.List.of(pod), java.util.List.of("n1"))).singleElement()
                    .satisfies(r -> assertThat(r.bound()).isTrue());
            assertThat(pauses).as("Retry-After 3 s over the 100 ms back-off").containsExactly(Duration.ofSeconds(3));
        }
    }

    /** The pod's back-off after a failed binding lasts at least what Retry-After asked. */
    @Test
    void retryAfterHoldsThePodsBackOff() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 8, 32);
            c.executor("spark", "a", 1, "1", "1Gi");
            ManualClock clock = new ManualClock(Harness.START);
            try (KubernetesScheduler s = Harness.start(c, new Gio(), Harness.settings().bindAttempts(1).build(), clock)) {
                Harness.awaitPodCount(s, 1);
                c.dispatcher.retryAfter(3);
                c.dispatcher.failNextBindings(429);
                assertThat(s.scheduleOnce().failures()).singleElement().asString().contains("HTTP 429");
                clock.advance(Duration.ofSeconds(2));
                assertThat(s.scheduleOnce().bound()).as("still backing off: Retry-After 3 s > 1 s back-off").isEmpty();
                clock.advance(Duration.ofSeconds(1));
                assertThat(s.scheduleOnce().bound()).hasSize(1);
            }
        }
    }

    @Test
    void aLostBindingRaceIsAConflictThatIsNeverRetried() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 4, 16);
            c.node("n2", "small", 4, 16);
            c.executor("spark", "a", 1, "2", "4Gi");
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().build(), new ManualClock(Harness.START))) {
                Harness.awaitPodCount(s, 1);
                c.dispatcher.loseNextBindingRaceTo("n2");
                CycleReport r = s.scheduleOnce();
                assertThat(r.bound()).isEmpty();
                assertThat(r.failures()).singleElement().asString().contains("CONFLICT after 1 attempt(s)").contains("already assigned");
                assertThat(c.dispatcher.conflicts()).isEqualTo(1);
                assertThat(c.nodeOf("spark", "a-exec-1")).isEqualTo("n2");
                Harness.awaitCacheCaughtUp(s, c, "spark");
                assertThat(s.scheduleOnce().bound()).isEmpty();
                assertThat(c.dispatcher.bindRequests()).isEqualTo(1);
            }
        }
    }

    @Test
    void reListsAfterTheWatchDrops() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 4, 16);
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().build(), new ManualClock(Harness.START))) {
                Harness.awaitNodeCount(s, 1);
                // While watches are refused with 410 Gone, only a fresh list can show the informer new pods.
                c.dispatcher.dropWatches(true);
                c.executor("spark", "a", 1, "1", "1Gi");
                c.executor("spark", "a", 2, "1", "1Gi");
                c.node("n2", "small", 4, 16);
                Harness.awaitPodCount(s, 2);
                Harness.awaitNodeCount(s, 2);
                c.dispatcher.allowWatches();
                CycleReport r = s.scheduleOnce();
                assertThat(r.bound()).hasSize(2);
                for (Pod p : c.pods("spark")) {
                    assertThat(p.getSpec().getNodeName()).isNotNull();
                }
            }
        }
    }
}
