/**
 * The cluster as the policies see it: nodes read from the API server, their labels and
 * allocatable resources, turned into a snapshot of VMs with prices; and the timer of Karpenter's batch
 * window, which the scheduler's claims and the replay's model of Karpenter both follow.
 *
 * <p>May import {@code core.model}, {@code core.policy}, {@code core.rules}, {@code
 * kubernetes.pricing}.
 */
package io.execplace.kubernetes.cluster;
