/**
 * Public spot availability data into availability traces: SpotLake's AWS snapshots (Lee et al.,
 * IISWC 2022) read for one instance type and zone into the windows in which the pool could not buy.
 *
 * <p>May import {@code core.io}, {@code core.model}.
 */
package io.execplace.core.spottrace;
