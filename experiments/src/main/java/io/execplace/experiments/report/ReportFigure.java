package io.execplace.experiments.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Base64;
import java.nio.file.Path;
import java.util.Objects;
import java.util.StringJoiner;
import java.util.regex.Pattern;

/**
 * A chart in the report: the image shown inline, linked to its SVG.
 *
 * @param image    relative URL of the image (from the report's directory), e.g. {@code charts/cost.png}
 * @param vector   relative URL of the SVG, or {@code null} for none
 * @param caption  text below the image; also the image's alt text
 * @param embedded the image itself as a {@code data:} URI, shown instead of {@code image} so the
 *                 page needs no other file; {@code null} to reference {@code image}
 * @param wide     spans the whole width of the page instead of one column of the figure grid
 */
public record ReportFigure(String image, String vector, String caption, String embedded, boolean wide)
        implements ReportSection.Block {

    /** A figure that references its image file. */
    public ReportFigure(String image, String vector, String caption) {
        this(image, vector, caption, null, false);
    }

    /** This figure across the whole page width (for wide pictures such as timelines). */
    public ReportFigure asWide() {
        return new ReportFigure(image, vector, caption, embedded, true);
    }

    /** A URL scheme ("javascript:", "https:") or a leading slash: not a path relative to the report. */
    private static final Pattern NOT_RELATIVE = Pattern.compile("^(?:[A-Za-z][A-Za-z0-9+.-]*:|/|\\\\).*", Pattern.DOTALL);

    public ReportFigure {
        Objects.requireNonNull(image, "image");
        Objects.requireNonNull(caption, "caption");
        requireRelative(image);
        if (vector != null) {
            requireRelative(vector);
        }
        if (embedded != null && !embedded.startsWith("data:image/")) {
            throw new IllegalArgumentException("an embedded image must be a data:image/ URI");
        }
    }

    /**
     * The figure for charts written by {@link ChartWriter}: the PNG embedded in the page (so the
     * page is one self-contained file), linked to the SVG by a path relative to the directory of
     * {@code reportFile}.
     */
    public static ReportFigure of(ChartFiles files, Path reportFile, String caption) {
        Path base = reportFile.toAbsolutePath().normalize().getParent();
        return new ReportFigure(relativeUrl(base, files.png()), relativeUrl(base, files.svg()), caption,
                dataUri("image/png", read(files.png())), false);
    }

    /** An SVG written by the caller (no PNG), embedded in the page and linked. */
    public static ReportFigure ofSvg(Path svg, Path reportFile, String caption) {
        Path base = reportFile.toAbsolutePath().normalize().getParent();
        String url = relativeUrl(base, svg);
        return new ReportFigure(url, url, caption, dataUri("image/svg+xml", read(svg)), false);
    }

    private static byte[] read(Path image) {
        try {
            return Files.readAllBytes(image);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read chart " + image + " to embed it: " + e.getMessage(), e);
        }
    }

    static String dataUri(String mediaType, byte[] content) {
        return "data:" + mediaType + ";base64," + Base64.getEncoder().encodeToString(content);
    }

    /** {@code target} relative to {@code base}, as a URL path: '/' separators, percent-encoded. */
    static String relativeUrl(Path base, Path target) {
        Path rel = base.relativize(target.toAbsolutePath().normalize());
        StringJoiner url = new StringJoiner("/");
        for (Path segment : rel) {
            url.add(encodeSegment(segment.toString()));
        }
        return url.toString();
    }

    private static String encodeSegment(String segment) {
        StringBuilder out = new StringBuilder();
        for (byte b : segment.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            boolean unreserved = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '.' || c == '_' || c == '~';
            if (unreserved) {
                out.append((char) c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            }
        }
        return out.toString();
    }

    private static void requireRelative(String url) {
        if (url.isBlank() || NOT_RELATIVE.matcher(url).matches()) {
            throw new IllegalArgumentException("figure path must be relative to the report, got '" + url + "'");
        }
    }
}
