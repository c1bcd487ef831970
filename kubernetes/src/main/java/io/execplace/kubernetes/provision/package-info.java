/**
 * execplace choosing the nodes it needs on a Kubernetes cluster with Karpenter ({@code k8s-scheduler
 * --provision nodeclaims}): for pods no node holds, the instance type execplace's elastic placement buys
 * (the cheapest type that holds the pending executors, one node per application's rest, as the model's
 * {@code finish-together} buys), written as a Karpenter {@code NodeClaim} of a NodePool that Karpenter
 * then launches, registers and later consolidates as its own; the claims still launching, with the room
 * they keep for the pods they were bought for.
 *
 * <p>May import {@code core.io}, {@code core.model} (the instance-type rule it shares with the elastic model), {@code kubernetes.cluster}.
 */
package io.execplace.kubernetes.provision;
