package io.execplace.experiments.report;

import io.execplace.core.io.AtomicFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Renders a {@link ChartSpec} to {@code baseName.png} and {@code baseName.svg}.
 *
 * <p>Both images are rendered in memory first, so a rendering failure touches no file; each file
 * is then written atomically (see {@link AtomicFiles}). Headless: safe on machines without a
 * display.
 */
public final class ChartWriter {

    static {
        Headless.ensure();
    }

    /** Default PNG size in pixels; also the SVG's nominal size. */
    public static final int DEFAULT_WIDTH = 800;
    /** Default PNG height in pixels. */
    public static final int DEFAULT_HEIGHT = 500;

    // A plain file name: no separators, no leading dot, so callers cannot write outside the
    // directory or create hidden files by accident.
    /** A clip-path id where it is defined ({@code id="clip123"}) or used ({@code url(#clip123)}). */
    private static final Pattern CLIP_ID = Pattern.compile("(id=\"|#)(clip-?\\d+)"); // hash codes can be negative

    private static final Pattern BASE_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9._-]*");

    private ChartWriter() {
    }

    /** Writes the chart at {@value #DEFAULT_WIDTH}×{@value #DEFAULT_HEIGHT}. */
    public static ChartFiles write(ChartSpec spec, Path directory, String baseName) throws IOException {
        return write(spec, directory, baseName, DEFAULT_WIDTH, DEFAULT_HEIGHT);
    }

    /**
     * Writes {@code directory/baseName.png} and {@code directory/baseName.svg}, replacing existing
     * files and creating {@code directory} if needed.
     *
     * @param baseName file name without extension: letters, digits, {@code . _ -}
     * @return the two paths written
     * @throws IOException naming the file that could not be written and why; files are either
     *                     complete or not written
     */
    public static ChartFiles write(ChartSpec spec, Path directory, String baseName, int width, int height)
            throws IOException {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(baseName, "baseName");
        if (!BASE_NAME.matcher(baseName).matches()) {
            throw new IllegalArgumentException("chart base name must be a plain file name without extension, got '"
                    + baseName + "'");
        }
        if (width < 100 || height < 100 || width > 10_000 || height > 10_000) {
            throw new IllegalArgumentException("chart size must be 100..10000 pixels each way, got " + width + "×" + height);
        }
        Chart<?, ?> chart = toChart(spec, width, height);
        byte[] png = renderPng(chart);
        byte[] svg = renderSvg(chart);

        ChartFiles files = new ChartFiles(directory.resolve(baseName + ".png"), directory.resolve(baseName + ".svg"));
        AtomicFiles.write(files.png(), png);
        AtomicFiles.write(files.svg(), svg);
        return files;
    }

    private static Chart<?, ?> toChart(ChartSpec spec, int width, int height) {
        // Pattern matching for switch is not final in Java 17, hence instanceof.
        if (spec instanceof BarChartSpec bar) {
            return Charts.bar(bar, width, height);
        }
        if (spec instanceof LineChartSpec line) {
            return Charts.line(line, width, height);
        }
        if (spec instanceof ScatterChartSpec scatter) {
            return Charts.scatter(scatter, width, height);
        }
        throw new IllegalArgumentException("unknown chart spec " + spec.getClass().getName());
    }

    private static byte[] renderPng(Chart<?, ?> chart) throws IOException {
        var out = new ByteArrayOutputStream(64 * 1024);
        BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
        return out.toByteArray();
    }

    private static byte[] renderSvg(Chart<?, ?> chart) throws IOException {
        var out = new ByteArrayOutputStream(64 * 1024);
        VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        return renumberClipIds(out.toString(StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * VectorGraphics2D names clip paths after the clip shape's {@code hashCode()}: value-based for
     * rectangles but identity-based for general paths, which differ from run to run. Renumbering
     * them in order of appearance keeps the SVG bytes a function of the chart alone.
     */
    static String renumberClipIds(String svg) {
        Map<String, String> ids = new HashMap<>();
        Matcher m = CLIP_ID.matcher(svg);
        StringBuilder out = new StringBuilder(svg.length());
        while (m.find()) {
            String id = ids.computeIfAbsent(m.group(2), k -> "clip" + (ids.size() + 1));
            m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) + id));
        }
        m.appendTail(out);
        return out.toString();
    }
}
