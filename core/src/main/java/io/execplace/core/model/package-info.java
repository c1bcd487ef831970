/**
 * The domain model as immutable records with units in their names: VM types and VMs, sites,
 * clusters and their presets, pricing models, jobs (Spark applications) with their executors, job
 * types, placements and workloads; and elastic capacity: node pools ({@link NodePool}, {@link
 * NodePools}) that a provisioner grows and shrinks, the instance types they buy on-demand or on spot,
 * how long a node takes to arrive ({@link LaunchDelay}), which instance type a provisioner buys for pending pods ({@link InstanceChoice}), how its lifetime is billed, when an empty
 * node is consolidated away and how often spot capacity is taken back ({@link Interruptions}).
 *
 * <p>A pool is simulated as a fixed row of <em>node slots</em>, one per node its core limit could
 * hold, per instance type: a slot is a {@link Vm} of the {@link Cluster}, absent (not bought), alive
 * (launching, then ready) or cordoned (under a spot interruption notice). Every placement policy
 * therefore sees the cluster it always saw, and placing an executor on an absent slot buys that
 * node. A fixed cluster is the case without pools; the node lifecycle runs in the event kernel.
 *
 * <p>May import {@code core.io}.
 */
package io.execplace.core.model;
