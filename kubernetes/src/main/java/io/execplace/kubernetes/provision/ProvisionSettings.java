package io.execplace.kubernetes.provision;

import java.time.Duration;
import java.util.List;

/**
 * {@code --provision nodeclaims}: the instance types the NodePools may launch ({@code --instance-types}),
 * the NodePools to claim nodes from, first the one for pods without a capacity-type selector ({@code
 * --node-pools}), how long a claim may take to give a node before its pods are bought for again, and the
 * batch window in which applications waiting for room are gathered to be bought for together ({@code
 * --claim-batch IDLE,MAX}: closed after {@code batchIdle} without a new one, or {@code batchMax} after it
 * opened, as Karpenter's batcher; zero: each cycle's applications are one batch).
 */
public record ProvisionSettings(List<InstanceShape> shapes, List<String> nodePools, Duration launchTimeout, Duration batchIdle,
                                Duration batchMax) {

    public ProvisionSettings {
        shapes = List.copyOf(shapes);
        nodePools = List.copyOf(nodePools);
        if (nodePools.isEmpty()) {
            throw new IllegalArgumentException("at least one NodePool is needed");
        }
        if (batchIdle.isNegative() || batchMax.compareTo(batchIdle) < 0) {
            throw new IllegalArgumentException("the batch window needs 0 <= idle <= max, got " + batchIdle + ", " + batchMax);
        }
    }

    /** Without a batch window: each cycle's applications are bought for together. */
    public ProvisionSettings(List<InstanceShape> shapes, List<String> nodePools, Duration launchTimeout) {
        this(shapes, nodePools, launchTimeout, Duration.ZERO, Duration.ZERO);
    }
}
