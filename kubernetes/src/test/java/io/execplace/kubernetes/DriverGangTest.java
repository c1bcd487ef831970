package io.execplace.kubernetes;

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

/**
 * {@code --driver-gang}: a driver is placed only with room for its executors, held until they come.
 * The case is the known deadlock: two drivers fit a node, the executors of neither then fit.
 */
class DriverGangTest {

    /** Each driver: 1 core; its 3 executors: 1 core each. The node has 4 cores: one application at a time. */
    private static final Map<String, String> THREE_EXECUTORS = Map.of("execplace.io/executors", "3",
            "execplace.io/executor-cpu", "1", "execplace.io/executor-memory", "2Gi");

    private static void twoDrivers(MockCluster c, Map<String, String> annotations) {
        twoDrivers(c, annotations, annotations);
    }

    private static void twoDrivers(MockCluster c, Map<String, String> a, Map<String, String> b) {
        c.node("n1", "small", 4, 16);
        c.pendingDriver("spark", "a", "1", "1Gi", a);
        c.pendingDriver("spark", "b", "1", "1Gi", b);
    }

    @Test
    void withoutItBothDriversTakeTheRoomTheirExecutorsNeed() {
        try (MockCluster c = new MockCluster()) {
            twoDrivers(c, THREE_EXECUTORS);
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().build(), new ManualClock(Harness.START))) {
                Harness.awaitPodCount(s, 2);
                assertThat(s.scheduleOnce().bound()).extracting(Decision::pod).containsExactly("spark/a-driver", "spark/b-driver");
                for (int i = 1; i <= 3; i++) {
                    c.executor("spark", "a", i, "1", "2Gi");
                }
                Harness.awaitPodCount(s, 5);
                CycleReport r = s.scheduleOnce();
                assertThat(r.bound()).isEmpty();
                assertThat(r.unschedulable()).singleElement().asString().startsWith("spark/a:");
            }
        }
    }

    @Test
    void aDriverWaitsUntilItAndItsExecutorsFitAndTheirRoomIsHeldForThem() {
        try (MockCluster c = new MockCluster()) {
            twoDrivers(c, THREE_EXECUTORS);
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(),
                    Harness.settings().driverGang(true).build(), new ManualClock(Harness.START))) {
                Harness.awaitPodCount(s, 2);
                CycleReport first = s.scheduleOnce();
                assertThat(first.bound()).extracting(Decision::pod).containsExactly("spark/a-driver");
                assertThat(first.unschedulable()).singleElement().asString()
                        .startsWith("spark/b-driver: the driver waits for room for itself and its 3 executors (--driver-gang)");
                // a's executors come and go where their room was held; b still waits
                for (int i = 1; i <= 3; i++) {
                    c.executor("spark", "a", i, "1", "2Gi");
                }
                Harness.awaitPodCount(s, 5);
                CycleReport second = s.scheduleOnce();
                assertThat(second.bound()).extracting(Decision::pod)
                        .containsExactly("spark/a-exec-1", "spark/a-exec-2", "spark/a-exec-3");
                assertThat(second.bound()).extracting(Decision::node).containsOnly("n1");
                assertThat(second.unschedulable()).singleElement().asString().startsWith("spark/b-driver:");
                // a finishes: b's driver goes, with its room
                for (String pod : new String[] {"a-driver", "a-exec-1", "a-exec-2", "a-exec-3"}) {
                    c.client.pods().inNamespace("spark").withName(pod).withGracePeriod(0).delete();
                }
                Harness.awaitPodCount(s, 1);
                assertThat(s.scheduleOnce().bound()).extracting(Decision::pod).containsExactly("spark/b-driver");
            }
        }
    }

    @Test
    void theRoomIsGivenUpAtTheTimeoutOrWhenTheDriverGoes() {
        // b's driver and 2 executors need 3 cores: free once a's 3 held cores are given up
        Map<String, String> twoExecutors = Map.of("execplace.io/executors", "2",
                "execplace.io/executor-cpu", "1", "execplace.io/executor-memory", "2Gi");
        for (boolean deleteDriver : new boolean[] {false, true}) {
            try (MockCluster c = new MockCluster()) {
                twoDrivers(c, THREE_EXECUTORS, twoExecutors);
                ManualClock clock = new ManualClock(Harness.START);
                try (KubernetesScheduler s = Harness.start(c, new FirstFit(),
                        Harness.settings().driverGang(true).build(), clock)) {
                    Harness.awaitPodCount(s, 2);
                    assertThat(s.scheduleOnce().bound()).extracting(Decision::pod).containsExactly("spark/a-driver");
                    Harness.awaitPods(s, pods -> pods.stream().anyMatch(p -> p.getSpec().getNodeName() != null));
                    clock.advance(Duration.ofSeconds(299));
                    assertThat(s.scheduleOnce().bound()).as("held for 300 s").isEmpty();
                    if (deleteDriver) {
                        c.client.pods().inNamespace("spark").withName("a-driver").withGracePeriod(0).delete();
                        Harness.awaitPodCount(s, 1);
                    } else {
                        clock.advance(Duration.ofSeconds(1));
                    }
                    assertThat(s.scheduleOnce().bound()).extracting(Decision::pod).containsExactly("spark/b-driver");
                }
            }
        }
    }

    @Test
    void aDriverThatDoesNotSayItsExecutorsSizeIsPlacedAloneAndTold() {
        try (MockCluster c = new MockCluster()) {
            twoDrivers(c, Map.of("execplace.io/executors", "3"));
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(),
                    Harness.settings().driverGang(true).build(), new ManualClock(Harness.START))) {
                Harness.awaitPodCount(s, 2);
                assertThat(s.scheduleOnce().bound()).extracting(Decision::pod).containsExactly("spark/a-driver", "spark/b-driver");
                // Events are written on the recorder's own thread: wait for it
                org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(20)).untilAsserted(() ->
                        assertThat(c.client.v1().events().inNamespace("spark").list().getItems()).anySatisfy(e ->
                                assertThat(e.getMessage()).contains("--driver-gang: the driver says how many executors")));
            }
        }
    }
}
