/**
 * The cluster as the policies see it: nodes read from the API server, their labels and
 * allocatable resources, turned into a snapshot of VMs with prices.
 *
 * <p>May import {@code core.model}, {@code core.policy}, {@code core.rules}, {@code
 * kubernetes.pricing}.
 */
package io.execplace.kubernetes.cluster;
