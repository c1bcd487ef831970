package io.execplace.experiments.report;

import io.execplace.core.io.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A self-contained HTML report: inline CSS, no scripts, no fonts or anything else fetched from
 * the network; images are embedded as {@code data:} URIs (figures made by {@link ReportFigure#of}),
 * and each links to its SVG file next to the page. All text is escaped.
 *
 * <p>The output depends only on the content: the same report renders to the same bytes, which
 * tests and {@code reproduce} rely on. A timestamp appears only if the caller sets one.
 *
 * @param title       page and main heading
 * @param headline    the finding a reader should see first, highlighted under the title; null for none
 * @param intro       paragraphs under the title
 * @param generatedAt shown under the title when not {@code null}
 * @param sections    body, in order
 */
public record HtmlReport(String title, String headline, List<String> intro, Instant generatedAt, List<ReportSection> sections) {

    /** Sections from this count on get a table of contents. */
    private static final int TOC_MIN_SECTIONS = 3;

    public HtmlReport {
        Objects.requireNonNull(title, "title");
        intro = List.copyOf(intro);
        sections = List.copyOf(sections);
    }

    /** Starts a report. */
    public static Builder builder(String title) {
        return new Builder(title);
    }

    /** Writes the report as UTF-8, atomically (see {@link AtomicFiles}). */
    public void write(Path file) throws IOException {
        AtomicFiles.write(file, toHtml().getBytes(StandardCharsets.UTF_8));
    }

    /** The complete document. Always {@code \n} line ends, whatever the platform. */
    public String toHtml() {
        StringBuilder h = new StringBuilder(16 * 1024);
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(Html.escape(title)).append("</title>\n")
                .append("<style>\n").append(CSS).append("</style>\n</head>\n<body>\n<main>\n");

        h.append("<header>\n<h1>").append(Html.escape(title)).append("</h1>\n");
        if (generatedAt != null) {
            String when = DateTimeFormatter.ISO_INSTANT.format(generatedAt.truncatedTo(ChronoUnit.SECONDS));
            h.append("<p class=\"meta\">Generated <time datetime=\"").append(when).append("\">")
                    .append(when).append("</time></p>\n");
        }
        if (headline != null) {
            h.append("<p class=\"headline\">").append(Html.escape(headline)).append("</p>\n");
        }
        for (String p : intro) {
            h.append("<p>").append(Html.escape(p)).append("</p>\n");
        }
        h.append("</header>\n");

        List<String> ids = sectionIds();
        if (sections.size() >= TOC_MIN_SECTIONS) {
            h.append("<nav>\n<h2>Contents</h2>\n<ol>\n");
            for (int i = 0; i < sections.size(); i++) {
                h.append("<li><a href=\"#").append(ids.get(i)).append("\">")
                        .append(Html.escape(sections.get(i).heading())).append("</a></li>\n");
            }
            h.append("</ol>\n</nav>\n");
        }
        for (int i = 0; i < sections.size(); i++) {
            appendSection(h, sections.get(i), ids.get(i));
        }
        h.append("</main>\n<footer>execplace report</footer>\n</body>\n</html>\n");
        return h.toString();
    }

    private static void appendSection(StringBuilder h, ReportSection section, String id) {
        h.append("<section id=\"").append(id).append("\">\n<h2>").append(Html.escape(section.heading())).append("</h2>\n");
        boolean inGrid = false;
        for (ReportSection.Block block : section.blocks()) {
            boolean figure = block instanceof ReportFigure;
            if (figure && !inGrid) {
                h.append("<div class=\"figures\">\n");
            } else if (!figure && inGrid) {
                h.append("</div>\n");
            }
            inGrid = figure;
            if (block instanceof ReportSection.Paragraph p) {
                h.append("<p>").append(Html.escape(p.text())).append("</p>\n");
            } else if (block instanceof ReportTable t) {
                appendTable(h, t);
            } else if (block instanceof ReportFigure f) {
                appendFigure(h, f);
            }
        }
        if (inGrid) {
            h.append("</div>\n");
        }
        h.append("</section>\n");
    }

    private static void appendTable(StringBuilder h, ReportTable t) {
        int columns = t.header().size();
        boolean[] numeric = new boolean[columns];
        for (int c = 0; c < columns; c++) {
            numeric[c] = t.isNumeric(c);
        }
        h.append("<div class=\"table-wrap\">\n<table>\n");
        if (!t.caption().isBlank()) {
            h.append("<caption>").append(Html.escape(t.caption())).append("</caption>\n");
        }
        h.append("<thead>\n<tr>");
        for (int c = 0; c < columns; c++) {
            h.append(numeric[c] ? "<th scope=\"col\" class=\"num\">" : "<th scope=\"col\">")
                    .append(Html.escape(t.header().get(c))).append("</th>");
        }
        h.append("</tr>\n</thead>\n<tbody>\n");
        for (List<String> row : t.rows()) {
            h.append("<tr>");
            for (int c = 0; c < columns; c++) {
                h.append(numeric[c] ? "<td class=\"num\">" : "<td>").append(Html.escape(row.get(c))).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody>\n</table>\n</div>\n");
    }

    private static void appendFigure(StringBuilder h, ReportFigure f) {
        String image = Html.escape(f.embedded() != null ? f.embedded() : f.image());
        String target = Html.escape(f.vector() == null ? f.image() : f.vector());
        String caption = Html.escape(f.caption());
        h.append(f.wide() ? "<figure class=\"wide\">\n<a href=\"" : "<figure>\n<a href=\"").append(target).append("\"><img src=\"").append(image)
                .append("\" alt=\"").append(caption).append("\"></a>\n<figcaption>").append(caption);
        if (f.vector() != null) {
            h.append(" <a class=\"svg\" href=\"").append(target).append("\">SVG</a>");
        }
        h.append("</figcaption>\n</figure>\n");
    }

    /** Readable, unique anchors derived from the headings ("Total cost" → "total-cost"). */
    private List<String> sectionIds() {
        List<String> ids = new ArrayList<>(sections.size());
        Set<String> used = new HashSet<>();
        for (ReportSection s : sections) {
            String slug = s.heading().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
            if (slug.isEmpty()) {
                slug = "section";
            }
            String id = slug;
            for (int n = 2; !used.add(id); n++) {
                id = slug + "-" + n;
            }
            ids.add(id);
        }
        return ids;
    }

    /** Collects the parts of a report. */
    public static final class Builder {

        private final String title;
        private final List<String> intro = new ArrayList<>();
        private final List<ReportSection> sections = new ArrayList<>();
        private Instant generatedAt;
        private String headline;

        private Builder(String title) {
            this.title = Objects.requireNonNull(title, "title");
        }

        /** Sets the highlighted finding shown first, under the title (plain text). */
        public Builder headline(String text) {
            this.headline = text;
            return this;
        }

        /** Adds an introductory paragraph of plain text under the title. */
        public Builder intro(String paragraph) {
            intro.add(Objects.requireNonNull(paragraph, "paragraph"));
            return this;
        }

        /** Shows this instant (UTC, whole seconds) under the title; omit for reproducible output. */
        public Builder generatedAt(Instant instant) {
            this.generatedAt = instant;
            return this;
        }

        /** Adds a finished section. */
        public Builder section(ReportSection section) {
            sections.add(Objects.requireNonNull(section, "section"));
            return this;
        }

        /** Adds a section filled by {@code content}, e.g. {@code s -> s.paragraph("…").figure(f)}. */
        public Builder section(String heading, Consumer<ReportSection.Builder> content) {
            ReportSection.Builder b = ReportSection.builder(heading);
            content.accept(b);
            return section(b.build());
        }

        /** The report. */
        public HtmlReport build() {
            return new HtmlReport(title, headline, intro, generatedAt, sections);
        }
    }

    // Inline so the report is one file plus its images; system fonts only, nothing fetched.
    private static final String CSS = """
            :root {
              --text: #1f2328; --muted: #59636e; --border: #d1d9e0; --stripe: #f6f8fa;
              --accent: #0969da; --bg: #ffffff;
            }
            * { box-sizing: border-box; }
            html { -webkit-text-size-adjust: 100%; }
            body {
              margin: 0; background: var(--bg); color: var(--text);
              font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
              font-size: 16px; line-height: 1.55;
            }
            main { max-width: 72rem; margin: 0 auto; padding: 2rem 1.5rem 3rem; }
            header { border-bottom: 1px solid var(--border); margin-bottom: 1.5rem; padding-bottom: 0.5rem; }
            h1 { font-size: 1.9rem; line-height: 1.25; margin: 0 0 0.4rem; font-weight: 650; }
            h2 { font-size: 1.35rem; line-height: 1.3; margin: 2.2rem 0 0.8rem; font-weight: 600;
                 padding-bottom: 0.3rem; border-bottom: 1px solid var(--border); }
            p { margin: 0 0 0.9rem; max-width: 52rem; }
            .meta { color: var(--muted); font-size: 0.9rem; }
            a { color: var(--accent); text-decoration: none; }
            a:hover { text-decoration: underline; }
            nav h2 { font-size: 1rem; border: 0; margin: 0 0 0.3rem; color: var(--muted);
                     text-transform: uppercase; letter-spacing: 0.04em; }
            nav ol { margin: 0 0 1rem; padding-left: 1.4rem; }
            .table-wrap { overflow-x: auto; margin: 0 0 1.4rem; }
            table { border-collapse: collapse; font-size: 0.92rem; min-width: 50%; }
            caption { caption-side: top; text-align: left; color: var(--muted); padding: 0 0 0.4rem; }
            th, td { padding: 0.4rem 0.6rem; border-bottom: 1px solid var(--border); text-align: left;
                     vertical-align: top; white-space: nowrap; }
            th { white-space: normal; vertical-align: bottom; min-width: 4.5rem; }
            .headline { font-size: 1.15rem; line-height: 1.5; background: #eef6ee; border-left: 4px solid #009E73;
                        padding: 0.8rem 1rem; margin: 0 0 1rem; max-width: none; }
            thead th { background: var(--stripe); border-bottom: 2px solid var(--border); font-weight: 600; }
            tbody tr:nth-child(even) { background: var(--stripe); }
            tbody tr:hover { background: #eef3fb; }
            .num { text-align: right; font-variant-numeric: tabular-nums; }
            .figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(26rem, 1fr));
                       gap: 1.2rem; margin: 0 0 1.4rem; }
            figure { margin: 0; padding: 0.6rem; border: 1px solid var(--border); border-radius: 6px; background: #fff; }
            figure img { display: block; width: 100%; height: auto; }
            figure.wide { grid-column: 1 / -1; }
            figcaption { color: var(--muted); font-size: 0.9rem; padding: 0.5rem 0.2rem 0; }
            figcaption .svg { font-size: 0.8rem; border: 1px solid var(--border); border-radius: 4px;
                              padding: 0 0.35rem; margin-left: 0.3rem; }
            footer { max-width: 72rem; margin: 0 auto; padding: 1rem 1.5rem 2rem; color: var(--muted);
                     font-size: 0.8rem; border-top: 1px solid var(--border); }
            @media (max-width: 30rem) { .figures { grid-template-columns: 1fr; } }
            @media print {
              main { max-width: none; padding: 0; }
              a { color: inherit; }
              figure, table { break-inside: avoid; }
              tbody tr:hover { background: inherit; }
            }
            """;
}
