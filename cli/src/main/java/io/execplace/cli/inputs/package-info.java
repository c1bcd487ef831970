/**
 * Commands that make or list the inputs of a run: {@code generate} (a workload trace), {@code
 * import-spot-trace} (an availability trace) and {@code presets} (the built-in names).
 *
 * <p>May import {@code cli.command}, {@code cli.output}, {@code core.config}, {@code
 * core.io}, {@code core.model}, {@code core.profile}, {@code core.rules}, {@code core.spottrace}, {@code
 * core.workload}, {@code experiments.scenario}, {@code liu.managers}, {@code liu.model}, {@code
 * schedulers.spi}.
 */
package io.execplace.cli.inputs;
