package io.execplace.kubernetes.filter;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.Pod;

import java.util.List;
import java.util.Map;

/**
 * kube-scheduler's NodeAffinity filter: the node's labels must match the pod's {@code nodeSelector}
 * (every pair) and its {@code requiredDuringSchedulingIgnoredDuringExecution} node affinity (any one
 * term; within a term every expression and field; operators In, NotIn, Exists, DoesNotExist, Gt, Lt;
 * the field {@code metadata.name}). A term with no expressions and no fields matches nothing, as in
 * Kubernetes.
 */
public final class NodeAffinity implements NodeFilter {

    static final String REASON = "node(s) didn't match node selector";

    @Override
    public String name() {
        return "NodeAffinity";
    }

    @Override
    public String reject(Pod pod, Node node) {
        if (pod.getSpec() == null) {
            return null;
        }
        Map<String, String> labels = node.getMetadata().getLabels() == null ? Map.of() : node.getMetadata().getLabels();
        Map<String, String> selector = pod.getSpec().getNodeSelector();
        if (selector != null) {
            for (Map.Entry<String, String> e : selector.entrySet()) {
                if (!e.getValue().equals(labels.get(e.getKey()))) {
                    return REASON;
                }
            }
        }
        Affinity affinity = pod.getSpec().getAffinity();
        NodeSelector required = affinity == null || affinity.getNodeAffinity() == null ? null
                : affinity.getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution();
        if (required == null || required.getNodeSelectorTerms() == null) {
            return null;
        }
        for (NodeSelectorTerm term : required.getNodeSelectorTerms()) {
            if (matches(term, labels, node.getMetadata().getName())) {
                return null;
            }
        }
        return REASON;
    }

    private static boolean matches(NodeSelectorTerm term, Map<String, String> labels, String nodeName) {
        List<NodeSelectorRequirement> expressions = term.getMatchExpressions();
        List<NodeSelectorRequirement> fields = term.getMatchFields();
        boolean noExpressions = expressions == null || expressions.isEmpty();
        boolean noFields = fields == null || fields.isEmpty();
        if (noExpressions && noFields) {
            return false;
        }
        if (!noExpressions) {
            for (NodeSelectorRequirement r : expressions) {
                if (!matches(r, labels.get(r.getKey()), labels.containsKey(r.getKey()))) {
                    return false;
                }
            }
        }
        if (!noFields) {
            for (NodeSelectorRequirement r : fields) {
                boolean known = "metadata.name".equals(r.getKey());
                if (!known || !matches(r, nodeName, true)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** One requirement against a label (or field) value; {@code present} says whether the key exists. */
    static boolean matches(NodeSelectorRequirement r, String value, boolean present) {
        List<String> values = r.getValues() == null ? List.of() : r.getValues();
        switch (r.getOperator() == null ? "" : r.getOperator()) {
            case "In":
                return present && values.contains(value);
            case "NotIn":
                return !present || !values.contains(value);
            case "Exists":
                return present;
            case "DoesNotExist":
                return !present;
            case "Gt":
            case "Lt":
                if (!present || values.size() != 1) {
                    return false;
                }
                try {
                    long have = Long.parseLong(value);
                    long bound = Long.parseLong(values.get(0));
                    return "Gt".equals(r.getOperator()) ? have > bound : have < bound;
                } catch (NumberFormatException e) {
                    return false;
                }
            default:
                return false;
        }
    }
}
