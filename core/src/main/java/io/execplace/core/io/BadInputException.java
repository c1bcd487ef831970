package io.execplace.core.io;

import java.util.function.Supplier;

/**
 * Input the user gave that cannot be used: a malformed file, an unknown name, an impossible or
 * too large number. The command line turns it into one line and exit code 2; every other exception
 * is an internal failure. The message reads {@code <source> line <n>, field '<name>': <problem>},
 * where the source is a file or a command-line option, and the parts not known are left out.
 *
 * <p>Domain records keep throwing {@link IllegalArgumentException} for broken contracts: only the
 * code that knows where a value came from (a file's line, an option) turns a refusal into this type.
 */
public class BadInputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final String field;
    private final String problem;

    /** A problem not tied to one file or option. */
    public BadInputException(String problem) {
        this(problem, null, 0, null, problem, null);
    }

    /**
     * @param source  the file as the user named it, or an option such as {@code --jobs}, or null
     * @param line    1-based line number, or 0 when not tied to a line
     * @param field   the field or column, or null
     * @param problem what is wrong, phrased for the user
     */
    public BadInputException(String source, int line, String field, String problem) {
        this(source, line, field, problem, null);
    }

    public BadInputException(String source, int line, String field, String problem, Throwable cause) {
        this(format(source, line, field, problem), source, line, field, problem, cause);
    }

    /** For subclasses that phrase the location differently; {@code message} is used as is. */
    protected BadInputException(String message, String source, int line, String field, String problem,
                                Throwable cause) {
        super(message, cause);
        this.source = source;
        this.line = line;
        this.field = field;
        this.problem = problem;
    }

    /** A refused command-line option, e.g. {@code --jobs: expected at most 5000000, got 2000000000}. */
    public static BadInputException option(String option, String problem) {
        return new BadInputException(option, 0, null, problem);
    }

    /**
     * Runs {@code step}, which builds something from an option's value; a value it refuses (an {@link
     * IllegalArgumentException} of a record's checks, or bad input that names no source) is bad input of
     * {@code option}.
     */
    public static <T> T checkedOption(String option, Supplier<T> step) {
        try {
            return step.get();
        } catch (BadInputException e) {
            // A refusal that names neither a file nor an option ("'x' is neither a cluster preset nor a
            // cluster file") is charged to the option that carried the value; a file's own error keeps its
            // file and line.
            if (e.source() != null || e.field() != null || e.getMessage().startsWith("--")) {
                throw e;
            }
            throw option(option, e.getMessage());
        } catch (IllegalArgumentException e) {
            throw option(option, e.getMessage());
        }
    }

    private static String format(String source, int line, String field, String problem) {
        if (source == null && field == null) {
            return problem;
        }
        StringBuilder sb = new StringBuilder(source == null ? "" : source);
        if (line > 0) {
            sb.append(" line ").append(line);
        }
        if (field != null) {
            sb.append(sb.length() > 0 ? (line > 0 ? ", " : " ") : "").append("field '").append(field).append('\'');
        }
        return sb.append(": ").append(problem).toString();
    }

    /** The file or option as the user named it, or null. */
    public String source() {
        return source;
    }

    /** 1-based line number, or 0 when not tied to a line. */
    public int line() {
        return line;
    }

    /** The offending field or column, or null. */
    public String field() {
        return field;
    }

    /** The problem without the location prefix. */
    public String problem() {
        return problem;
    }
}
