/**
 * The command line (picocli): every {@code execplace} command, its options, help texts, progress
 * and exit codes. The only package that prints; everything else returns values. Bad input becomes
 * exit code 2 with one line; other failures exit 1.
 *
 * <p>May import {@code core.config}, {@code core.io}, {@code core.metrics}, {@code core.model}, {@code core.policy},
 * {@code core.profile}, {@code core.progress}, {@code core.rules}, {@code core.sim}, {@code core.spottrace}, {@code core.workload}, {@code eventlogs}, {@code
 * experiments.bench}, {@code experiments.env}, {@code experiments.heldout}, {@code
 * experiments.report}, {@code experiments.results}, {@code experiments.run}, {@code
 * experiments.scenario}, {@code experiments.study}, {@code experiments.training}, {@code
 * kubernetes.replay}, {@code kubernetes.run}, {@code liu.agent}, {@code liu.managers}, {@code liu.model}, {@code
 * liu.pairs}, {@code liu.study}, {@code rl.agent}, {@code rl.choice}, {@code rl.env}, {@code rl.nn}, {@code
 * rl.pairs}, {@code rl.train}, {@code schedulers}, {@code schedulers.lookahead}, {@code
 * schedulers.milp}, {@code schedulers.offline}, {@code schedulers.spi}.
 */
package io.execplace.cli;
