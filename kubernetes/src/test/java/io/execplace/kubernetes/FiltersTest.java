package io.execplace.kubernetes;

import io.execplace.kubernetes.mock.MockCluster;
import io.execplace.kubernetes.run.CycleReport;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.kubernetes.scenario.CapacityScenarios;
import io.execplace.kubernetes.scenario.FilterScenarios;
import io.execplace.kubernetes.scenario.TestCluster;
import io.execplace.kubernetes.scenario.TestObjects;
import io.execplace.schedulers.heuristics.FirstFit;
import io.fabric8.kubernetes.api.model.PodSchedulingGateBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import org.junit.jupiter.api.Test;

import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/** kube-scheduler's filters on the mock API server (the same scenarios run on a real one in {@code RealApiServerTest}). */
class FiltersTest {

    private static void onMock(Consumer<TestCluster> scenario) {
        try (MockCluster m = new MockCluster()) {
            scenario.accept(new TestCluster() {
                @Override
                public KubernetesClient admin() {
                    return m.client;
                }

                @Override
                public KubernetesClient schedulerClient() {
                    return m.client;
                }

                @Override
                public void namespace(String name) {
                }
            });
        }
    }

    @Test
    void taints() {
        onMock(FilterScenarios::taints);
    }

    @Test
    void nodeAffinityAndSelector() {
        onMock(FilterScenarios::nodeAffinity);
    }

    @Test
    void extendedResourcesAndPodLimit() {
        onMock(FilterScenarios::extendedResourcesAndPodLimit);
    }

    @Test
    void noNodePasses() {
        onMock(FilterScenarios::noNodePasses);
    }

    @Test
    void driversOffSpot() {
        onMock(CapacityScenarios::driversOffSpot);
    }

    @Test
    void driverWaitsWithOnlySpot() {
        onMock(CapacityScenarios::driverWaitsWithOnlySpot);
    }

    @Test
    void executorsFinishTogether() {
        onMock(CapacityScenarios::executorsFinishTogether);
    }

    /** --single-zone: a gang that would straddle two zones is placed within the one that holds it. */
    @Test
    void singleZoneGangs() {
        for (boolean singleZone : new boolean[] {false, true}) {
            try (MockCluster m = new MockCluster()) {
                m.client.resource(TestObjects.node("a", "cheap", 4, 16).editMetadata().addToLabels("topology.kubernetes.io/zone", "z1")
                        .endMetadata().build()).create();
                m.client.resource(TestObjects.node("b", "cheap", 4, 16).editMetadata().addToLabels("topology.kubernetes.io/zone", "z2")
                        .endMetadata().build()).create();
                m.client.resource(TestObjects.node("c", "large", 8, 32).editMetadata().addToLabels("topology.kubernetes.io/zone", "z2")
                        .endMetadata().build()).create();
                m.executor("spark", "app", 1, "4", "1Gi");
                m.executor("spark", "app", 2, "4", "1Gi");
                try (KubernetesScheduler s = io.execplace.kubernetes.mock.Harness.start(m, new FirstFit(),
                        io.execplace.kubernetes.mock.Harness.settings().singleZone(singleZone).build(),
                        new io.execplace.kubernetes.mock.ManualClock(io.execplace.kubernetes.mock.Harness.START))) {
                    io.execplace.kubernetes.mock.Harness.awaitPodCount(s, 2);
                    io.execplace.kubernetes.mock.Harness.awaitNodeCount(s, 3);
                    assertThat(s.scheduleOnce().bound()).extracting(io.execplace.kubernetes.run.Decision::node)
                            .as("single zone: %s", singleZone)
                            .containsExactlyInAnyOrderElementsOf(singleZone ? java.util.List.of("b", "c") : java.util.List.of("a", "b"));
                }
            }
        }
    }

    /** A pod with scheduling gates waits (kube-scheduler's SchedulingGates); Kubernetes 1.20 has no gates, so mock only. */
    @Test
    void gatedPodsWait() {
        try (MockCluster m = new MockCluster()) {
            m.node("n1", "small", 8, 32);
            m.client.resource(TestObjects.executor("spark", "gated", 1, "1", "1Gi", "execplace").editSpec()
                    .withSchedulingGates(new PodSchedulingGateBuilder().withName("example.com/quota").build()).endSpec()
                    .build()).create();
            try (KubernetesScheduler s = io.execplace.kubernetes.mock.Harness.start(m, new FirstFit(),
                    io.execplace.kubernetes.mock.Harness.settings().build(),
                    new io.execplace.kubernetes.mock.ManualClock(io.execplace.kubernetes.mock.Harness.START))) {
                io.execplace.kubernetes.mock.Harness.awaitPodCount(s, 1);
                CycleReport r = s.scheduleOnce();
                assertThat(r.bound()).isEmpty();
                assertThat(r.unschedulable()).isEmpty();
                m.client.pods().inNamespace("spark").withName("gated-exec-1").edit(p -> {
                    p.getSpec().setSchedulingGates(null);
                    return p;
                });
                io.execplace.kubernetes.mock.Harness.awaitPods(s, pods -> pods.get(0).getSpec().getSchedulingGates() == null
                        || pods.get(0).getSpec().getSchedulingGates().isEmpty());
                assertThat(s.scheduleOnce().bound()).hasSize(1);
            }
        }
    }
}
