package io.execplace.kubernetes.scenario;

import io.execplace.kubernetes.run.CycleReport;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.schedulers.heuristics.FirstFit;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;

import java.util.List;
import java.util.Map;

import static io.execplace.kubernetes.scenario.TestObjects.executor;
import static io.execplace.kubernetes.scenario.TestObjects.node;
import static io.execplace.kubernetes.scenario.TestObjects.taint;
import static io.execplace.kubernetes.scenario.TestObjects.tainted;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * kube-scheduler's filters, one scenario each, run on the mock and on a real kube-apiserver. In each,
 * the node the policy prefers (the cheapest, first by name) is one the pods may not run on, so a
 * scheduler that ignored the filter would bind there; a control application that may run there does.
 */
public final class FilterScenarios {

    public static final String NS = "spark";
    private static final String SCHEDULER = "execplace";

    private FilterScenarios() {
    }

    private static void create(KubernetesClient c, PodBuilder... pods) {
        for (PodBuilder p : pods) {
            c.resource(p.build()).create();
        }
    }

    private static KubernetesScheduler cycle(TestCluster cluster, int pods, int nodes) {
        KubernetesScheduler s = cluster.start(new FirstFit());
        cluster.awaitCache(s, pods, nodes);
        return s;
    }

    /** NoSchedule and NoExecute taints (Karpenter's disrupted taint among them) keep executors off; a toleration lets them on. */
    public static void taints(TestCluster cluster) {
        KubernetesClient c = cluster.admin();
        cluster.namespace(NS);
        cluster.createNode(tainted(node("a-cheap", "cheap", 8, 32), List.of(taint("dedicated", "batch", "NoSchedule"))));
        cluster.createNode(tainted(node("b-cheap", "cheap", 8, 32), List.of(taint("karpenter.sh/disrupted", null, "NoSchedule"))));
        cluster.createNode(tainted(node("c-cheap", "cheap", 8, 32), List.of(taint("maintenance", "now", "NoExecute"))));
        cluster.createNode(tainted(node("d-small", "small", 8, 32), List.of(taint("spot", "yes", "PreferNoSchedule"))));
        cluster.createNode(node("e-large", "large", 8, 32).build());
        // Each application fills a node, whatever order the queue takes them in.
        create(c, executor(NS, "plain", 1, "4", "4Gi", SCHEDULER), executor(NS, "plain", 2, "4", "4Gi", SCHEDULER));
        PodBuilder[] tolerant = new PodBuilder[2];
        for (int i = 0; i < 2; i++) {
            tolerant[i] = executor(NS, "tolerant", i + 1, "4", "4Gi", SCHEDULER).editSpec()
                    .withTolerations(new TolerationBuilder().withKey("dedicated").withOperator("Equal").withValue("batch")
                            .withEffect("NoSchedule").build()).endSpec();
        }
        create(c, tolerant);
        try (KubernetesScheduler s = cycle(cluster, 4, 5)) {
            CycleReport r = s.scheduleOnce();
            assertThat(r.bound()).hasSize(4);
        }
        // PreferNoSchedule only scores; NoSchedule and NoExecute filter.
        assertThat(cluster.nodeOf(NS, "plain-exec-1")).isEqualTo("d-small");
        assertThat(cluster.nodeOf(NS, "plain-exec-2")).isEqualTo("d-small");
        assertThat(cluster.nodeOf(NS, "tolerant-exec-1")).isEqualTo("a-cheap");
        assertThat(cluster.nodeOf(NS, "tolerant-exec-2")).isEqualTo("a-cheap");
    }

    /** nodeSelector and required node affinity (In, NotIn, Exists, Gt; metadata.name) choose among nodes. */
    public static void nodeAffinity(TestCluster cluster) {
        KubernetesClient c = cluster.admin();
        cluster.namespace(NS);
        // Each application fills a node (8 cores), whatever order the queue takes them in.
        cluster.createNode(node("a-cheap", "cheap", 8, 32).editMetadata().addToLabels("topology.kubernetes.io/zone", "z1")
                .endMetadata().build());
        cluster.createNode(node("b-small", "small", 8, 32).editMetadata().addToLabels("pool", "spark")
                .addToLabels("topology.kubernetes.io/zone", "z2").addToLabels("generation", "5").endMetadata().build());
        cluster.createNode(node("c-large", "large", 8, 32).editMetadata().addToLabels("pool", "spark")
                .addToLabels("topology.kubernetes.io/zone", "z2").addToLabels("generation", "7").endMetadata().build());
        cluster.createNode(node("d-large", "large", 8, 32).build());
        create(c, executor(NS, "selected", 1, "8", "4Gi", SCHEDULER).editSpec().withNodeSelector(Map.of("pool", "spark")).endSpec());
        create(c, executor(NS, "affine", 1, "8", "4Gi", SCHEDULER).editSpec().withNewAffinity().withNewNodeAffinity()
                .withNewRequiredDuringSchedulingIgnoredDuringExecution()
                .addNewNodeSelectorTerm().withMatchExpressions(
                        new NodeSelectorRequirementBuilder().withKey("topology.kubernetes.io/zone").withOperator("In")
                                .withValues("z2", "z3").build(),
                        new NodeSelectorRequirementBuilder().withKey("generation").withOperator("Gt").withValues("6").build())
                .endNodeSelectorTerm()
                .endRequiredDuringSchedulingIgnoredDuringExecution().endNodeAffinity().endAffinity().endSpec());
        create(c, executor(NS, "named", 1, "8", "4Gi", SCHEDULER).editSpec().withNewAffinity().withNewNodeAffinity()
                .withNewRequiredDuringSchedulingIgnoredDuringExecution()
                .addNewNodeSelectorTerm().withMatchFields(new NodeSelectorRequirementBuilder().withKey("metadata.name")
                        .withOperator("In").withValues("d-large").build()).endNodeSelectorTerm()
                .endRequiredDuringSchedulingIgnoredDuringExecution().endNodeAffinity().endAffinity().endSpec());
        create(c, executor(NS, "free", 1, "8", "4Gi", SCHEDULER));
        try (KubernetesScheduler s = cycle(cluster, 4, 4)) {
            assertThat(s.scheduleOnce().bound()).hasSize(4);
        }
        assertThat(cluster.nodeOf(NS, "selected-exec-1")).isEqualTo("b-small");
        assertThat(cluster.nodeOf(NS, "affine-exec-1")).isEqualTo("c-large");
        assertThat(cluster.nodeOf(NS, "named-exec-1")).isEqualTo("d-large");
        assertThat(cluster.nodeOf(NS, "free-exec-1")).isEqualTo("a-cheap");
    }

