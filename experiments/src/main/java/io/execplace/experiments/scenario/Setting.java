package io.execplace.experiments.scenario;

import io.execplace.core.io.BadInputException;
import io.execplace.core.io.InputFileException;

import java.util.List;

/**
 * One scenario setting as the user gave it, and where: a line of a scenario file, a command-line
 * option, or a built-in scenario. Keeping the origin lets every refusal name the file and line, or
 * the option, whichever layer the value came from.
 *
 * @param key    the scenario field, e.g. {@code seeds} (see {@link ScenarioInput#KEYS})
 * @param value  the value as written: a {@code String}, or a {@code List<String>} for lists
 * @param source the file as the user named it, or the option (e.g. {@code --seeds})
 * @param line   1-based line in the file, 0 for an option
 */
public record Setting(String key, Object value, String source, int line) {

    public Setting {
        if (!(value instanceof String) && !(value instanceof List<?>)) {
            throw new IllegalArgumentException("a setting holds a text or a list of texts, got " + value);
        }
    }

    /** Whether the value came from a command-line option. */
    public boolean fromOption() {
        return source.startsWith("--");
    }

    /** The value as one text; a list is refused. */
    public String text() {
        if (value instanceof List<?>) {
            throw error("expected a single value, got a list");
        }
        return (String) value;
    }

    /** The value as a list of texts; a single text is a list of one. */
    public List<String> texts() {
        if (value instanceof List<?> list) {
            return list.stream().map(String::valueOf).toList();
        }
        return List.of((String) value);
    }

    /** A refusal of this value, located at its file and line or its option. */
    public BadInputException error(String problem) {
        return fromOption() ? BadInputException.option(source, problem)
                : new InputFileException(source, line, key, problem);
    }
}
