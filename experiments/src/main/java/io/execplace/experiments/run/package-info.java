/**
 * Running scenarios: the {@code Runner} (scheduler x seed runs on threads), the {@code
 * CellEngine} seam: a study's work stated once as a {@code CellType}, run as objects by the local engine
 * or as text in-process or by Spark; cell results, comparisons
 * and their statistics.
 *
 * <p>May import {@code core.io}, {@code core.metrics}, {@code core.model}, {@code core.policy},
 * {@code core.progress}, {@code core.rules}, {@code core.sim}, {@code experiments.scenario}, {@code experiments.training}, {@code rl.train},
 * {@code schedulers}, {@code schedulers.lookahead}, {@code schedulers.milp}, {@code
 * schedulers.spi}.
 */
package io.execplace.experiments.run;
