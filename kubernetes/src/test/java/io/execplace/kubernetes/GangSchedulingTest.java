package io.execplace.kubernetes;

import io.execplace.kubernetes.mock.Harness;
import io.execplace.kubernetes.mock.ManualClock;
import io.execplace.kubernetes.mock.MockCluster;
import io.execplace.kubernetes.run.CycleReport;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.schedulers.heuristics.FirstFit;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Pod;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.awaitility.Awaitility.await;

import static org.assertj.core.api.Assertions.assertThat;

class GangSchedulingTest {

    @Test
    void placesAWholeApplicationOrNoneOfIt() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 4, 16);
            c.node("n2", "small", 4, 16);
            for (int i = 1; i <= 3; i++) {
                c.executor("spark", "app-a", i, "2", "4Gi");
            }
            ManualClock clock = new ManualClock(Harness.START);
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().build(), clock)) {
                Harness.awaitPodCount(s, 3);
                CycleReport first = s.scheduleOnce();
                assertThat(first.bound()).hasSize(3);
                assertThat(c.dispatcher.bindings()).hasSize(3);
                for (Pod p : c.pods("spark")) {
                    assertThat(p.getSpec().getNodeName()).isIn("n1", "n2");
                    assertThat(Harness.scheduled(p)).isTrue();
                }
                Harness.awaitCacheCaughtUp(s, c, "spark");

                // Only one 2-core slot is left: a 3-executor application gets nothing.
                for (int i = 1; i <= 3; i++) {
                    c.executor("spark", "app-b", i, "2", "4Gi");
                }
                Harness.awaitPodCount(s, 6);
                CycleReport second = s.scheduleOnce();
                assertThat(second.bound()).isEmpty();
                assertThat(second.unschedulable()).singleElement().asString().startsWith("spark/app-b: policy first-fit found no placement");
                for (int i = 1; i <= 3; i++) {
                    Pod p = c.client.pods().inNamespace("spark").withName("app-b-exec-" + i).get();
                    assertThat(p.getSpec().getNodeName()).isNull();
                    assertThat(Harness.unschedulable(p)).as("PodScheduled=False on %s", p.getMetadata().getName()).isTrue();
                }
                List<Event> events = Harness.events(s, c, "spark");
                assertThat(events).filteredOn(e -> "Scheduled".equals(e.getReason())).hasSize(3)
                        .allSatisfy(e -> assertThat(e.getMessage()).contains("policy first-fit").contains("estimated extra cost"));
                assertThat(events).filteredOn(e -> "FailedScheduling".equals(e.getReason())).hasSize(3);
                assertThat(c.dispatcher.bindRequests()).isEqualTo(3);
            }
        }
    }

    @Test
    void theLoopWakesUpOnNewPodsAndStopsWhenAsked() throws Exception {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 4, 16);
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().build(), new ManualClock(Harness.START))) {
                AtomicBoolean stop = new AtomicBoolean();
                Thread loop = new Thread(() -> s.run(stop), "scheduler-loop");
                loop.start();
                c.executor("spark", "a", 1, "1", "1Gi");
                c.executor("spark", "a", 2, "1", "1Gi");
                await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(10))
                        .until(() -> c.pods("spark").stream().allMatch(p -> "n1".equals(p.getSpec().getNodeName())));
                stop.set(true);
                s.wakeUp();
                loop.join(Duration.ofSeconds(20).toMillis());
                assertThat(loop.isAlive()).isFalse();
                assertThat(c.dispatcher.bindings()).hasSize(2);
            }
        }
    }

    /**
     * The loop binds asynchronously behind the assume cache: a failed binding forgets its pod's
     * assumption, the pod backs off and is bound later; no pod is bound twice, no room is reused.
     */
    @Test
    void asynchronousBindingRecoversFromAFailedBinding() throws Exception {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 3, 16);
            ManualClock clock = new ManualClock(Harness.START);
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().bindAttempts(1).build(), clock)) {
                c.dispatcher.failNextBindingOf("a-exec-2", 500);
                AtomicBoolean stop = new AtomicBoolean();
                Thread loop = new Thread(() -> s.run(stop), "scheduler-loop");
                loop.start();
                for (int i = 1; i <= 3; i++) {
                    c.executor("spark", "a", i, "1", "1Gi");
                }
                await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(10))
                        .until(() -> c.pods("spark").stream().filter(p -> p.getSpec().getNodeName() != null).count() == 2
                                && s.metrics().bindFailuresTotal() == 1);
                // Backing off (1 s on the scheduler's clock): two more cycles do not place it again.
                long cycles = s.metrics().cyclesTotal();
                s.wakeUp();
                await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(10)).until(() -> {
                    s.wakeUp();
                    return s.metrics().cyclesTotal() >= cycles + 2;
                });
                assertThat(c.nodeOf("spark", "a-exec-2")).isNull();
                clock.advance(Duration.ofSeconds(1));
                s.wakeUp();
                await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(10))
                        .until(() -> "n1".equals(c.nodeOf("spark", "a-exec-2")));
                stop.set(true);
                s.wakeUp();
                loop.join(Duration.ofSeconds(20).toMillis());
                assertThat(c.dispatcher.conflicts()).isZero();
                assertThat(c.dispatcher.bindings().values()).extracting(java.util.concurrent.atomic.AtomicInteger::get).containsOnly(1);
                // The binding thread counts a binding when its answer arrives, after the server has it.
                await().atMost(Duration.ofSeconds(20)).until(() -> s.metrics().boundTotal() == 3);
            }
        }
    }
}
