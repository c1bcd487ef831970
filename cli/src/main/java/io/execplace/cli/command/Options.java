package io.execplace.cli.command;

import io.execplace.core.io.BadInputException;

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
        try {
            return step.get();
        } catch (BadInputException e) {
            // A refusal that names neither a file nor an option ("'x' is neither a cluster preset nor a
            // cluster file") is charged to the option that carried the value; a file's own error keeps its
            // file and line.
            if (e.source() != null || e.field() != null || e.getMessage().startsWith("--")) {
                throw e;
            }
            throw BadInputException.option(option, e.getMessage());
        } catch (IllegalArgumentException e) {
            throw BadInputException.option(option, e.getMessage());
        }
    }

    /** A count option that must be at least 1 when given: refused naming the option, not the record it fills. */
    public static void atLeastOne(String option, Integer value) {
        if (value != null && value < 1) {
            throw BadInputException.option(option, "must be at least 1, got " + value);
        }
    }

    /** The {@code --threads} value: at least 1; the number of cores when not given. */
    public static int threads(Integer threads) {
        if (threads == null) {
            return Runtime.getRuntime().availableProcessors();
        }
        if (threads < 1) {
            throw BadInputException.option("--threads", "must be at least 1, got " + threads);
        }
        return threads;
    }

    /**
     * A name (a scenario's {@code name:}, a workload) as one folder name below {@code results/} or
     * {@code runs/}: letters, digits, dots, dashes and underscores; anything else becomes a dash. So
     * {@code name: "../../etc/evil"} stays inside the working folder ({@code etc-evil}) and {@code
     * "a b/ü c"} makes one folder, not nested ones.
     */
    public static String folderName(String name) {
        String clean = name.replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^[.-]+|[.-]+$", "");
        return clean.isEmpty() ? "unnamed" : clean;
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
