package io.execplace.kubernetes;

import io.execplace.kubernetes.mock.Harness;
import io.execplace.kubernetes.mock.ManualClock;
import io.execplace.kubernetes.mock.MockCluster;
import io.execplace.kubernetes.run.CycleReport;
import io.execplace.kubernetes.run.Decision;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.schedulers.heuristics.FirstFit;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Foreign pods, nodes that come, go and are cordoned, and what a node can hold. */
class ClusterChangesTest {

    @Test
    void respectsResourcesThatOtherSchedulersHold() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 4, 16);
            c.node("n2", "small", 4, 16);
            c.foreignPod("other", "web-1", "n1", "3", "2Gi");
            c.foreignPod("other", "web-2", "n2", "500m", "14Gi");
            c.executor("spark", "app", 1, "2", "4Gi");
            c.executor("spark", "app", 2, "1", "1Gi");
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().build(), new ManualClock(Harness.START))) {
                Harness.awaitPodCount(s, 4);
                CycleReport r = s.scheduleOnce();
                // n1 has 1 core left, n2 3.5 cores but only 2 GiB: executors of 2 cores / 4 GiB fit nowhere.
                assertThat(r.bound()).isEmpty();
                assertThat(r.unschedulable()).singleElement().asString().contains("found no placement");
                assertThat(c.dispatcher.bindRequests()).isZero();
            }
        }
    }

    @Test
    void neverOverCommitsANodeThatForeignPodsShare() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 4, 16);
            c.node("n2", "small", 4, 16);
            c.foreignPod("other", "web-1", "n1", "3", "2Gi");
            for (int i = 1; i <= 2; i++) {
                c.executor("spark", "app", i, "2", "4Gi");
            }
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().build(), new ManualClock(Harness.START))) {
                Harness.awaitPodCount(s, 3);
                CycleReport r = s.scheduleOnce();
                assertThat(r.bound()).extracting(Decision::node).containsExactly("n2", "n2");
                assertThat(c.nodeOf("spark", "app-exec-1")).isEqualTo("n2");
                assertThat(c.nodeOf("spark", "app-exec-2")).isEqualTo("n2");
                assertRequestsWithinAllocatable(c);
            }
        }
    }

    @Test
    void followsNodesAddedCordonedAndRemoved() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 4, 16);
            c.executor("spark", "a", 1, "4", "4Gi");
            c.executor("spark", "a", 2, "4", "4Gi");
            ManualClock clock = new ManualClock(Harness.START);
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().build(), clock)) {
                Harness.awaitPodCount(s, 2);
                CycleReport r1 = s.scheduleOnce();
                assertThat(r1.bound()).isEmpty();
                assertThat(r1.unschedulable()).singleElement().asString().contains("do not fit the usable nodes even when all are empty");

                c.node("n2", "small", 4, 16);
                Harness.awaitNodeCount(s, 2);
                assertThat(s.scheduleOnce().bound()).extracting(Decision::node).containsExactlyInAnyOrder("n1", "n2");
                Harness.awaitCacheCaughtUp(s, c, "spark");

                c.node("n3", "cheap", 4, 16);
                c.node("n4", "small", 4, 16);
                c.client.nodes().withName("n3").edit(n -> {
                    n.getSpec().setUnschedulable(true);
                    return n;
                });
                c.executor("spark", "b", 1, "4", "4Gi");
                Harness.awaitNodeCount(s, 4);
                Harness.awaitPods(s, pods -> pods.size() == 3 && s.cachedNodes().stream()
                        .anyMatch(n -> "n3".equals(n.getMetadata().getName()) && Boolean.TRUE.equals(n.getSpec().getUnschedulable())));
                // n3 is the cheapest but cordoned.
                assertThat(s.scheduleOnce().bound()).extracting(Decision::node).containsExactly("n4");
                Harness.awaitCacheCaughtUp(s, c, "spark");

                c.client.nodes().withName("n4").delete();
                c.executor("spark", "c", 1, "4", "4Gi");
                await(s, 4, 3);
                CycleReport r4 = s.scheduleOnce();
                assertThat(r4.bound()).isEmpty();
                assertThat(r4.unschedulable()).singleElement().asString().startsWith("spark/c:");

                c.client.nodes().withName("n3").edit(n -> {
                    n.getSpec().setUnschedulable(false);
                    return n;
                });
                Harness.awaitPods(s, pods -> s.cachedNodes().stream()
                        .anyMatch(n -> "n3".equals(n.getMetadata().getName()) && !Boolean.TRUE.equals(n.getSpec().getUnschedulable())));
                assertThat(s.scheduleOnce().bound()).extracting(Decision::node).containsExactly("n3");
                Harness.awaitCacheCaughtUp(s, c, "spark");

                // Application a finishes: n1 and n2 become empty and are reported.
                c.client.pods().inNamespace("spark").withName("a-exec-1").delete();
                c.client.pods().inNamespace("spark").withName("a-exec-2").delete();
                Harness.awaitPodCount(s, 2);
                assertThat(s.scheduleOnce().emptyNodes()).containsExactly("n1", "n2");
                assertThat(Harness.events(s, c, "default")).filteredOn(e -> "NodeEmpty".equals(e.getReason()))
                        .extracting(e -> e.getInvolvedObject().getName()).containsExactlyInAnyOrder("n1", "n2");
                assertRequestsWithinAllocatable(c);
            }
        }
    }

    @Test
    void cordonsNodesThatBecameEmptyWhenAsked() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 4, 16);
            c.node("n2", "small", 4, 16);
            c.executor("spark", "a", 1, "2", "2Gi");
            try (KubernetesScheduler s = Harness.start(c, new FirstFit(), Harness.settings().cordonEmpty(true).build(),
                    new ManualClock(Harness.START))) {
                Harness.awaitPodCount(s, 1);
                assertThat(s.scheduleOnce().bound()).extracting(Decision::node).containsExactly("n1");
                Harness.awaitCacheCaughtUp(s, c, "spark");
                assertThat(s.scheduleOnce().emptyNodes()).isEmpty();
                c.client.pods().inNamespace("spark").withName("a-exec-1").delete();
                Harness.awaitPodCount(s, 0);
                assertThat(s.scheduleOnce().emptyNodes()).containsExactly("n1");
                assertThat(c.client.nodes().withName("n1").get().getSpec().getUnschedulable()).isTrue();
                assertThat(c.client.nodes().withName("n1").get().getMetadata().getAnnotations())
                        .containsEntry("execplace.io/cordoned-by", "execplace");
                assertThat(c.client.nodes().withName("n2").get().getSpec().getUnschedulable()).isNotEqualTo(Boolean.TRUE);

                // Demand returns: two executors of 4 cores fit n2 and a node not cordoned by us is left alone.
                c.client.nodes().resource(new io.fabric8.kubernetes.api.model.NodeBuilder(c.node("n3", "small", 4, 16))
                        .editSpec().withUnschedulable(true).endSpec().build()).update();
                c.executor("spark", "b", 1, "4", "2Gi");
                c.executor("spark", "b", 2, "4", "2Gi");
                Harness.awaitPodCount(s, 2);
                Harness.awaitNodeCount(s, 3);
                org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(20)).until(() -> s.cachedNodes().stream()
                        .anyMatch(n -> "n3".equals(n.getMetadata().getName()) && Boolean.TRUE.equals(n.getSpec().getUnschedulable())));
                CycleReport waiting = s.scheduleOnce();
                assertThat(waiting.bound()).isEmpty();
                assertThat(c.client.nodes().withName("n1").get().getSpec().getUnschedulable()).isNotEqualTo(Boolean.TRUE);
                assertThat(c.client.nodes().withName("n1").get().getMetadata().getAnnotations()).doesNotContainKey("execplace.io/cordoned-by");
                assertThat(c.client.nodes().withName("n3").get().getSpec().getUnschedulable()).isTrue();
                org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(20)).until(() -> s.cachedNodes().stream()
                        .anyMatch(n -> "n1".equals(n.getMetadata().getName()) && !Boolean.TRUE.equals(n.getSpec().getUnschedulable())));
                assertThat(s.scheduleOnce().bound()).extracting(Decision::node).containsExactlyInAnyOrder("n1", "n2");
            }
        }
    }

    private static void await(KubernetesScheduler s, int pods, int nodes) {
        Harness.awaitPodCount(s, pods);
        Harness.awaitNodeCount(s, nodes);
    }

    /** Sum of the requests of the pods on every node is at most its allocatable. */
    static void assertRequestsWithinAllocatable(MockCluster c) {
        Map<String, Long> cpu = new HashMap<>();
        Map<String, Long> mem = new HashMap<>();
        for (Pod p : c.client.pods().inAnyNamespace().list().getItems()) {
            String node = p.getSpec().getNodeName();
            if (node != null) {
                cpu.merge(node, io.execplace.kubernetes.cluster.Resources.podCpuMillis(p), Long::sum);
                mem.merge(node, io.execplace.kubernetes.cluster.Resources.podMemoryBytes(p), Long::sum);
            }
        }
        for (Node n : c.client.nodes().list().getItems()) {
            String name = n.getMetadata().getName();
            assertThat(cpu.getOrDefault(name, 0L)).as("cpu on %s", name)
                    .isLessThanOrEqualTo(io.execplace.kubernetes.cluster.Resources.cpuMillis(n.getStatus().getAllocatable().get("cpu")));
            assertThat(mem.getOrDefault(name, 0L)).as("memory on %s", name)
                    .isLessThanOrEqualTo(io.execplace.kubernetes.cluster.Resources.memoryBytes(n.getStatus().getAllocatable().get("memory")));
        }
    }
}
