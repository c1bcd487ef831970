/**
 * The papers' studies and their reports: HYB (hybrid), TPDS and HJS reproductions, the elastic
 * clusters' spot study, the comparison report (HTML, charts), and the training sweep ({@code train --sweep}) with
 * its learning curves. LIU's study is in the module {@code liu}.
 *
 * <p>May import {@code core.io}, {@code core.metrics}, {@code core.model}, {@code core.profile}, {@code core.progress}, {@code core.rules}, {@code
 * core.sim}, {@code core.workload}, {@code experiments.env}, {@code experiments.heldout}, {@code
 * experiments.report}, {@code experiments.results}, {@code experiments.run}, {@code
 * experiments.scenario}, {@code experiments.training}, {@code rl.agent}, {@code rl.env}, {@code
 * rl.train}, {@code schedulers.milp}, {@code schedulers.spi}.
 */
package io.execplace.experiments.study;
