/**
 * Commands that run schedulers on scenarios: {@code compare}, {@code simulate}, {@code offline}
 * (against the offline optimum) and {@code bench} (decision latency and simulation speed).
 *
 * <p>May import {@code cli.command}, {@code cli.output}, {@code core.io}, {@code
 * core.metrics}, {@code core.model}, {@code core.rules}, {@code core.workload}, {@code experiments.api}, {@code experiments.bench},
 * {@code experiments.report}, {@code experiments.results}, {@code experiments.run}, {@code
 * experiments.scenario}, {@code experiments.study}, {@code liu.agent}, {@code rl.train}, {@code
 * schedulers}, {@code schedulers.offline}, {@code schedulers.spi}.
 */
package io.execplace.cli.simulate;
