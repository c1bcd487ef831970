package io.execplace.kubernetes.provision;

import java.time.Duration;
import java.util.List;

/**
 * {@code --provision nodeclaims}: the instance types the NodePools may launch ({@code --instance-types}),
 * the NodePools to claim nodes from, first the one for pods without a capacity-type selector ({@code
 * --node-pools}), and how long a claim may take to give a node before its pods are bought for again.
 */
public record ProvisionSettings(List<InstanceShape> shapes, List<String> nodePools, Duration launchTimeout) {

    public ProvisionSettings {
        shapes = List.copyOf(shapes);
        nodePools = List.copyOf(nodePools);
        if (nodePools.isEmpty()) {
            throw new IllegalArgumentException("at least one NodePool is needed");
        }
    }
}
