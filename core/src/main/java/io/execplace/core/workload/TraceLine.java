package io.execplace.core.workload;

import io.execplace.core.io.InputFileException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One non-blank line of a trace, split into trimmed fields, with typed accessors that report
 * problems as {@link InputFileException}s naming file, line and field.
 */
final class TraceLine {

    // Plain decimal notation only: Double.parseDouble would also take "NaN", "Infinity", "1d" and hex.
    /**
     * The largest time (arrival, duration, deadline) a trace may hold, in seconds. A time of 1e300 s would swallow any duration added to it
     * (a job would finish the instant it starts, at zero cost); up to 1e10 s a double still resolves
     * microseconds.
     */
    static final double MAX_TIME = 1e10;
    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

    private final String file;
    private final int number;
    private final List<String> values;

    TraceLine(String file, int number, List<String> values) {
        this.file = file;
        this.number = number;
        this.values = List.copyOf(values);
    }

    int number() {
        return number;
    }

    int size() {
        return values.size();
    }

    String raw(int index) {
        return values.get(index);
    }

    List<String> values() {
        return values;
    }

    /** Fails unless the line has exactly {@code expected} fields. */
    void requireFields(int expected) {
        if (values.size() != expected) {
            throw error(null, "expected " + expected + " fields, got " + values.size());
        }
    }

    /** A whole number (written as {@code 3} or {@code 3.0}) of at least {@code min}. */
    int wholeNumber(int index, String field, int min) {
        String text = values.get(index);
        double v = parse(text);
        if (Double.isNaN(v) || v != Math.rint(v) || v < min || v > Integer.MAX_VALUE) {
            throw error(field, "expected a whole number >= " + min + ", got '" + text + "'");
        }
        return (int) v;
    }

    /** A time or duration in seconds: a {@link #number} of at most {@link #MAX_TIME}. */
    double time(int index, String field, double min, boolean exclusive) {
        double v = number(index, field, min, exclusive);
        if (v > MAX_TIME) {
            throw error(field, "too large: at most " + Numbers.format(MAX_TIME) + " s (about 317 years; "
                    + "later times would lose the precision the simulated clock needs), got '" + values.get(index) + "'");
        }
        return v;
    }

    /** A finite number of at least {@code min} (more than {@code min} when {@code exclusive}). */
    double number(int index, String field, double min, boolean exclusive) {
        String text = values.get(index);
        double v = parse(text);
        if (Double.isNaN(v) || Double.isInfinite(v) || (exclusive ? v <= min : v < min)) {
            throw error(field, "expected a number " + (exclusive ? "> " : ">= ") + Numbers.format(min)
                    + ", got '" + text + "'");
        }
        return v;
    }

    /** NaN when {@code text} is not a plain decimal number. */
    private static double parse(String text) {
        if (!NUMBER.matcher(text).matches()) {
            return Double.NaN;
        }
        return Double.parseDouble(text);
    }

    InputFileException error(String field, String problem) {
        return new InputFileException(file, number, field, problem);
    }
}
