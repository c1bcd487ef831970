package io.execplace.core.model;

/**
 * Room held on an elastic cluster's nodes by placeholder pods: Kubernetes' overprovisioning pattern, a
 * Deployment of {@code pods} pause pods of {@code coresPerPod} cores and {@code memoryGbPerPod} GB with a
 * negative PriorityClass (kubernetes.io, "Overprovision Node Capacity For A Cluster"; cluster-autoscaler
 * FAQ, "How can I configure overprovisioning"). A real pod that needs their room pre-empts them at once;
 * the pre-empted placeholders go pending and the provisioner buys a node for them, so the room is back
 * after a launch. {@code capacityType} is the placeholders' node selector on the capacity type (null: any).
 * A placement carries it ({@link Placement#withPlaceholders}) to set the Deployment's replicas from then on.
 */
public record PlaceholderRoom(int pods, int coresPerPod, double memoryGbPerPod, CapacityType capacityType) {

    public PlaceholderRoom {
        if (pods < 0) {
            throw new IllegalArgumentException("placeholder pods must be >= 0, got " + pods);
        }
        if (coresPerPod <= 0 || !(memoryGbPerPod >= 0)) {
            throw new IllegalArgumentException("a placeholder pod requests > 0 cores and >= 0 GB, got "
                    + coresPerPod + " cores, " + memoryGbPerPod + " GB");
        }
    }

    /** {@code pods} placeholders of one shape, on nodes of any capacity type. */
    public static PlaceholderRoom of(int pods, int coresPerPod, double memoryGbPerPod) {
        return new PlaceholderRoom(pods, coresPerPod, memoryGbPerPod, null);
    }

    /** The same placeholders kept to nodes of {@code type} (a node selector on {@code karpenter.sh/capacity-type}). */
    public PlaceholderRoom on(CapacityType type) {
        return new PlaceholderRoom(pods, coresPerPod, memoryGbPerPod, type);
    }

    /** True when {@code other} asks for pods of the same request and node selector (only the replicas differ). */
    public boolean sameShape(PlaceholderRoom other) {
        return other != null && coresPerPod == other.coresPerPod
                && Double.compare(memoryGbPerPod, other.memoryGbPerPod) == 0 && capacityType == other.capacityType;
    }
}
