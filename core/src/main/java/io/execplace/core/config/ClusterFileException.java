package io.execplace.core.config;

import io.execplace.core.io.InputFileException;

/**
 * A cluster file that cannot be read. The message names the file, the line, the VM type entry
 * (index and name) and the field, e.g.
 * {@code cluster.yaml line 9, vmTypes[1] 'm5.xlarge', field 'cores': expected a whole number >= 1, got -2}.
 */
public class ClusterFileException extends InputFileException {

    private static final long serialVersionUID = 1L;

    private final String entry;

    /**
     * @param file    the file as the user named it
     * @param line    1-based line, or 0 when unknown
     * @param entry   the VM type entry, e.g. {@code vmTypes[1] 'm5.xlarge'}, or {@code null}
     * @param field   the field, or {@code null}
     * @param problem what is wrong
     */
    public ClusterFileException(String file, int line, String entry, String field, String problem, Throwable cause) {
        super(format(file, line, entry, field, problem), file, line, field, problem, cause);
        this.entry = entry;
    }

    public ClusterFileException(String file, int line, String entry, String field, String problem) {
        this(file, line, entry, field, problem, null);
    }

    private static String format(String file, int line, String entry, String field, String problem) {
        StringBuilder sb = new StringBuilder(file);
        String sep = " ";
        if (line > 0) {
            sb.append(sep).append("line ").append(line);
            sep = ", ";
        }
        if (entry != null) {
            sb.append(sep).append(entry);
            sep = ", ";
        }
        if (field != null) {
            sb.append(sep).append("field '").append(field).append('\'');
        }
        return sb.append(": ").append(problem).toString();
    }

    /** The VM type entry, e.g. {@code vmTypes[1] 'm5.xlarge'}, or {@code null}. */
    public String entry() {
        return entry;
    }
}
