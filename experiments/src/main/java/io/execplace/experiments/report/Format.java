package io.execplace.experiments.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Number formatting for report tables. Locale-independent (always a decimal point) so reports are
 * byte-for-byte reproducible on any machine. Missing values (NaN) print as {@value #MISSING}.
 */
public final class Format {

    /** What a missing value (NaN) prints as: an en dash. */
    public static final String MISSING = "–";

    private Format() {
    }

    /**
     * {@code value} with {@code digits} significant digits, trailing zeros kept because they are
     * significant ({@code 12.30}). Very large or small magnitudes use an exponent ({@code 1.235e7}).
     */
    public static String sig(double value, int digits) {
        if (digits < 1) {
            throw new IllegalArgumentException("need at least one significant digit, got " + digits);
        }
        String special = special(value);
        if (special != null) {
            return special;
        }
        // valueOf uses the shortest decimal that round-trips (2.675, not 2.67499999…), so
        // half-up rounding does what a reader checking by hand expects.
        BigDecimal d = BigDecimal.valueOf(value).round(new MathContext(digits, RoundingMode.HALF_UP));
        int exponent = d.precision() - d.scale() - 1; // position of the leading digit
        // Pad to exactly `digits` significant digits: 12.3 → 12.30 (only adds zeros).
        d = d.setScale(digits - 1 - exponent, RoundingMode.UNNECESSARY);
        if (exponent >= -5 && exponent < 7) {
            return plain(d); // 1.235E+5 → 123500
        }
        BigDecimal mantissa = d.movePointLeft(exponent);
        return mantissa.toPlainString() + "e" + exponent;
    }

    /** A cost (or any money amount) with 4 significant digits: {@code 1235}, {@code 0.01235}. */
    public static String cost(double value) {
        return sig(value, 4);
    }

    /**
     * Mean and standard deviation as {@code 12.3 ± 0.4}. The deviation is rounded to one
     * significant digit (two when it starts with 1, where one digit would lose up to a third of
     * it) and the mean to the same decimal place, so no digit claims more precision than the
     * spread allows. Without a deviation (NaN, e.g. a single seed) only the mean is printed,
     * with 4 significant digits.
     */
    public static String meanStd(double mean, double std) {
        if (Double.isNaN(mean)) {
            return MISSING;
        }
        if (Double.isNaN(std)) {
            return sig(mean, 4);
        }
        if (std == 0 && Double.isFinite(mean)) {
            // No spread: show the mean without padding zeros ("9 ± 0", not "9.000 ± 0").
            return plain(BigDecimal.valueOf(mean).round(new MathContext(4, RoundingMode.HALF_UP)).stripTrailingZeros())
                    + " ± 0";
        }
        if (!Double.isFinite(mean) || !Double.isFinite(std)) {
            return sig(mean, 4) + " ± " + sig(std, 1);
        }
        std = Math.abs(std);
        BigDecimal s = BigDecimal.valueOf(std);
        int digits = s.unscaledValue().toString().charAt(0) == '1' ? 2 : 1;
        s = s.round(new MathContext(digits, RoundingMode.HALF_UP));
        int scale = s.scale();
        BigDecimal m = BigDecimal.valueOf(mean).setScale(scale, RoundingMode.HALF_UP);
        if (m.precision() > 7) {
            // The spread is negligible next to the mean; a dozen digits of mean would be noise.
            return sig(mean, 4) + " ± " + sig(std, 1);
        }
        return plain(m) + " ± " + plain(s);
    }

    /** A value already in percent, one decimal: {@code 12.345 → "12.3%"}. */
    public static String percent(double percent) {
        String special = special(percent);
        if (special != null) {
            return special;
        }
        return BigDecimal.valueOf(percent).setScale(1, RoundingMode.HALF_UP).toPlainString() + "%";
    }

    /** A fraction shown as percent, one decimal: {@code 0.12345 → "12.3%"}. */
    public static String fractionAsPercent(double fraction) {
        String special = special(fraction);
        if (special != null) {
            return special;
        }
        // movePointRight is exact, unlike fraction * 100.
        return BigDecimal.valueOf(fraction).movePointRight(2).setScale(1, RoundingMode.HALF_UP).toPlainString() + "%";
    }

    /** A duration in milliseconds, 3 significant digits, with its unit: {@code "1.23 ms"}. */
    public static String millis(double millis) {
        String special = special(millis);
        return (special != null ? special : sig(millis, 3)) + (Double.isNaN(millis) ? "" : " ms");
    }

    private static String special(double value) {
        if (Double.isNaN(value)) {
            return MISSING;
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "∞" : "-∞";
        }
        if (value == 0) {
            return "0"; // also turns -0.0 into 0
        }
        return null;
    }

    /** Plain digits even for negative scales (1.2E+3 → 1200). */
    private static String plain(BigDecimal d) {
        return d.scale() < 0 ? d.setScale(0, RoundingMode.UNNECESSARY).toPlainString() : d.toPlainString();
    }
}
