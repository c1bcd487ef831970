package io.execplace.kubernetes;

import io.execplace.kubernetes.mock.Harness;
import io.execplace.kubernetes.mock.ManualClock;
import io.execplace.kubernetes.mock.MockCluster;
import io.execplace.kubernetes.run.CycleReport;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.schedulers.heuristics.FirstFit;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --wait-for-room} through the whole cycle: one 4-core node, another scheduler's 3-core pod on it
 * that started 10 s ago and runs 15 s (it ends 5 s from now), and an application of two 2-core executors.
 * With an 8 s wait its pods are neither bound nor marked (a provisioner buys nothing for them); without
 * it, or when the pod runs on for a minute, they are marked Unschedulable at once.
 */
class WaitForRoomTest {

    private static CycleReport firstCycle(double waitSeconds, double runningSeconds, MockCluster c) {
        c.node("n1", "small", 4, 16);
        Pod running = new PodBuilder(c.foreignPod("spark", "other", "n1", "3", "1Gi")).editMetadata()
                .addToAnnotations("execplace.io/expected-duration-seconds", Double.toString(runningSeconds)).endMetadata()
                .editStatus().withStartTime(Harness.START.minusSeconds(10).toString()).endStatus().build();
        c.client.pods().inNamespace("spark").resource(running).update();
        for (int i = 1; i <= 2; i++) {
            c.executor("spark", "a", i, "2", "2Gi");
        }
        KubernetesScheduler s = Harness.start(c, new FirstFit(),
                Harness.settings().roomWait(Duration.ofMillis(Math.round(waitSeconds * 1000))).build(), new ManualClock(Harness.START));
        try (s) {
            Harness.awaitPods(s, pods -> pods.size() == 3 && pods.stream().anyMatch(p -> p.getMetadata().getAnnotations() != null
                    && p.getMetadata().getAnnotations().containsKey("execplace.io/expected-duration-seconds")
                    && p.getStatus() != null && p.getStatus().getStartTime() != null));
            CycleReport report = s.scheduleOnce();
            Harness.events(s, c, "spark");
            return report;
        }
    }

    private static long marked(MockCluster c) {
        return c.pods("spark").stream().filter(Harness::unschedulable).count();
    }

    @Test
    void anApplicationWhoseRoomComesSoonerThanALaunchWaitsUnmarked() {
        try (MockCluster c = new MockCluster()) {
            CycleReport report = firstCycle(8, 15, c);
            assertThat(report.bound()).isEmpty();
            assertThat(marked(c)).isZero();
        }
    }

    @Test
    void withoutTheWaitOrWithRoomTooLateItIsMarked() {
        try (MockCluster c = new MockCluster()) {
            CycleReport report = firstCycle(0, 15, c);
            assertThat(report.bound()).isEmpty();
            assertThat(marked(c)).isEqualTo(2);
        }
        try (MockCluster c = new MockCluster()) {
            firstCycle(8, 60, c);
            assertThat(marked(c)).isEqualTo(2);
        }
    }
}
