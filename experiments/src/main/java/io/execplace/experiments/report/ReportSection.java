package io.execplace.experiments.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One titled part of an {@link HtmlReport}: paragraphs, tables and figures in the order added.
 * Consecutive figures share a grid.
 *
 * @param heading section title
 * @param blocks  content, top to bottom
 */
public record ReportSection(String heading, List<Block> blocks) {

    public ReportSection {
        Objects.requireNonNull(heading, "heading");
        blocks = List.copyOf(blocks);
    }

    /** Starts a section. */
    public static Builder builder(String heading) {
        return new Builder(heading);
    }

    /** A piece of section content. */
    public sealed interface Block permits Paragraph, ReportTable, ReportFigure {
    }

    /**
     * Plain text; escaped, never interpreted as HTML.
     *
     * @param text the paragraph
     */
    public record Paragraph(String text) implements Block {

        public Paragraph {
            Objects.requireNonNull(text, "text");
        }
    }

    /** Collects blocks for one section. */
    public static final class Builder {

        private final String heading;
        private final List<Block> blocks = new ArrayList<>();

        private Builder(String heading) {
            this.heading = Objects.requireNonNull(heading, "heading");
        }

        /** Adds a paragraph of plain text. */
        public Builder paragraph(String text) {
            blocks.add(new Paragraph(text));
            return this;
        }

        /** Adds a table. */
        public Builder table(ReportTable table) {
            blocks.add(Objects.requireNonNull(table, "table"));
            return this;
        }

        /** Adds a table without caption. */
        public Builder table(List<String> header, List<List<String>> rows) {
            return table(ReportTable.of(header, rows));
        }

        /** Adds a figure. */
        public Builder figure(ReportFigure figure) {
            blocks.add(Objects.requireNonNull(figure, "figure"));
            return this;
        }

        /** The section with everything added so far. */
        public ReportSection build() {
            return new ReportSection(heading, blocks);
        }
    }
}
