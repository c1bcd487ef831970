package io.execplace.experiments.report;

import java.io.PrintWriter;
import java.util.List;

/**
 * A {@link ReportTable} as plain text for a terminal, beside its HTML form ({@link HtmlReport}): aligned
 * columns under a rule of dashes, the first column left-aligned and the others right-aligned (on a
 * terminal the first column names the row and the rest are figures). The caption, if any, is not
 * printed: callers print their own title line.
 */
public final class PlainTextTable {

    private PlainTextTable() {
    }

    /** Prints {@code table} to {@code out} and flushes it. */
    public static void print(ReportTable table, PrintWriter out) {
        List<String> header = table.header();
        int[] width = new int[header.size()];
        for (int c = 0; c < header.size(); c++) {
            width[c] = header.get(c).length();
        }
        for (List<String> r : table.rows()) {
            for (int c = 0; c < r.size(); c++) {
                width[c] = Math.max(width[c], r.get(c).length());
            }
        }
        line(out, header, width);
        StringBuilder rule = new StringBuilder();
        for (int c = 0; c < width.length; c++) {
            rule.append(c == 0 ? "" : "  ").append("-".repeat(width[c]));
        }
        out.println(rule);
        for (List<String> r : table.rows()) {
            line(out, r, width);
        }
        out.flush();
    }

    private static void line(PrintWriter out, List<String> cells, int[] width) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c);
            String pad = " ".repeat(width[c] - cell.length());
            sb.append(c == 0 ? "" : "  ").append(c > 0 ? pad + cell : cell + pad);
        }
        out.println(sb.toString().stripTrailing());
    }

    /** {@code text} broken at spaces into lines of at most {@code width} characters (longer words stay whole). */
    public static String wrap(String text, int width) {
        StringBuilder out = new StringBuilder();
        int lineLength = 0;
        for (String word : text.split(" ")) {
            if (lineLength > 0 && lineLength + 1 + word.length() > width) {
                out.append('\n');
                lineLength = 0;
            } else if (lineLength > 0) {
                out.append(' ');
                lineLength++;
            }
            out.append(word);
            lineLength += word.length();
        }
        return out.toString();
    }
}
