/**
 * The event simulator: {@code EventKernel} (pull-style clock, arrivals, completions, waiting
 * queue, start and finish), the mutable {@code ClusterState}, and {@code Simulation}, which
 * drives the kernel with a placement policy. The TPDS, HJS and pair environments drive the same
 * kernel; {@code ResumedRun} starts a kernel from another run's state, for look-ahead rollouts. LIU's
 * slot model and the look-ahead's fixed-cluster rollout simulator keep their own rules (docs/kernel.md
 * says why).
 *
 * <p>May import {@code core.metrics}, {@code core.model}, {@code core.policy}, {@code core.rules}.
 */
package io.execplace.core.sim;
