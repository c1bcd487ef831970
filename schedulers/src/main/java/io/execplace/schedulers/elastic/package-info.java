/**
 * Today's Kubernetes stack as a placement policy: kube-scheduler's resource scoring on the nodes
 * that exist, and a Karpenter-like provisioner that buys nodes for the executors left pending. The
 * baseline execplace's own policies are measured against on elastic clusters (docs/elastic.md).
 *
 * <p>May import {@code core.model}, {@code core.policy}, {@code core.rules}.
 */
package io.execplace.schedulers.elastic;
