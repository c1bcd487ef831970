package io.execplace.experiments.report;

/**
 * Round time units for chart axes: seconds up to 3 minutes, minutes up to 3 hours, hours beyond,
 * and tick steps of 1, 2, 2.5 or 5 times a power of ten in that unit (or 15/30 minutes, 3/6/12 hours).
 *
 * @param name    the unit's name for axis titles ("minutes")
 * @param seconds seconds per unit
 */
public record TimeAxis(String name, double seconds) {

    /** The unit for a time span of {@code spanSeconds}. */
    public static TimeAxis forSpan(double spanSeconds) {
        if (spanSeconds <= 180) {
            return new TimeAxis("seconds", 1);
        }
        if (spanSeconds <= 3 * 3600) {
            return new TimeAxis("minutes", 60);
        }
        return new TimeAxis("hours", 3600);
    }

    /** {@code t} seconds in this unit. */
    public double of(double t) {
        return t / seconds;
    }

    /** A round tick step, in this unit, for about {@code ticks} ticks over {@code span} units. */
    public double tickStep(double span, int ticks) {
        double raw = span / Math.max(1, ticks);
        double[] steps = seconds == 60 ? new double[] {1, 2, 5, 10, 15, 30, 60, 120}
                : seconds == 3600 ? new double[] {0.25, 0.5, 1, 2, 3, 6, 12, 24, 48, 96, 168}
                : new double[] {1, 2, 5, 10, 15, 30, 60};
        for (double s : steps) {
            if (s >= raw) {
                return s;
            }
        }
        return AxisScale.niceStep(span, ticks);
    }
}
