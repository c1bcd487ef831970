package io.execplace.kubernetes.provisioned;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * One NodeClaim's life: the instance it launched and from when to when it was held. Karpenter labels a
 * NodeClaim with its instance type and capacity type once the cloud provider launched it; a claim
 * without them never launched and is never billed.
 *
 * @param name         the NodeClaim's name
 * @param instanceType label {@code node.kubernetes.io/instance-type}, or empty before launch
 * @param spot         label {@code karpenter.sh/capacity-type} is {@code spot}
 * @param created      the NodeClaim's creation time
 * @param deleted      its deletion time (the deletion timestamp, or when it was seen gone), or null while it lives
 */
public record NodeClaimLife(String name, String instanceType, boolean spot, Instant created, Instant deleted) {

    public static final String API_VERSION = "karpenter.sh/v1";
    public static final String KIND = "NodeClaim";
    public static final String INSTANCE_TYPE = "node.kubernetes.io/instance-type";
    public static final String CAPACITY_TYPE = "karpenter.sh/capacity-type";

    public NodeClaimLife {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(instanceType, "instanceType");
        Objects.requireNonNull(created, "created");
    }

    /** The life as the object tells it (deleted: its deletion timestamp, if any). */
    public static NodeClaimLife of(GenericKubernetesResource claim) {
        ObjectMeta meta = claim.getMetadata();
        Map<String, String> labels = meta.getLabels() == null ? Map.of() : meta.getLabels();
        Instant deleted = meta.getDeletionTimestamp() == null ? null : Instant.parse(meta.getDeletionTimestamp());
        return new NodeClaimLife(meta.getName(), labels.getOrDefault(INSTANCE_TYPE, ""),
                "spot".equals(labels.get(CAPACITY_TYPE)), Instant.parse(meta.getCreationTimestamp()), deleted);
    }

    /** Whether the cloud provider launched an instance for it. */
    public boolean launched() {
        return !instanceType.isEmpty();
    }

    /** The same life, ended at {@code at} unless it had ended already. */
    public NodeClaimLife endedBy(Instant at) {
        return deleted != null ? this : new NodeClaimLife(name, instanceType, spot, created, at);
    }

    /** How long it was held up to {@code until} (its deletion if earlier); never negative. */
    public Duration heldUntil(Instant until) {
        Instant end = deleted != null && deleted.isBefore(until) ? deleted : until;
        return end.isAfter(created) ? Duration.between(created, end) : Duration.ZERO;
    }
}
