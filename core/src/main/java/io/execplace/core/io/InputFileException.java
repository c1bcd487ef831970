package io.execplace.core.io;

/**
 * A problem in a user-supplied input file, located as precisely as possible. The message reads
 * {@code <file> line <n>, field '<name>': <problem>}; the line and field parts are left out when
 * unknown.
 */
public class InputFileException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final String field;
    private final String problem;

    /**
     * @param file    the file as the user named it
     * @param line    1-based line number, or 0 when the problem concerns the whole file
     * @param field   the field or column, or {@code null}
     * @param problem what is wrong, phrased for the user
     */
    public InputFileException(String file, int line, String field, String problem) {
        this(file, line, field, problem, null);
    }

    public InputFileException(String file, int line, String field, String problem, Throwable cause) {
        this(format(file, line, field, problem), file, line, field, problem, cause);
    }

    /** For subclasses that phrase the location differently; {@code message} is used as is. */
    protected InputFileException(String message, String file, int line, String field, String problem,
                                 Throwable cause) {
        super(message, cause);
        this.file = file;
        this.line = line;
        this.field = field;
        this.problem = problem;
    }

    private static String format(String file, int line, String field, String problem) {
        StringBuilder sb = new StringBuilder(file);
        if (line > 0) {
            sb.append(" line ").append(line);
        }
        if (field != null) {
            sb.append(line > 0 ? ", " : " ").append("field '").append(field).append('\'');
        }
        return sb.append(": ").append(problem).toString();
    }

    /** The file as the user named it. */
    public String file() {
        return file;
    }

    /** 1-based line number, or 0 when not tied to a line. */
    public int line() {
        return line;
    }

    /** The offending field or column, or {@code null}. */
    public String field() {
        return field;
    }

    /** The problem without the location prefix. */
    public String problem() {
        return problem;
    }
}
