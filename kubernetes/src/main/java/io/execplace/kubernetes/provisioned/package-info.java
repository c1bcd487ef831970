/**
 * The nodes a node provisioner (Karpenter) bought, read from its NodeClaims: each claim's instance type,
 * capacity type and lifetime, and what those lifetimes cost at the price table's prices.
 *
 * <p>May import {@code kubernetes.pricing}.
 */
package io.execplace.kubernetes.provisioned;
