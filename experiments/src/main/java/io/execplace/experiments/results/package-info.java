/**
 * The results files of a comparison: one row per scheduler and seed, written as CSV and JSON with
 * documented columns.
 *
 * <p>May import {@code core.io}, {@code core.metrics}, {@code core.model}, {@code experiments.run}, {@code
 * experiments.scenario}, {@code schedulers.spi}.
 */
package io.execplace.experiments.results;
