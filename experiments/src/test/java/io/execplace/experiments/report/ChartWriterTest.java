package io.execplace.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

class ChartWriterTest {

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final List<String> SCHEDULERS = List.of("first-fit", "best-fit", "round-robin", "ilp");

    @TempDir
    Path dir;

    static BarChartSpec groupedBars() {
        return BarChartSpec.of("Total cost", "cost ($)", SCHEDULERS,
                new BarChartSpec.Series("on-demand", new double[] {10, 8, 12, 7}, new double[] {1, 0.5, 2, 0.3}),
                new BarChartSpec.Series("spot", new double[] {4, 3.5, 6, 3}, new double[] {0.4, Double.NaN, 1, 0.2}));
    }

    @Test
    void barChartWritesPngOfRequestedSizeAndSvg() throws Exception {
        ChartFiles files = ChartWriter.write(groupedBars(), dir, "cost", 640, 400);

        assertThat(files.png()).isEqualTo(dir.resolve("cost.png")).isRegularFile();
        assertThat(files.svg()).isEqualTo(dir.resolve("cost.svg")).isRegularFile();
        assertValidPng(files.png(), 640, 400);
        assertValidSvg(files.svg());
    }

    @Test
    void svgDrawsTheBarsInPaletteColours() throws Exception {
        String svg = Files.readString(ChartWriter.write(groupedBars(), dir, "cost").svg());
        assertThat(svg).contains("rgb(0,114,178)").contains("rgb(230,159,0)"); // first two series: Okabe-Ito blue, orange
    }

    @Test
    void sameChartGivesSameSvgBytes() throws Exception {
        byte[] first = Files.readAllBytes(ChartWriter.write(groupedBars(), dir, "a").svg());
        byte[] second = Files.readAllBytes(ChartWriter.write(groupedBars(), dir, "b").svg());
        assertThat(second).isEqualTo(first);
        assertThat(new String(first, java.nio.charset.StandardCharsets.UTF_8)).contains("id=\"clip1\"");
    }

    @Test
    void clipIdsAreRenumberedInOrderOfAppearance() {
        String svg = "<clipPath id=\"clip-77\"/><clipPath id=\"clip905\"/><clipPath id=\"clip12\"/>"
                + "<g clip-path=\"url(#clip12)\"/><g clip-path=\"url(#clip905)\"/>";
        assertThat(ChartWriter.renumberClipIds(svg)).isEqualTo(
                "<clipPath id=\"clip1\"/><clipPath id=\"clip2\"/><clipPath id=\"clip3\"/>"
                + "<g clip-path=\"url(#clip3)\"/><g clip-path=\"url(#clip2)\"/>");
    }

    @Test
    void chartsAreHeadlessUnlessTheUserChoseOtherwise() {
        // The build sets java.awt.headless for every test JVM, so the decision is tested, not the JVM's state.
        assertThat(Headless.setting(null)).isEqualTo("true");
        assertThat(Headless.setting("false")).isEqualTo("false");
        assertThat(Headless.setting("true")).isEqualTo("true");
    }

    @Test
    void defaultSizeIs800By500() throws Exception {
        ChartFiles files = ChartWriter.write(groupedBars(), dir, "cost");
        assertValidPng(files.png(), 800, 500);
    }

    @Test
    void nanAndInfiniteValuesStillRender() throws Exception {
        var spec = BarChartSpec.of("With gaps", "cost ($)", SCHEDULERS,
                new BarChartSpec.Series("on-demand", new double[] {10, Double.NaN, 12, Double.POSITIVE_INFINITY},
                        new double[] {1, 2, Double.NaN, 1}),
                new BarChartSpec.Series("spot", Double.NaN, 3.5, 6, 3));
        ChartFiles files = ChartWriter.write(spec, dir, "gaps");
        assertValidPng(files.png(), 800, 500);
        assertValidSvg(files.svg());
    }

    @Test
    void allNanChartStillRenders() throws Exception {
        var spec = BarChartSpec.of("Nothing yet", "cost ($)", List.of("a", "b"),
                new BarChartSpec.Series("only", Double.NaN, Double.NaN));
        assertValidPng(ChartWriter.write(spec, dir, "empty").png(), 800, 500);
    }

