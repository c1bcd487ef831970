package io.execplace.core.workload;

/** Number formatting for trace files: whole numbers without a decimal point, others exactly. */
final class Numbers {

    private Numbers() {
    }

    /**
     * {@code 49} rather than {@code 49.0} for whole values; otherwise Java's shortest decimal that
     * reads back to the same double, so a write followed by a read reproduces every bit.
     */
    static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }
}
