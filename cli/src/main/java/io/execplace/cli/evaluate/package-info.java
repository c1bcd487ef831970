/**
 * Commands that evaluate schedulers and trained agents: {@code evaluate} (an agent on its training
 * setting) and {@code heldout} (training against held-out workloads, LIU's managers included).
 *
 * <p>May import {@code cli.command}, {@code cli.output}, {@code core.config}, {@code
 * core.io}, {@code core.metrics}, {@code core.model}, {@code core.rules}, {@code core.sim}, {@code
 * core.workload}, {@code experiments.api}, {@code experiments.env}, {@code experiments.heldout}, {@code experiments.report},
 * {@code experiments.results}, {@code experiments.scenario}, {@code liu.model}, {@code liu.sim}, {@code
 * liu.study}, {@code rl.env}, {@code rl.train}, {@code schedulers.spi}.
 */
package io.execplace.cli.evaluate;
