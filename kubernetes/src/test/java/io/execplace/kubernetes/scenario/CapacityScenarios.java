package io.execplace.kubernetes.scenario;

import io.execplace.kubernetes.mock.Harness;
import io.execplace.kubernetes.run.CycleReport;
import io.execplace.kubernetes.run.Decision;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.schedulers.elastic.FinishTogether;
import io.execplace.schedulers.heuristics.FirstFit;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;

import java.util.Map;

import static io.execplace.kubernetes.scenario.TestObjects.driver;
import static io.execplace.kubernetes.scenario.TestObjects.executor;
import static io.execplace.kubernetes.scenario.TestObjects.node;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the scheduler knows of elastic capacity (issue 38, item 7), run on the mock and on a real
 * kube-apiserver: drivers kept off spot nodes, and executors placed where the pods end closest to
 * their own expected end, so that nodes empty together.
 */
public final class CapacityScenarios {

    public static final String NS = "spark";
    private static final String SCHEDULER = "execplace";
    private static final String CUSTOM_LABEL = "example.com/lifecycle";

    private CapacityScenarios() {
    }

    private static void spotNodes(TestCluster cluster) {
        cluster.namespace(NS);
        // First-fit prefers the first node by name: the three spot nodes come before the on-demand one.
        cluster.createNode(node("a-karpenter", "cheap", 8, 32).editMetadata().addToLabels("karpenter.sh/capacity-type", "spot")
                .endMetadata().build());
        cluster.createNode(node("b-eks", "cheap", 8, 32).editMetadata().addToLabels("eks.amazonaws.com/capacityType", "SPOT")
                .endMetadata().build());
        cluster.createNode(node("c-custom", "cheap", 8, 32).editMetadata().addToLabels(CUSTOM_LABEL, "Spot").endMetadata().build());
        cluster.createNode(node("d-ondemand", "large", 8, 32).editMetadata().addToLabels("karpenter.sh/capacity-type", "on-demand")
                .endMetadata().build());
    }

    /**
     * A driver goes to the on-demand node though first-fit prefers the spot ones (Karpenter's, EKS's and
     * a platform's own label); its executors go to spot; a driver that asks for spot by its node selector gets it.
     */
    public static void driversOffSpot(TestCluster cluster) {
        spotNodes(cluster);
        KubernetesClient c = cluster.admin();
        c.resource(driver(NS, "app", "1", "1Gi", SCHEDULER, Map.of()).build()).create();
        c.resource(executor(NS, "app", 1, "1", "1Gi", SCHEDULER).build()).create();
        c.resource(driver(NS, "asks", "1", "1Gi", SCHEDULER, Map.of()).editSpec()
                .addToNodeSelector("karpenter.sh/capacity-type", "spot").endSpec().build()).create();
        try (KubernetesScheduler s = cluster.start(new FirstFit(), Harness.settings().capacityTypeLabel(CUSTOM_LABEL).build())) {
            cluster.awaitCache(s, 3, 4);
            CycleReport r = s.scheduleOnce();
            assertThat(r.bound()).extracting(d -> d.pod() + "@" + d.node()).containsExactlyInAnyOrder(
                    NS + "/app-driver@d-ondemand", NS + "/app-exec-1@a-karpenter", NS + "/asks-driver@a-karpenter");
        }
    }

    /** With only spot nodes a driver waits, saying why; {@code --drivers-on-spot} lets it on. */
    public static void driverWaitsWithOnlySpot(TestCluster cluster) {
        spotNodes(cluster);
        cluster.admin().nodes().withName("d-ondemand").delete();
        cluster.admin().resource(driver(NS, "app", "1", "1Gi", SCHEDULER, Map.of()).build()).create();
        try (KubernetesScheduler s = cluster.start(new FirstFit(), Harness.settings().capacityTypeLabel(CUSTOM_LABEL).build())) {
            cluster.awaitCache(s, 1, 3);
            CycleReport r = s.scheduleOnce();
            assertThat(r.bound()).isEmpty();
            assertThat(r.unschedulable()).singleElement().asString()
                    .contains("0/3 nodes are available: 3 node(s) were spot capacity, which Spark drivers are kept off.");
        }
        try (KubernetesScheduler s = cluster.start(new FirstFit(), Harness.settings().driversOnSpot(true).build())) {
            cluster.awaitCache(s, 1, 3);
            assertThat(s.scheduleOnce().bound()).extracting(Decision::node).containsExactly("a-karpenter");
        }
    }

    /**
     * Two nodes run another scheduler's pods that end 100 s and 1,000 s from now (their expected
     * durations since they were bound): an application expected to run 900 s goes to the node busy
     * that long (it adds no node time there), one of 50 s to the node that empties soonest.
     */
    public static void executorsFinishTogether(TestCluster cluster) {
        cluster.namespace(NS);
        KubernetesClient c = cluster.admin();
        cluster.createNode(node("n1", "cheap", 8, 32).build());
        cluster.createNode(node("n2", "cheap", 8, 32).build());
        boundSince(c, "ends-soon", "n1", 100);
        boundSince(c, "ends-late", "n2", 1000);
        c.resource(expected(executor(NS, "long", 1, "1", "1Gi", SCHEDULER), 900)).create();
        c.resource(expected(executor(NS, "short", 1, "1", "1Gi", SCHEDULER), 50)).create();
        try (KubernetesScheduler s = cluster.start(new FinishTogether())) {
            cluster.awaitCache(s, 4, 2);
            CycleReport r = s.scheduleOnce();
            assertThat(r.bound()).extracting(d -> d.pod() + "@" + d.node())
                    .containsExactlyInAnyOrder(NS + "/long-exec-1@n2", NS + "/short-exec-1@n1");
        }
    }

    private static Pod expected(PodBuilder pod, double seconds) {
        return pod.editMetadata().addToAnnotations("execplace.io/expected-duration-seconds", Double.toString(seconds)).endMetadata()
                .build();
    }

    /** A pod kube-scheduler bound at the scheduler's clock's start, expected to run {@code seconds}. */
    private static void boundSince(KubernetesClient c, String name, String node, double seconds) {
        Pod pod = c.resource(expected(new PodBuilder(TestObjects.foreign(NS, name, node, "1", "1Gi")), seconds)).create();
        pod.setStatus(new io.fabric8.kubernetes.api.model.PodStatusBuilder().withPhase("Running").addNewCondition()
                .withType("PodScheduled").withStatus("True").withLastTransitionTime(Harness.START.toString()).endCondition().build());
        c.resource(pod).updateStatus();
    }
}
