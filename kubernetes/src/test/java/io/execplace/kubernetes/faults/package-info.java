/**
 * The fault suite on the testbed (docs/faults.md): scheduler replicas as processes of their own under
 * leader election, a seeded workload replayed while faults are injected (the testbed's components
 * killed and revived, the leader killed, nodes interrupted, tainted or cordoned, bad objects, a spoiled
 * price table, the API server throttling the scheduler's ServiceAccount, slow bindings), an observer outside the scheduler, and the checker of what must hold after each run.
 *
 * <p>May import {@code core.model}, {@code kubernetes.cluster}, {@code kubernetes.filter}, {@code
 * kubernetes.replay}, {@code kubernetes.bind} (the binder, in {@code SqueezeTest}), {@code kubernetes.run} (the launcher and leader election settings), {@code
 * kubernetes.real} (the testbed), {@code schedulers.heuristics}.
 */
package io.execplace.kubernetes.faults;
