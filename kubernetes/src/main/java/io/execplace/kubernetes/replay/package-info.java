/**
 * Replaying a workload on a real cluster (the testbed of {@code scripts/testbed}): each application's
 * driver and executor pods created at its arrival, time compressed K times, left to a scheduler and
 * a node provisioner; what happened to them measured (finish times, deadlines met, scheduling latency)
 * beside the provisioned nodes' cost; and its prediction on the simulator's elastic model ({@code
 * ReplaySetup} checks the values a user gives and builds both).
 *
 * <p>May import {@code core.model}, {@code core.io}, {@code core.metrics}, {@code core.policy}, {@code core.rules},
 * {@code core.sim}, {@code kubernetes.cluster}, {@code kubernetes.pricing}, {@code kubernetes.provisioned}.
 */
package io.execplace.kubernetes.replay;
