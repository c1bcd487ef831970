package io.execplace.core.workload;

/** Number formatting for trace files: whole numbers without a decimal point, others exactly. */
final class Numbers {

    private Numbers() {
    }

    /**
     * {@code 49} rather than {@code 49.0} for whole values; otherwise Java's shortest decimal that
     * reads back to the same double, written without an exponent, so a write followed by a read
     * reproduces every bit.
     */
    static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        // Plain digits (25390375.063, not 2.5390375063E7): the same shortest decimal, without an exponent.
        return java.math.BigDecimal.valueOf(v).toPlainString();
    }
}
