package io.execplace.kubernetes.provision;

import io.execplace.core.io.BadInputException;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a NodeClaim of a Karpenter NodePool carries from it, as Karpenter's own provisioner fills a
 * claim from the pool's template (sigs.k8s.io/karpenter v1.15.0, {@code
 * pkg/controllers/provisioning/scheduling/nodeclaimtemplate.go}): the node class, the template's labels
 * plus {@code karpenter.sh/nodepool}, {@code expireAfter}, and the capacity type its requirements allow.
 */
record NodePoolTemplate(String name, String uid, String capacityType, Map<String, Object> nodeClassRef,
                        Map<String, String> labels, Object expireAfter) {

    static final String NODEPOOL_LABEL = "karpenter.sh/nodepool";
    static final String CAPACITY_TYPE = "karpenter.sh/capacity-type";

    /** Reads the pool; a pool without a node class is an error naming it. */
    @SuppressWarnings("unchecked")
    static NodePoolTemplate of(GenericKubernetesResource pool) {
        String name = pool.getMetadata().getName();
        Map<String, Object> spec = map(map(map(pool.getAdditionalProperties(), "spec"), "template"), "spec");
        Map<String, Object> ref = map(spec, "nodeClassRef");
        if (ref.isEmpty()) {
            throw new BadInputException("NodePool " + name + ": field spec.template.spec.nodeClassRef is missing");
        }
        String capacity = "on-demand";
        Object reqs = spec.get("requirements");
        if (reqs instanceof List<?> list) {
            for (Object r : list) {
                Map<String, Object> req = (Map<String, Object>) r;
                if (CAPACITY_TYPE.equals(req.get("key")) && "In".equals(req.get("operator"))
                        && req.get("values") instanceof List<?> values && !values.isEmpty()) {
                    capacity = String.valueOf(values.get(0));
                }
            }
        }
        Map<String, String> labels = new LinkedHashMap<>();
        Object templateLabels = map(map(map(pool.getAdditionalProperties(), "spec"), "template"), "metadata").get("labels");
        if (templateLabels instanceof Map<?, ?> m) {
            m.forEach((k, v) -> labels.put(String.valueOf(k), String.valueOf(v)));
        }
        labels.put(NODEPOOL_LABEL, name);
        return new NodePoolTemplate(name, pool.getMetadata().getUid(), capacity, ref, Map.copyOf(labels), spec.get("expireAfter"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<String, Object> m, String key) {
        Object v = m == null ? null : m.get(key);
        return v instanceof Map<?, ?> ? (Map<String, Object>) v : Map.of();
    }
}
