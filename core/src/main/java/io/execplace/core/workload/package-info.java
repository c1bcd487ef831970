/**
 * Workloads: the generators of the TPDS, HYB and HJS papers, the SWIM trace, workload presets,
 * and the trace formats (CSV, TPDS, HYB, SWIM) read and written with errors naming file, line and
 * field.
 *
 * <p>May import {@code core.io}, {@code core.model}, {@code core.profile}.
 */
package io.execplace.core.workload;
