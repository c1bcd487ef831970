package io.execplace.experiments.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.function.Function;

/** Axis helpers: round bounds with headroom, and tick labels that stay short for any magnitude. */
final class AxisScale {

    private static final String[] SUFFIXES = {"", "k", "M", "G", "T"};

    private AxisScale() {
    }

    /** A 1-2-2.5-5 × 10ⁿ step that splits {@code range} into about {@code ticks} parts. */
    static double niceStep(double range, int ticks) {
        if (!(range > 0) || !Double.isFinite(range)) {
            return 1;
        }
        double raw = range / ticks;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double norm = raw / magnitude;
        double nice = norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 2.5 ? 2.5 : norm <= 5 ? 5 : 10;
        return nice * magnitude;
    }

    /**
     * Bounds {min, max} that include zero and the data with a little headroom, rounded outwards to a
     * nice step, so the tallest bar (or error bar) never touches the plot border.
     */
    static double[] boundsFromZero(double dataMin, double dataMax) {
        double lo = Math.min(0, dataMin);
        double hi = Math.max(0, dataMax);
        if (!(hi > lo)) {
            return new double[] {0, 1}; // no data at all, or all zeros
        }
        double pad = 0.04 * (hi - lo);
        double step = niceStep(hi - lo + 2 * pad, 10); // fine rounding; XChart picks its own tick step
        double max = hi > 0 ? Math.ceil((hi + pad) / step) * step : 0;
        double min = lo < 0 ? Math.floor((lo - pad) / step) * step : 0;
        return new double[] {min, max};
    }

    /**
     * Tick labels with one scale for the whole axis: values up to 9 999 print plainly ({@code 2500},
     * {@code 0.25}); larger axes use a suffix ({@code 20k}, {@code 1.5M}); tiny ones an exponent
     * ({@code 2e-5}). One scale per axis avoids mixing {@code 5000} and {@code 10k}.
     *
     * @param maxAbs largest absolute value on the axis
     */
    static Function<Double, String> tickFormatter(double maxAbs) {
        int group = 0;
        if (Double.isFinite(maxAbs) && maxAbs >= 1e4) {
            group = Math.min(SUFFIXES.length - 1, (int) Math.floor(Math.log10(maxAbs) / 3));
        }
        boolean tiny = Double.isFinite(maxAbs) && maxAbs > 0 && maxAbs < 1e-3;
        double scale = Math.pow(1000, group);
        String suffix = SUFFIXES[group];
        return v -> {
            if (v == null || !Double.isFinite(v)) {
                return "";
            }
            if (v == 0) {
                return "0";
            }
            if (tiny) {
                return scientific(v);
            }
            return plain(v / scale) + suffix;
        };
    }

    /** Up to 4 significant digits, trailing zeros dropped; also removes floating-point noise. */
    private static String plain(double v) {
        BigDecimal d = new BigDecimal(v).round(new MathContext(4)).stripTrailingZeros();
        return d.signum() == 0 ? "0" : d.toPlainString();
    }

    private static String scientific(double v) {
        int exp = (int) Math.floor(Math.log10(Math.abs(v)));
        double mantissa = v / Math.pow(10, exp);
        if (Math.abs(mantissa) >= 9.9995) { // rounding pushed it to the next decade
            mantissa /= 10;
            exp++;
        }
        return plain(mantissa) + "e" + exp;
    }
}