    @Test
    void lineChartWithStepsAndManySeries() throws Exception {
        var series = new java.util.ArrayList<LineChartSpec.Series>();
        for (int s = 0; s < 12; s++) { // more series than palette colours
            double[] x = new double[50];
            double[] y = new double[50];
            for (int i = 0; i < x.length; i++) {
                x[i] = i * 60.0;
                y[i] = (s + 1) * i * 0.37;
            }
            y[20] = Double.NaN; // a gap
            series.add(new LineChartSpec.Series("scheduler-" + s, x, y));
        }
        var spec = new LineChartSpec("Cumulative cost", "time (s)", "cost ($)", series, true);
        ChartFiles files = ChartWriter.write(spec, dir, "cumulative");
        assertValidPng(files.png(), 800, 500);
        assertValidSvg(files.svg());
    }

    @Test
    void overwritesExistingFiles() throws Exception {
        Files.writeString(dir.resolve("cost.png"), "old");
        ChartWriter.write(groupedBars(), dir, "cost");
        assertValidPng(dir.resolve("cost.png"), 800, 500);
        assertThat(tempFiles(dir)).isEmpty();
    }

    @Test
    void createsMissingDirectory() throws Exception {
        ChartFiles files = ChartWriter.write(groupedBars(), dir.resolve("a/b"), "cost");
        assertValidPng(files.png(), 800, 500);
    }

    @Test
    void directoryThatIsAFileFailsClearlyAndWritesNothing() throws Exception {
        Path notADir = dir.resolve("charts");
        Files.writeString(notADir, "I am a file");

        assertThatThrownBy(() -> ChartWriter.write(groupedBars(), notADir, "cost"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("cost.png")
                .hasMessageContaining("not a directory");
        assertThat(Files.readString(notADir)).isEqualTo("I am a file");
        try (Stream<Path> all = Files.list(dir)) {
            assertThat(all).containsExactly(notADir);
        }
    }

    @Test
    void failedRenameLeavesNoTemporaryFile() throws Exception {
        // A non-empty directory where the PNG should go: the final rename must fail.
        Files.createDirectories(dir.resolve("cost.png"));
        Files.writeString(dir.resolve("cost.png/keep"), "x");

        assertThatThrownBy(() -> ChartWriter.write(groupedBars(), dir, "cost"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("cost.png");
        assertThat(tempFiles(dir)).isEmpty();
        assertThat(dir.resolve("cost.png/keep")).hasContent("x");
        assertThat(dir.resolve("cost.svg")).doesNotExist();
    }

    @Test
    void rejectsBaseNamesThatAreNotPlainFileNames() {
        for (String bad : List.of("", "../escape", "a/b", ".hidden", "x y")) {
            assertThatThrownBy(() -> ChartWriter.write(groupedBars(), dir, bad))
                    .as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void specsValidateTheirShape() {
        assertThatThrownBy(() -> BarChartSpec.of("t", "y", SCHEDULERS, new BarChartSpec.Series("s", 1, 2)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 values for 4 categories");
        assertThatThrownBy(() -> BarChartSpec.of("t", "y", List.of("a"),
                new BarChartSpec.Series("s", 1), new BarChartSpec.Series("s", 2)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two series named 's'");
        assertThatThrownBy(() -> new BarChartSpec.Series("s", new double[] {1}, new double[] {-1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("negative");
        assertThatThrownBy(() -> new LineChartSpec.Series("s", new double[] {1, 2}, new double[] {1}))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void seriesAreValuesNotArrayIdentities() {
        double[] values = {1, 2};
        var a = new BarChartSpec.Series("s", values);
        values[0] = 99; // the spec took a copy
        assertThat(a).isEqualTo(new BarChartSpec.Series("s", 1, 2));
        assertThat(a.values()).containsExactly(1, 2);
    }

    static void assertValidPng(Path png, int width, int height) throws IOException {
        byte[] bytes = Files.readAllBytes(png);
        assertThat(bytes).startsWith(PNG_SIGNATURE);
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image).as("decodable PNG").isNotNull();
        assertThat(image.getWidth()).isEqualTo(width);
        assertThat(image.getHeight()).isEqualTo(height);
    }

    static void assertValidSvg(Path svg) throws Exception {
        String text = Files.readString(svg);
        assertThat(text).contains("<svg");
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        // The SVG names the W3C DTD; never fetch it (tests run offline, and it is not needed).
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        f.setNamespaceAware(true);
        Document doc = f.newDocumentBuilder().parse(svg.toFile());
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
    }

    static List<Path> tempFiles(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }
}