    /** GPUs (an extended resource) and the node's pod limit count as kube-scheduler's NodeResourcesFit counts them. */
    public static void extendedResourcesAndPodLimit(TestCluster cluster) {
        KubernetesClient c = cluster.admin();
        cluster.namespace(NS);
        // The cheapest node takes at most 2 pods, one of which runs already; no GPUs.
        cluster.createNode(node("a-cheap", "cheap", Map.of("cpu", "16", "memory", "64Gi", "pods", "2")).build());
        cluster.createNode(node("b-small", "small", Map.of("cpu", "16", "memory", "64Gi", "pods", "110", "nvidia.com/gpu", "2"))
                .build());
        cluster.createNode(node("c-large", "large", Map.of("cpu", "16", "memory", "64Gi", "pods", "110", "nvidia.com/gpu", "4"))
                .build());
        c.resource(TestObjects.foreign(NS, "already-there", "a-cheap", "1", "1Gi")).create();
        PodBuilder[] gpu = new PodBuilder[3];
        for (int i = 0; i < 3; i++) {
            gpu[i] = executor(NS, "gpu", i + 1, "1", "2Gi", SCHEDULER).editSpec().editFirstContainer().editResources()
                    .addToRequests("nvidia.com/gpu", new Quantity("1")).addToLimits("nvidia.com/gpu", new Quantity("1"))
                    .endResources().endContainer().endSpec();
        }
        create(c, gpu);
        create(c, executor(NS, "many", 1, "1", "2Gi", SCHEDULER), executor(NS, "many", 2, "1", "2Gi", SCHEDULER),
                executor(NS, "many", 3, "1", "2Gi", SCHEDULER));
        try (KubernetesScheduler s = cycle(cluster, 7, 3)) {
            assertThat(s.scheduleOnce().bound()).hasSize(6);
        }
        List<String> gpuNodes = List.of(cluster.nodeOf(NS, "gpu-exec-1"), cluster.nodeOf(NS, "gpu-exec-2"),
                cluster.nodeOf(NS, "gpu-exec-3"));
        assertThat(gpuNodes).doesNotContain("a-cheap");
        // b-small has 2 GPUs: the third executor must go to c-large.
        assertThat(gpuNodes.stream().filter("b-small"::equals).count()).isLessThanOrEqualTo(2);
        long onCheap = cluster.pods(NS).stream().filter(p -> p.getMetadata().getName().startsWith("many-")
                && "a-cheap".equals(p.getSpec().getNodeName())).count();
        assertThat(onCheap).as("a-cheap has room for one more pod").isEqualTo(1);
    }

    /** When no node passes the filters: PodScheduled=False with kube-scheduler's summary, and the queue is not blocked. */
    public static void noNodePasses(TestCluster cluster) {
        KubernetesClient c = cluster.admin();
        cluster.namespace(NS);
        cluster.createNode(tainted(node("a-cheap", "cheap", 8, 32), List.of(taint("dedicated", "batch", "NoSchedule"))));
        cluster.createNode(node("b-small", "small", 8, 32).build());
        // Arrives first, fits nowhere (selector matches no node); must not hold back the next application.
        create(c, executor(NS, "a-nowhere", 1, "2", "4Gi", SCHEDULER).editSpec().withNodeSelector(Map.of("pool", "gpu")).endSpec());
        create(c, executor(NS, "later", 1, "2", "4Gi", SCHEDULER));
        try (KubernetesScheduler s = cycle(cluster, 2, 2)) {
            CycleReport r = s.scheduleOnce();
            assertThat(r.bound()).hasSize(1);
            assertThat(r.unschedulable()).singleElement().asString()
                    .contains("0/2 nodes are available: 2 node(s) didn't match node selector.");
        }
        assertThat(cluster.nodeOf(NS, "later-exec-1")).isEqualTo("b-small");
        Pod nowhere = cluster.admin().pods().inNamespace(NS).withName("a-nowhere-exec-1").get();
        assertThat(nowhere.getSpec().getNodeName()).isNull();
        assertThat(nowhere.getStatus().getConditions()).anySatisfy(cond -> {
            assertThat(cond.getType()).isEqualTo("PodScheduled");
            assertThat(cond.getStatus()).isEqualTo("False");
            assertThat(cond.getMessage()).contains("didn't match node selector");
        });
    }
}
