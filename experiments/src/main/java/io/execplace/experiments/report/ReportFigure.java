package io.execplace.experiments.report;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Objects;
import java.util.StringJoiner;
import java.util.regex.Pattern;

/**
 * A chart in the report: the PNG shown inline, linked to its SVG.
 *
 * @param image   relative URL of the PNG (from the report's directory), e.g. {@code charts/cost.png}
 * @param vector  relative URL of the SVG, or {@code null} for none
 * @param caption text below the image; also the image's alt text
 */
public record ReportFigure(String image, String vector, String caption) implements ReportSection.Block {

    /** A URL scheme ("javascript:", "https:") or a leading slash: not a path relative to the report. */
    private static final Pattern NOT_RELATIVE = Pattern.compile("^(?:[A-Za-z][A-Za-z0-9+.-]*:|/|\\\\).*", Pattern.DOTALL);

    public ReportFigure {
        Objects.requireNonNull(image, "image");
        Objects.requireNonNull(caption, "caption");
        requireRelative(image);
        if (vector != null) {
            requireRelative(vector);
        }
    }

    /**
     * The figure for charts written by {@link ChartWriter}, with links relative to the directory
     * of {@code reportFile}, so the report and its charts can be moved together.
     */
    public static ReportFigure of(ChartFiles files, Path reportFile, String caption) {
        Path base = reportFile.toAbsolutePath().normalize().getParent();
        return new ReportFigure(relativeUrl(base, files.png()), relativeUrl(base, files.svg()), caption);
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
