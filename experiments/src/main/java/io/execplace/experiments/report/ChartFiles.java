package io.execplace.experiments.report;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The files {@link ChartWriter} wrote for one chart.
 *
 * @param png raster image, for the HTML report and quick viewing
 * @param svg vector image, for papers and zooming
 */
public record ChartFiles(Path png, Path svg) {

    public ChartFiles {
        Objects.requireNonNull(png, "png");
        Objects.requireNonNull(svg, "svg");
    }
}
