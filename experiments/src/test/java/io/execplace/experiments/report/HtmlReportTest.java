package io.execplace.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {

    @TempDir
    Path dir;

    private static HtmlReport sample() {
        return HtmlReport.builder("Cost <script>alert(1)</script> & more")
                .intro("Six schedulers, \"three\" pricing models.")
                .section("Results", s -> s
                        .paragraph("Lower is better.")
                        .table(new ReportTable("Mean over 5 seeds",
                                List.of("scheduler", "cost ($)", "deadlines met", "delay"),
                                List.of(List.of("first-fit", Format.meanStd(12.34, 0.4), Format.percent(97.25), Format.millis(0.123)),
                                        List.of("<script>x</script>", Format.meanStd(Double.NaN, 1), "–", Format.millis(1.5)))))
                        .figure(new ReportFigure("charts/cost.png", "charts/cost.svg", "Total cost")))
                .build();
    }

    @Test
    void escapesAllCallerText() {
        String html = sample().toHtml();
        assertThat(html).doesNotContain("<script>").doesNotContain("</script>");
        assertThat(html).contains("<title>Cost &lt;script&gt;alert(1)&lt;/script&gt; &amp; more</title>");
        assertThat(html).contains("<td>&lt;script&gt;x&lt;/script&gt;</td>");
        assertThat(html).contains("&quot;three&quot;");
    }

    @Test
    void isSelfContained() {
        String html = sample().toHtml();
        assertThat(html).contains("<style>").doesNotContain("<script").doesNotContain("<link")
                .doesNotContain("http://").doesNotContain("https://").doesNotContain("@import");
    }

    @Test
    void numericColumnsAreRightAligned() {
        String html = sample().toHtml();
        assertThat(html).contains("<th scope=\"col\">scheduler</th><th scope=\"col\" class=\"num\">cost ($)</th>");
        assertThat(html).contains("<td>first-fit</td><td class=\"num\">12.3 ± 0.4</td><td class=\"num\">97.3%</td>"
                + "<td class=\"num\">0.123 ms</td>");
    }

    @Test
    void numericDetection() {
        var t = ReportTable.of(List.of("name", "n", "mixed", "empty"),
                List.of(List.of("a", "1,234", "3", "–"), List.of("b", "1.2e-3", "x", "")));
        assertThat(t.isNumeric(0)).isFalse();
        assertThat(t.isNumeric(1)).isTrue();
        assertThat(t.isNumeric(2)).isFalse();
        assertThat(t.isNumeric(3)).as("no numbers at all").isFalse();
    }

    @Test
    void referencesFiguresByRelativePathWithSvgLink() throws Exception {
        Path report = dir.resolve("out/report.html");
        ChartFiles files = ChartWriter.write(ChartWriterTest.groupedBars(), dir.resolve("out/my charts"), "cost");
        ReportFigure fig = ReportFigure.of(files, report, "Total cost");
        assertThat(fig.image()).isEqualTo("my%20charts/cost.png");
        assertThat(fig.vector()).isEqualTo("my%20charts/cost.svg");

        HtmlReport.builder("r").section("Charts", s -> s.figure(fig)).build().write(report);
        String html = Files.readString(report);
        // The PNG is embedded (the page is one file); the link opens the SVG next to it.
        assertThat(html).contains("<img src=\"data:image/png;base64,")
                .contains("href=\"my%20charts/cost.svg\"")
                .contains("<div class=\"figures\">");
        // the reference resolves to the real file
        assertThat(report.getParent().resolve("my charts/cost.png")).isRegularFile();
    }

    @Test
    void rejectsFigurePathsThatAreNotRelative() {
        for (String bad : List.of("/etc/passwd", "javascript:alert(1)", "https://example.com/x.png", "")) {
            assertThatThrownBy(() -> new ReportFigure(bad, null, "c")).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void sameContentGivesSameBytesAndTimestampOnlyWhenAsked() {
        assertThat(sample().toHtml()).isEqualTo(sample().toHtml()).doesNotContain("Generated");
        String stamped = HtmlReport.builder("r").generatedAt(Instant.parse("2025-03-01T10:15:30.123Z")).build().toHtml();
        assertThat(stamped).contains("<time datetime=\"2025-03-01T10:15:30Z\">2025-03-01T10:15:30Z</time>");
    }

    @Test
    void writesUtf8AtomicallyAndReplaces() throws Exception {
        Path file = dir.resolve("report.html");
        Files.writeString(file, "old");
        sample().write(file);
        assertThat(Files.readAllBytes(file)).isEqualTo(sample().toHtml().getBytes(StandardCharsets.UTF_8));
        assertThat(ChartWriterTest.tempFiles(dir)).isEmpty();
    }

    @Test
    void writeIntoAFileFailsClearlyAndLeavesNothing() throws Exception {
        Path notADir = dir.resolve("out");
        Files.writeString(notADir, "file");
        assertThatThrownBy(() -> sample().write(notADir.resolve("report.html")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("report.html")
                .hasMessageContaining("not a directory");
        assertThat(ChartWriterTest.tempFiles(dir)).isEmpty();
        assertThat(notADir).hasContent("file");
    }

    @Test
    void tocAndUniqueSectionAnchors() {
        String html = HtmlReport.builder("r")
                .section("Cost", s -> { })
                .section("Cost", s -> { })
                .section("Å/β", s -> { })
                .build().toHtml();
        assertThat(html).contains("<nav>").contains("id=\"cost\"").contains("id=\"cost-2\"").contains("id=\"section\"");
    }

    @Test
    void tablesRejectRaggedRows() {
        assertThatThrownBy(() -> ReportTable.of(List.of("a", "b"), List.of(List.of("1"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("row 1 has 1 cells for 2 columns");
    }

    @Test
    void escapeHelper() {
        assertThat(Html.escape("a<b>&\"'\u0000")).isEqualTo("a&lt;b&gt;&amp;&quot;&#39;\uFFFD");
    }

}
