package io.execplace.kubernetes.cluster;

import io.execplace.core.model.Site;

/**
 * What the scheduler knows about one usable node: its instance type, site, price and allocatable
 * resources (exact, in millicores and bytes).
 */
public record NodeInfo(String name, String instanceType, Site site, double pricePerSecond,
                       long allocatableCpuMillis, long allocatableMemoryBytes) {
}
