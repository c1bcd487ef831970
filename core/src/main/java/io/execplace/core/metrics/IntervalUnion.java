package io.execplace.core.metrics;

import java.util.List;

/**
 * The length of a union of time intervals: how long a VM is busy when it hosts the jobs whose
 * {@code [start, end]} intervals are given (a VM is billed for the time it hosts at least one).
 */
public final class IntervalUnion {

    private IntervalUnion() {
    }

    /**
     * Seconds covered by at least one of the {@code [start, end]} intervals; intervals that touch or
     * overlap count once. Sorts {@code intervals} by start, in place; sums the merged runs in that order.
     */
    public static double length(List<double[]> intervals) {
        intervals.sort((a, b) -> Double.compare(a[0], b[0]));
        double total = 0;
        double runStart = Double.NaN;
        double runEnd = Double.NEGATIVE_INFINITY;
        for (double[] iv : intervals) {
            if (iv[0] > runEnd) {
                if (runEnd > Double.NEGATIVE_INFINITY) {
                    total += runEnd - runStart;
                }
                runStart = iv[0];
                runEnd = iv[1];
            } else {
                runEnd = Math.max(runEnd, iv[1]);
            }
        }
        if (runEnd > Double.NEGATIVE_INFINITY) {
            total += runEnd - runStart;
        }
        return total;
    }
}
