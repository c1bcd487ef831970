package io.execplace.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** A plain-text table with aligned columns: text left, numbers right. */
final class TextTable {

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    TextTable(List<String> header) {
        this.header = List.copyOf(header);
    }

    void row(List<String> cells) {
        if (cells.size() != header.size()) {
            throw new IllegalArgumentException("row has " + cells.size() + " cells, header " + header.size());
        }
        rows.add(List.copyOf(cells));
    }

    void print(PrintWriter out) {
        int[] width = new int[header.size()];
        boolean[] numeric = new boolean[header.size()];
        for (int c = 0; c < header.size(); c++) {
            width[c] = header.get(c).length();
            numeric[c] = c > 0;
        }
        for (List<String> r : rows) {
            for (int c = 0; c < r.size(); c++) {
                width[c] = Math.max(width[c], r.get(c).length());
            }
        }
        line(out, header, width, numeric);
        StringBuilder rule = new StringBuilder();
        for (int c = 0; c < width.length; c++) {
            rule.append(c == 0 ? "" : "  ").append("-".repeat(width[c]));
        }
        out.println(rule);
        for (List<String> r : rows) {
            line(out, r, width, numeric);
        }
        out.flush();
    }

    private static void line(PrintWriter out, List<String> cells, int[] width, boolean[] right) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c);
            String pad = " ".repeat(width[c] - cell.length());
            sb.append(c == 0 ? "" : "  ").append(right[c] ? pad + cell : cell + pad);
        }
        out.println(sb.toString().stripTrailing());
    }

    /** {@code text} broken at spaces into lines of at most {@code width} characters (longer words stay whole). */
    static String wrap(String text, int width) {
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
