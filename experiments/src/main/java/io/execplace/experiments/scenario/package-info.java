/**
 * Scenarios: what a comparison runs (cluster, workload, queue, rules, schedulers, seeds),
 * resolved from presets, scenario files and the command line, in that order of precedence, with
 * errors naming the setting and its source.
 *
 * <p>May import {@code core.config}, {@code core.io}, {@code core.model}, {@code core.profile},
 * {@code core.rules}, {@code core.workload}, {@code eventlogs}, {@code schedulers}, {@code schedulers.milp},
 * {@code schedulers.spi}.
 */
package io.execplace.experiments.scenario;
