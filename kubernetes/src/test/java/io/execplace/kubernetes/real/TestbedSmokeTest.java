package io.execplace.kubernetes.real;

import io.execplace.kubernetes.provisioned.NodeClaimLife;
import io.execplace.kubernetes.provisioned.NodeClaimWatch;
import io.execplace.kubernetes.provisioned.NodeCost;
import io.fabric8.kubernetes.api.model.Binding;
import io.fabric8.kubernetes.api.model.BindingBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

/**
 * The testbed end to end: a pod no node can take makes Karpenter buy a node, kwok makes it Ready and
 * runs the pod to completion, consolidation removes the empty node, and the node's cost is its
 * NodeClaim's lifetime × its instance type's price. Also: Karpenter buys nodes for the pods of a second
 * scheduler (one that is not kube-scheduler) once that scheduler marks them unschedulable.
 */
class TestbedSmokeTest {

    private static final String NS = "testbed-smoke";
    private static final Duration PATIENCE = Duration.ofMinutes(3);
    private static Testbed testbed;
    private static KubernetesClient admin;

    @BeforeAll
    static void start() {
        testbed = Testbed.shared();
        admin = testbed.admin();
        testbed.namespace(NS);
    }

    @BeforeEach
    void noNodes() {
        testbed.awaitNoNodeClaims();
    }

    private static Pod pod(String name, String cpu, String memory, int seconds, String schedulerName) {
        return new PodBuilder().withNewMetadata().withName(name).withNamespace(NS)
                .withAnnotations(Map.of("execplace.io/expected-duration-seconds", Integer.toString(seconds))).endMetadata()
                .withNewSpec().withSchedulerName(schedulerName).withRestartPolicy("Never")
                .addNewContainer().withName("work").withImage("example.invalid/work")
                .withNewResources().withRequests(Map.of("cpu", new Quantity(cpu), "memory", new Quantity(memory))).endResources()
                .endContainer().endSpec().build();
    }

    private static Pod get(String name) {
        return admin.pods().inNamespace(NS).withName(name).get();
    }

    private static boolean ready(Node node) {
        return node.getStatus() != null && node.getStatus().getConditions() != null && node.getStatus().getConditions().stream()
                .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
    }

    /** The NodeClaim launched after the given claims, once one is. */
    private static Optional<NodeClaimLife> newClaim(NodeClaimWatch watch, List<String> before) {
        return watch.lives().stream().filter(l -> l.launched() && !before.contains(l.name())).findFirst();
    }

    private static String nodeOf(NodeClaimLife claim) {
        return admin.genericKubernetesResources(NodeClaimLife.API_VERSION, NodeClaimLife.KIND).withName(claim.name()).get()
                .get("status", "nodeName");
    }

    @Test
    void anUnschedulablePodBuysANodeThatRunsItAndIsRemovedAndCostsItsLifetimeTimesItsPrice() {
        try (NodeClaimWatch watch = NodeClaimWatch.start(admin, Clock.systemUTC())) {
            List<String> before = watch.lives().stream().map(NodeClaimLife::name).toList();
            admin.resource(pod("one-core", "1", "1Gi", 20, "default-scheduler")).create();

            NodeClaimLife claim = await().atMost(PATIENCE).until(() -> newClaim(watch, before), Optional::isPresent).orElseThrow();
            // The cheapest instance type of the table that fits 1 CPU and 1 GiB, from the NodePool of the higher weight.
            assertThat(claim.instanceType()).isEqualTo("m5.large");
            assertThat(claim.spot()).isFalse();
            String nodeName = await().atMost(PATIENCE).until(() -> nodeOf(claim), n -> n != null && !n.isEmpty());
            await().atMost(PATIENCE).until(() -> admin.nodes().withName(nodeName).get(), n -> n != null && ready(n));

            await().atMost(PATIENCE).until(() -> get("one-core").getSpec().getNodeName(), nodeName::equals);
            await().atMost(PATIENCE).until(() -> get("one-core").getStatus().getPhase(), "Succeeded"::equals);
            Instant succeeded = Instant.now();

            // Empty after the pod ended: consolidation deletes the claim, and it leaves the API server.
            await().atMost(PATIENCE).until(() -> admin.genericKubernetesResources(NodeClaimLife.API_VERSION, NodeClaimLife.KIND)
                    .withName(claim.name()).get() == null);
            Instant gone = Instant.now();
            NodeClaimLife life = watch.lives().stream().filter(l -> l.name().equals(claim.name())).findFirst().orElseThrow();
            assertThat(life.deleted()).isNotNull();

            double perHour = testbed.prices().pricePerHour("m5.large").orElseThrow();
            NodeCost cost = NodeCost.of(List.of(life), testbed.prices(), 1, gone);
            double lifetime = Duration.between(life.created(), life.deleted()).toMillis() / 1000.0;
            assertThat(cost.cost()).isCloseTo(lifetime * perHour / 3600, within(1e-12));
            assertThat(cost.nodeHours()).isCloseTo(lifetime / 3600, within(1e-12));
            // The claim lived at least as long as its pod ran (20 s) and ended between the pod's end and its removal.
            assertThat(lifetime).isGreaterThanOrEqualTo(20);
            assertThat(life.deleted()).isBetween(succeeded.minusSeconds(1), gone.plusSeconds(1));
        }
    }

    @Test
    void karpenterBuysANodeForThePodOfASecondSchedulerThatMarkedItUnschedulable() {
        try (NodeClaimWatch watch = NodeClaimWatch.start(admin, Clock.systemUTC())) {
            List<String> before = watch.lives().stream().map(NodeClaimLife::name).toList();
            admin.resource(pod("six-cores", "6", "4Gi", 5, "second-scheduler")).create();
            // What a second scheduler does with a pod it cannot place (execplace's BindPhase does the same).
            admin.pods().inNamespace(NS).withName("six-cores").editStatus(p -> new PodBuilder(p).editStatus()
                    .addToConditions(new PodConditionBuilder().withType("PodScheduled").withStatus("False").withReason("Unschedulable")
                            .withMessage("no node fits").withLastTransitionTime(Instant.now().toString()).build())
                    .endStatus().build());

            NodeClaimLife claim = await().atMost(PATIENCE).until(() -> newClaim(watch, before), Optional::isPresent).orElseThrow();
            // 6 CPUs: an 8-CPU type; c5.2xlarge is the cheapest of those in the table.
            assertThat(claim.instanceType()).isEqualTo("c5.2xlarge");
            String nodeName = await().atMost(PATIENCE).until(() -> nodeOf(claim), n -> n != null && !n.isEmpty());
            await().atMost(PATIENCE).until(() -> admin.nodes().withName(nodeName).get(), n -> n != null && ready(n));
            // kube-scheduler leaves the pod to its own scheduler: nobody bound it.
            assertThat(get("six-cores").getSpec().getNodeName()).isNull();

            Binding binding = new BindingBuilder().withNewMetadata().withName("six-cores").withNamespace(NS).endMetadata()
                    .withNewTarget().withKind("Node").withApiVersion("v1").withName(nodeName).endTarget().build();
            admin.bindings().inNamespace(NS).resource(binding).create();
            await().atMost(PATIENCE).until(() -> get("six-cores").getStatus().getPhase(), "Succeeded"::equals);
        }
    }
}
