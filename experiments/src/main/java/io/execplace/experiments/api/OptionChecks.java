package io.execplace.experiments.api;

import io.execplace.core.io.BadInputException;

import java.util.function.Supplier;

/** Turns the refusal of a value given as an option into bad input that names the option. */
public final class OptionChecks {

    private OptionChecks() {
    }

    /**
     * Runs {@code step}, which builds something from option values; a value it refuses (an {@link
     * IllegalArgumentException} of a record's checks, or bad input that names no source) is bad input of
     * {@code option}.
     */
    public static <T> T checked(String option, Supplier<T> step) {
        return BadInputException.checkedOption(option, step);
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
}
