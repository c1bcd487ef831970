/**
 * What if: applications read from Spark event logs replayed on a priced cluster as they were placed
 * ({@code actual}) and under each scheduler, optionally on elastic node pools, and what can be said
 * from the replays (savings, what the import left out, what was assumed): what {@code execplace
 * whatif} runs (docs/eventlogs.md).
 *
 * <p>May import {@code core.metrics}, {@code core.model}, {@code core.policy}, {@code core.progress}, {@code
 * core.rules}, {@code core.sim}, {@code eventlogs}, {@code experiments.report}, {@code schedulers}, {@code
 * schedulers.spi}.
 */
package io.execplace.experiments.whatif;
