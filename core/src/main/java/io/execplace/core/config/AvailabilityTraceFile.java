package io.execplace.core.config;

import io.execplace.core.io.AtomicFiles;
import io.execplace.core.io.InputFileException;
import io.execplace.core.io.InputFiles;
import io.execplace.core.model.UnavailableWindow;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A spot pool's availability trace on disk: the windows in which the pool cannot buy nodes, one per
 * line, seconds from the run's start (docs/elastic.md, "Availability traces"):
 * <pre>
 * # execplace availability trace v1
 * # any comment lines (the importer writes its source here)
 * fromSeconds,toSeconds
 * 3600,7200
 * </pre>
 * A cluster file names it with {@code availabilityTrace: FILE} on a spot pool (relative to the
 * cluster file). Errors name the file, line and field.
 */
public final class AvailabilityTraceFile {

    /** The first line, with the format's version. */
    public static final String HEADER = "# execplace availability trace v1";
    static final String COLUMNS = "fromSeconds,toSeconds";

    private AvailabilityTraceFile() {
    }

    /** Reads the windows of the file, in time order, not overlapping. */
    public static List<UnavailableWindow> read(Path file) {
        String label = file.toString();
        String[] lines = InputFiles.readText(file, "availability trace").split("\r?\n", -1);
        if (!lines[0].strip().equals(HEADER)) {
            throw new InputFileException(label, 1, null, "not an availability trace: the first line must be '" + HEADER + "'");
        }
        int at = 1;
        while (at < lines.length && lines[at].startsWith("#")) {
            at++;
        }
        if (at >= lines.length || !lines[at].strip().equals(COLUMNS)) {
            throw new InputFileException(label, at + 1, null, "expected the column line '" + COLUMNS + "'");
        }
        List<UnavailableWindow> windows = new ArrayList<>();
        for (int i = at + 1; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] cells = line.split(",", -1);
            if (cells.length != 2) {
                throw new InputFileException(label, i + 1, null, "expected 2 cells (" + COLUMNS + "), got " + cells.length);
            }
            double from = seconds(cells[0], label, i + 1, "fromSeconds");
            double to = seconds(cells[1], label, i + 1, "toSeconds");
            if (!(to > from)) {
                throw new InputFileException(label, i + 1, "toSeconds", "must be after fromSeconds (" + cells[0].strip() + ")");
            }
            if (!windows.isEmpty() && from < windows.get(windows.size() - 1).toSeconds()) {
                throw new InputFileException(label, i + 1, "fromSeconds",
                        "windows must be in time order without overlap (the previous one ends at "
                                + windows.get(windows.size() - 1).toSeconds() + ")");
            }
            windows.add(new UnavailableWindow(from, to));
        }
        return List.copyOf(windows);
    }

    /** Writes the windows with comment lines (each written after {@code "# "}); atomically. */
    public static void write(Path file, List<String> comments, List<UnavailableWindow> windows) throws IOException {
        AtomicFiles.write(file, w -> {
            w.write(HEADER + "\n");
            for (String c : comments) {
                w.write("# " + c.replace('\n', ' ') + "\n");
            }
            w.write(COLUMNS + "\n");
            for (UnavailableWindow window : windows) {
                w.write(plain(window.fromSeconds()) + "," + plain(window.toSeconds()) + "\n");
            }
        });
    }

    private static String plain(double seconds) {
        return java.math.BigDecimal.valueOf(seconds).stripTrailingZeros().toPlainString();
    }

    private static double seconds(String cell, String file, int line, String field) {
        try {
            double v = Double.parseDouble(cell.strip());
            if (v >= 0 && !Double.isInfinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InputFileException(file, line, field, "expected seconds >= 0, got '" + cell.strip() + "'");
    }
}
