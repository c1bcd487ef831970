/**
 * What Karpenter's consolidation may do to the nodes the scheduler binds to: each NodePool's rule
 * ({@code karpenter.sh/v1} {@code spec.disruption}: consolidation policy, {@code consolidateAfter},
 * budgets) read from the API server, nodes mapped to their pool by the {@code karpenter.sh/nodepool}
 * label, and the rule options give where no NodePool says.
 *
 * <p>May import {@code kubernetes.cluster}.
 */
package io.execplace.kubernetes.disruption;
