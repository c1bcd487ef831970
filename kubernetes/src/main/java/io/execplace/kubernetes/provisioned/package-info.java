/**
 * The nodes a node provisioner (Karpenter) bought, read from its NodeClaims: each claim's instance type,
 * capacity type and lifetime, and what those lifetimes cost at the price table's prices; the informer
 * adapter both its watch and the replay's pod watch use.
 *
 * <p>May import {@code kubernetes.pricing}.
 */
package io.execplace.kubernetes.provisioned;
