/**
 * Held-out evaluation: disjoint training and held-out workload seeds, and per-scheduler results
 * over the held-out workloads with 95 % intervals and win rates.
 *
 * <p>May import {@code core.io} (its CSV file), {@code core.metrics}, {@code core.model}, {@code core.policy}, {@code core.profile},
 * {@code core.rules}, {@code core.sim}, {@code core.workload}, {@code schedulers.spi} (names with @QUEUE).
 */
package io.execplace.experiments.heldout;
