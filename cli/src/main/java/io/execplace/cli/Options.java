package io.execplace.cli;

import io.execplace.core.io.BadInputException;

import java.util.function.Supplier;

/** Turns the refusal of a value given as an option into bad input that names the option. */
final class Options {

    private Options() {
    }

    /**
     * Runs {@code step}, which builds something from option values; a value it refuses (an {@link
     * IllegalArgumentException} of a record's checks) is bad input of {@code option}.
     */
    static <T> T checked(String option, Supplier<T> step) {
        try {
            return step.get();
        } catch (BadInputException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw BadInputException.option(option, e.getMessage());
        }
    }

    /** The {@code --threads} value: at least 1; the number of cores when not given. */
    static int threads(Integer threads) {
        if (threads == null) {
            return Runtime.getRuntime().availableProcessors();
        }
        if (threads < 1) {
            throw BadInputException.option("--threads", "must be at least 1, got " + threads);
        }
        return threads;
    }
}
