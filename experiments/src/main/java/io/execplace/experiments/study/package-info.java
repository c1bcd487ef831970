/**
 * The papers' studies and their reports: HYB (hybrid), TPDS, HJS and LIU reproductions, and the
 * comparison report (HTML, charts).
 *
 * <p>May import {@code core.io}, {@code core.liu}, {@code core.liu.metrics}, {@code core.liu.sim},
 * {@code core.metrics}, {@code core.model}, {@code core.profile}, {@code core.rules}, {@code
 * core.sim}, {@code core.workload}, {@code experiments.env}, {@code experiments.heldout}, {@code
 * experiments.report}, {@code experiments.results}, {@code experiments.run}, {@code
 * experiments.scenario}, {@code experiments.training}, {@code rl.agent}, {@code rl.env}, {@code
 * rl.liu}, {@code rl.train}, {@code schedulers.liu}, {@code schedulers.milp}, {@code
 * schedulers.spi}.
 */
package io.execplace.experiments.study;
