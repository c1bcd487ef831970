package io.execplace.kubernetes;

import io.execplace.kubernetes.cluster.ClusterSnapshot;
import io.execplace.kubernetes.mock.Harness;
import io.execplace.kubernetes.mock.ManualClock;
import io.execplace.kubernetes.mock.MockCluster;
import io.execplace.kubernetes.run.CycleReport;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.kubernetes.spark.ApplicationGrouper;
import io.execplace.kubernetes.spark.Grouping;
import io.execplace.schedulers.heuristics.FirstFit;
import io.fabric8.kubernetes.api.model.Pod;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Regressions of issue 22's defects 2 and 3: fractional CPU requests, and regrouping bound pods. */
class FractionalCpuTest {

    @Test
    void sevenHalfCoreExecutorsFitFourCores() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 4, 16);
            for (int i = 1; i <= 7; i++) {
                c.executor("spark", "app-a", i, "500m", "1Gi");
            }
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().build(),
                    new ManualClock(Harness.START))) {
                Harness.awaitPodCount(s, 7);
                CycleReport r = s.scheduleOnce();
                // Rounded up to whole cores they were 7 x 1 core on 4: never placed and never flagged.
                assertThat(r.bound()).hasSize(7);
                assertThat(c.pods("spark")).allSatisfy(p -> assertThat(p.getSpec().getNodeName()).isEqualTo("n1"));
            }
        }
    }

    @Test
    void theCpuUnitIsExactForEveryPendingRequest() {
        assertThat(ClusterSnapshot.cpuUnitFor(List.of(1000L, 2000L, 4000L))).isEqualTo(1000);
        assertThat(ClusterSnapshot.cpuUnitFor(List.of(3500L))).isEqualTo(500);
        assertThat(ClusterSnapshot.cpuUnitFor(List.of(500L, 1500L, 250L))).isEqualTo(250);
        assertThat(ClusterSnapshot.cpuUnitFor(List.of())).isEqualTo(1000);
        // 3500m fits a node with 3920m free in units of 500m: 7 units of 7.
        assertThat(3920 / ClusterSnapshot.cpuUnitFor(List.of(3500L))).isEqualTo(3500 / 500);
    }

    @Test
    void boundExecutorsRegroupWithoutTheDriversCount() {
        try (MockCluster c = new MockCluster()) {
            List<Pod> bound = List.of(c.executor("spark", "app-b", 1, "1", "1Gi"), c.executor("spark", "app-b", 2, "1", "1Gi"));
            ApplicationGrouper grouper = new ApplicationGrouper(Duration.ofSeconds(5), 600);
            // Regrouping already-bound pods runs at +inf: the batching window must not hold them back
            // (its quiet time was +inf - +inf = NaN, the gang never ready, its nodes' busy time lost).
            Grouping g = grouper.group(bound, bound, Map.of(), Double.POSITIVE_INFINITY);
            assertThat(g.ready()).singleElement().satisfies(a -> assertThat(a.pods()).hasSize(2));
            assertThat(g.gathering()).isEmpty();
        }
    }
}
