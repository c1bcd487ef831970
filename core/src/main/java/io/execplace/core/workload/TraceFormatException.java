package io.execplace.core.workload;

import io.execplace.core.io.InputFileException;

/**
 * A trace file that cannot be read: the message names the file, the line and the field, e.g.
 * {@code trace.csv line 7, field 'cores': expected a whole number >= 1, got 'x'}.
 */
public class TraceFormatException extends InputFileException {

    private static final long serialVersionUID = 1L;

    public TraceFormatException(String file, int line, String field, String problem) {
        super(file, line, field, problem);
    }

    public TraceFormatException(String file, int line, String field, String problem, Throwable cause) {
        super(file, line, field, problem, cause);
    }
}
