/**
 * Benchmarks of the simulator and of scheduler decisions (median, p99 decision times), run by
 * {@code execplace bench}; numbers go to docs, never into test assertions.
 *
 * <p>May import {@code core.metrics}, {@code core.model}, {@code core.policy}, {@code core.rules},
 * {@code core.sim}, {@code core.workload}, {@code schedulers}, {@code schedulers.lookahead},
 * {@code schedulers.milp}, {@code schedulers.spi}.
 */
package io.execplace.experiments.bench;
