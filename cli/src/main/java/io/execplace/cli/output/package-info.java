/**
 * What commands print besides their results: progress bars, plain-text tables, the version, and the
 * trace files that generate and import-eventlogs write.
 *
 * <p>May import {@code core.io}, {@code core.model}, {@code core.progress}, {@code core.workload}, {@code experiments.heldout}, {@code
 * experiments.report}.
 */
package io.execplace.cli.output;
