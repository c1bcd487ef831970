package io.execplace.schedulers.offline;

/**
 * Puts real numbers (times, memory sizes, prices) on an integer grid for CP-SAT: the smallest
 * power-of-ten scale (up to a limit) at which every value is a whole number, so that the integer
 * model is the real one exactly; when none exists, the finest scale with values rounded in the
 * direction that keeps the model's solutions feasible in reality (see {@link OfflineOptimum}).
 */
final class IntegerGrid {

    private static final double TOLERANCE = 1e-7;

    private IntegerGrid() {
    }

    /** The smallest {@code 10^k <= maxScale} at which every value is whole, or 0 if there is none. */
    static long exactScale(double[] values, long maxScale) {
        for (long s = 1; s <= maxScale; s *= 10) {
            if (allWhole(values, s)) {
                return s;
            }
        }
        return 0;
    }

    /**
     * The smallest multiplier {@code k <= maxMultiplier} at which every value divided by {@code unit}
     * and multiplied by {@code k} is whole (for prices that are multiples of a common unit, such as
     * $0.24/h, $0.48/h, $0.72/h), or 0 if there is none.
     */
    static long exactMultiplier(double[] values, double unit, long maxMultiplier) {
        double[] ratios = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            ratios[i] = values[i] / unit;
        }
        for (long k = 1; k <= maxMultiplier; k++) {
            if (allWhole(ratios, k)) {
                return k;
            }
        }
        return 0;
    }

    private static boolean allWhole(double[] values, double scale) {
        for (double v : values) {
            double x = v * scale;
            if (Math.abs(x - Math.rint(x)) > TOLERANCE * Math.max(1, Math.abs(x))) {
                return false;
            }
        }
        return true;
    }

    static long up(double value, double scale) {
        double x = value * scale;
        double r = Math.rint(x);
        return Math.abs(x - r) <= TOLERANCE * Math.max(1, Math.abs(x)) ? (long) r : (long) Math.ceil(x);
    }

    static long down(double value, double scale) {
        double x = value * scale;
        double r = Math.rint(x);
        return Math.abs(x - r) <= TOLERANCE * Math.max(1, Math.abs(x)) ? (long) r : (long) Math.floor(x);
    }
}
