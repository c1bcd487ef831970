package io.execplace.cli.output;

import io.execplace.experiments.heldout.HeldOutEvaluation;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.report.PlainTextTable;
import io.execplace.experiments.report.ReportTable;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects the rows of a {@link ReportTable} — the one table model, which reports render as HTML —
 * and prints it as plain text ({@link PlainTextTable}).
 */
public final class TextTable {

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    public TextTable(List<String> header) {
        this.header = List.copyOf(header);
    }

    public void row(List<String> cells) {
        if (cells.size() != header.size()) {
            throw new IllegalArgumentException("row has " + cells.size() + " cells, header " + header.size());
        }
        rows.add(List.copyOf(cells));
    }

    public void print(PrintWriter out) {
        PlainTextTable.print(ReportTable.of(header, rows), out);
    }

    /** A mean with its 95 % interval as a cell: {@code mean ± half-width}, {@code –} for no value. */
    public static String interval(HeldOutEvaluation.Interval i, int digits) {
        if (Double.isNaN(i.mean())) {
            return "–";
        }
        return Format.sig(i.mean(), digits) + (Double.isNaN(i.halfWidth()) ? "" : " ± " + Format.sig(i.halfWidth(), 2));
    }

    /** {@code text} broken at spaces into lines of at most {@code width} characters (longer words stay whole). */
    public static String wrap(String text, int width) {
        return PlainTextTable.wrap(text, width);
    }
}
