package io.execplace.experiments.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A table of already formatted cells (see {@link Format}). Columns whose cells all look like
 * numbers (optionally with ±, a unit or %) are right-aligned so digits line up.
 *
 * @param caption shown above the table; blank for none
 * @param header  column names
 * @param rows    cells, each row as wide as the header
 */
public record ReportTable(String caption, List<String> header, List<List<String>> rows) implements ReportSection.Block {

    private static final String NUMBER = "[+\\-\u2212]?[$€£]?(?:\\d[\\d,]*(?:\\.\\d*)?|\\.\\d+)(?:[eE][+\\-]?\\d+)?|[+\\-]?∞";
    private static final Pattern NUMERIC_CELL =
            Pattern.compile("(?:" + NUMBER + ")(?:\\s*±\\s*(?:" + NUMBER + "))?\\s*(?:%|[A-Za-zµ/]{1,5})?");
    /** Cells that say "no value"; they neither make nor break a numeric column. */
    private static final Pattern EMPTY_CELL = Pattern.compile("|" + Format.MISSING + "|-|—");

    public ReportTable {
        Objects.requireNonNull(caption, "caption");
        header = List.copyOf(header);
        if (header.isEmpty()) {
            throw new IllegalArgumentException("table needs at least one column");
        }
        List<List<String>> copy = new ArrayList<>(rows.size());
        for (List<String> row : rows) {
            if (row.size() != header.size()) {
                throw new IllegalArgumentException("table row " + (copy.size() + 1) + " has " + row.size()
                        + " cells for " + header.size() + " columns: " + row);
            }
            copy.add(List.copyOf(row)); // also rejects null cells: use "" or Format.MISSING
        }
        rows = List.copyOf(copy);
    }

    /** A table without caption. */
    public static ReportTable of(List<String> header, List<List<String>> rows) {
        return new ReportTable("", header, rows);
    }

    /** Whether column {@code column} holds numbers (and so is right-aligned). */
    public boolean isNumeric(int column) {
        boolean any = false;
        for (List<String> row : rows) {
            String cell = row.get(column).strip();
            if (EMPTY_CELL.matcher(cell).matches()) {
                continue;
            }
            if (!NUMERIC_CELL.matcher(cell).matches()) {
                return false;
            }
            any = true;
        }
        return any;
    }
}
