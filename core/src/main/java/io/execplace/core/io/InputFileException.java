package io.execplace.core.io;

/**
 * A problem in a user-supplied input file, located as precisely as possible. The message reads
 * {@code <file> line <n>, field '<name>': <problem>}; the line and field parts are left out when
 * unknown.
 */
public class InputFileException extends BadInputException {

    private static final long serialVersionUID = 1L;

    /**
     * @param file    the file as the user named it
     * @param line    1-based line number, or 0 when the problem concerns the whole file
     * @param field   the field or column, or {@code null}
     * @param problem what is wrong, phrased for the user
     */
    public InputFileException(String file, int line, String field, String problem) {
        super(file, line, field, problem);
    }

    public InputFileException(String file, int line, String field, String problem, Throwable cause) {
        super(file, line, field, problem, cause);
    }

    /** For subclasses that phrase the location differently; {@code message} is used as is. */
    protected InputFileException(String message, String file, int line, String field, String problem,
                                 Throwable cause) {
        super(message, file, line, field, problem, cause);
    }

    /** The file as the user named it. */
    public String file() {
        return source();
    }
}
