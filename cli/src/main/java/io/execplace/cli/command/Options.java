package io.execplace.cli.command;

import io.execplace.core.io.BadInputException;
import io.execplace.experiments.api.OptionChecks;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** Turns the refusal of a value given as an option into bad input that names the option. */
public final class Options {

    private Options() {
    }

    /**
     * Runs {@code step}, which builds something from option values; a value it refuses (an {@link
     * IllegalArgumentException} of a record's checks, or bad input that names no source) is bad input of
     * {@code option}.
     */
    public static <T> T checked(String option, Supplier<T> step) {
        return OptionChecks.checked(option, step);
    }

    /** A count option that must be at least 1 when given: refused naming the option, not the record it fills. */
    public static void atLeastOne(String option, Integer value) {
        if (value != null && value < 1) {
            throw BadInputException.option(option, "must be at least 1, got " + value);
        }
    }

    /** The {@code --threads} value: at least 1; the number of cores when not given. */
    public static int threads(Integer threads) {
        return OptionChecks.threads(threads);
    }

    /** A name as one folder name below {@code results/} or {@code runs/} ({@link OptionChecks#folderName}). */
    public static String folderName(String name) {
        return OptionChecks.folderName(name);
    }

    /**
     * The names of the options given on the command line, in the table's order: a table of {@code {name,
     * value}} rows of a group of options whose fields are null unless given.
     */
    public static List<String> given(Object[][] namesAndValues) {
        List<String> given = new ArrayList<>();
        for (Object[] option : namesAndValues) {
            if (option[1] != null) {
                given.add((String) option[0]);
            }
        }
        return given;
    }

    /** {@code n} and the noun, in the plural unless n is 1: "1 workload", "20 workloads". */
    public static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /**
     * A number for reading on screen: 6 significant digits, no trailing zeros ({@code 61.3421},
     * {@code 0.004}, {@code 60}); the files and {@code --json} keep every digit.
     */
    public static String readable(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return Double.toString(value);
        }
        return java.math.BigDecimal.valueOf(value).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }
}
