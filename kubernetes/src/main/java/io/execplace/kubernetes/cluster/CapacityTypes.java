package io.execplace.kubernetes.cluster;

import io.fabric8.kubernetes.api.model.Node;

import java.util.Map;

/**
 * Which nodes are spot capacity, by the labels provisioners put on them: Karpenter's
 * {@code karpenter.sh/capacity-type: spot}, EKS managed node groups' {@code
 * eks.amazonaws.com/capacityType: SPOT}, GKE's {@code cloud.google.com/gke-spot: "true"}, and one more
 * label a platform names ({@code --capacity-type-label}), whose value {@code spot} (any case) or
 * {@code true} marks a spot node — self-managed node groups label capacity in their own way.
 */
public final class CapacityTypes {

    /** The provisioners' labels only. */
    public static final CapacityTypes KNOWN = new CapacityTypes(null);

    private final String extraLabel;

    private CapacityTypes(String extraLabel) {
        this.extraLabel = extraLabel;
    }

    /** The known labels and {@code label} (null or blank: the known labels only). */
    public static CapacityTypes withLabel(String label) {
        return label == null || label.isBlank() ? KNOWN : new CapacityTypes(label);
    }

    /** Whether the node is spot capacity. */
    public boolean spot(Node node) {
        return saySpot(node.getMetadata().getLabels());
    }

    /**
     * Whether a node selector asks for spot capacity by one of these labels (a pod that asks for spot
     * gets spot: the filters never overrule what the pod itself says).
     */
    public boolean asksForSpot(Map<String, String> nodeSelector) {
        return saySpot(nodeSelector);
    }

    /** Whether these labels (a node's, or a selector's) name spot capacity. */
    private boolean saySpot(Map<String, String> labels) {
        if (labels == null) {
            return false;
        }
        return spotValue(labels.get(Labels.CAPACITY_TYPE)) || spotValue(labels.get(Labels.EKS_CAPACITY_TYPE))
                || "true".equals(labels.get(Labels.GKE_SPOT)) || extraLabel != null && spotValue(labels.get(extraLabel));
    }

    private static boolean spotValue(String v) {
        return v != null && ("spot".equalsIgnoreCase(v) || "true".equals(v));
    }
}
