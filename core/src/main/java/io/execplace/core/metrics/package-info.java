/**
 * What a run achieved: per-job and per-VM records, the run summary (cost, durations, deadlines,
 * drops), the schedule trace and its independent check, the cost lower bound any schedule of the
 * same jobs must pay, and the HJS paper's Target.
 *
 * <p>May import {@code core.model}, {@code core.rules}.
 */
package io.execplace.core.metrics;
