package io.execplace.kubernetes.filter;

import io.execplace.kubernetes.scenario.TestObjects;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The filter plugins against Kubernetes' rules, case by case. */
class FilterPluginsTest {

    private static Node node(Map<String, String> labels, String... taints) {
        var b = TestObjects.node("n", "small", 4, 8).editMetadata().addToLabels(labels).endMetadata();
        List<io.fabric8.kubernetes.api.model.Taint> list = new java.util.ArrayList<>();
        for (String t : taints) {
            String[] kv = t.split("[=:]");
            list.add(TestObjects.taint(kv[0], kv.length == 3 ? kv[1] : null, kv[kv.length - 1]));
        }
        return TestObjects.tainted(b, list);
    }

    private static Pod pod(Toleration... tolerations) {
        return TestObjects.executor("ns", "a", 1, "1", "1Gi", "execplace").editSpec().withTolerations(tolerations)
                .endSpec().build();
    }

    private static Toleration tol(String key, String op, String value, String effect) {
        return new TolerationBuilder().withKey(key).withOperator(op).withValue(value).withEffect(effect).build();
    }

    @Test
    void taintsThatFilterAndTolerationsThatMatch() {
        TaintToleration f = new TaintToleration();
        assertThat(f.reject(pod(), node(Map.of()))).isNull();
        assertThat(f.reject(pod(), node(Map.of(), "k=v:NoSchedule"))).isEqualTo("node(s) had taint {k: v}, that the pod didn't tolerate");
        assertThat(f.reject(pod(), node(Map.of(), "k=v:NoExecute"))).isNotNull();
        assertThat(f.reject(pod(), node(Map.of(), "k=v:PreferNoSchedule"))).isNull();
        assertThat(f.reject(pod(tol("k", "Equal", "v", "NoSchedule")), node(Map.of(), "k=v:NoSchedule"))).isNull();
        assertThat(f.reject(pod(tol("k", "Equal", "w", "NoSchedule")), node(Map.of(), "k=v:NoSchedule"))).isNotNull();
        assertThat(f.reject(pod(tol("k", "Exists", null, null)), node(Map.of(), "k=v:NoSchedule", "k=x:NoExecute"))).isNull();
        assertThat(f.reject(pod(tol("k", "Exists", null, "NoSchedule")), node(Map.of(), "k=x:NoExecute"))).isNotNull();
        // An empty key with Exists tolerates every taint.
        assertThat(f.reject(pod(tol(null, "Exists", null, null)), node(Map.of(), "a=b:NoSchedule", "c:NoExecute"))).isNull();
        // Operator defaults to Equal; a taint without value matches an empty value.
        assertThat(f.reject(pod(tol("karpenter.sh/disrupted", null, null, "NoSchedule")),
                node(Map.of(), "karpenter.sh/disrupted:NoSchedule"))).isNull();
        // Every taint must be tolerated, not one of them.
        assertThat(f.reject(pod(tol("a", "Exists", null, null)), node(Map.of(), "a=1:NoSchedule", "b=2:NoSchedule")))
                .isEqualTo("node(s) had taint {b: 2}, that the pod didn't tolerate");
    }

    private static Pod affine(List<NodeSelectorRequirement> expressions, List<NodeSelectorRequirement> fields) {
        return TestObjects.executor("ns", "a", 1, "1", "1Gi", "execplace").editSpec().withNewAffinity().withNewNodeAffinity()
                .withNewRequiredDuringSchedulingIgnoredDuringExecution().addNewNodeSelectorTerm()
                .withMatchExpressions(expressions).withMatchFields(fields).endNodeSelectorTerm()
                .endRequiredDuringSchedulingIgnoredDuringExecution().endNodeAffinity().endAffinity().endSpec().build();
    }

    private static NodeSelectorRequirement req(String key, String op, String... values) {
        return new NodeSelectorRequirementBuilder().withKey(key).withOperator(op).withValues(values).build();
    }

    @Test
    void nodeSelectorAndRequiredAffinity() {
        NodeAffinity f = new NodeAffinity();
        Node n = node(Map.of("zone", "z1", "gen", "7"));
        Pod selector = TestObjects.executor("ns", "a", 1, "1", "1Gi", "x").editSpec().withNodeSelector(Map.of("zone", "z1")).endSpec().build();
        assertThat(f.reject(selector, n)).isNull();
        Pod wrong = TestObjects.executor("ns", "a", 1, "1", "1Gi", "x").editSpec().withNodeSelector(Map.of("zone", "z2")).endSpec().build();
        assertThat(f.reject(wrong, n)).isEqualTo(NodeAffinity.REASON);
        assertThat(f.reject(affine(List.of(req("zone", "In", "z1", "z2")), List.of()), n)).isNull();
        assertThat(f.reject(affine(List.of(req("zone", "NotIn", "z1")), List.of()), n)).isNotNull();
        assertThat(f.reject(affine(List.of(req("absent", "NotIn", "z1")), List.of()), n)).isNull();
        assertThat(f.reject(affine(List.of(req("zone", "Exists")), List.of()), n)).isNull();
        assertThat(f.reject(affine(List.of(req("zone", "DoesNotExist")), List.of()), n)).isNotNull();
        assertThat(f.reject(affine(List.of(req("gen", "Gt", "6")), List.of()), n)).isNull();
        assertThat(f.reject(affine(List.of(req("gen", "Lt", "6")), List.of()), n)).isNotNull();
        assertThat(f.reject(affine(List.of(req("zone", "Gt", "6")), List.of()), n)).as("not a number").isNotNull();
        assertThat(f.reject(affine(List.of(), List.of(req("metadata.name", "In", "n"))), n)).isNull();
        assertThat(f.reject(affine(List.of(), List.of(req("metadata.name", "In", "m"))), n)).isNotNull();
        // Expressions within a term all hold.
        assertThat(f.reject(affine(List.of(req("zone", "In", "z1"), req("gen", "Lt", "6")), List.of()), n)).isNotNull();
        // A term with nothing in it matches nothing.
        assertThat(f.reject(affine(List.of(), List.of()), n)).isNotNull();
    }

    @Test
    void summaryIsKubeSchedulersLine() {
        Feasibility.Diagnosis d = new Feasibility.Diagnosis();
        d.add("Insufficient cpu");
        d.add("node(s) didn't match node selector");
        d.add("Insufficient cpu");
        assertThat(d.summary(0, 3)).isEqualTo("0/3 nodes are available: 2 Insufficient cpu, 1 node(s) didn't match node selector.");
    }
}
