package io.execplace.experiments.report;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A line chart of one or more series of (x, y) points, e.g. cumulative cost over time per
 * scheduler. A point with a non-finite coordinate breaks the line there.
 *
 * @param title      chart title; blank for none
 * @param xAxisLabel x-axis title, with its unit
 * @param yAxisLabel y-axis title, with its unit
 * @param series     one or more series, distinctly named
 * @param step       draw each series as a step function (holds its value until the next x), which
 *                   is what cumulative counters really do between events
 */
public record LineChartSpec(String title, String xAxisLabel, String yAxisLabel, List<Series> series, boolean step)
        implements ChartSpec {

    public LineChartSpec {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(xAxisLabel, "xAxisLabel");
        Objects.requireNonNull(yAxisLabel, "yAxisLabel");
        series = ChartChecks.named("line chart '" + title + "'", "series", series, Series::name);
    }

    /** A chart with straight segments between points. */
    public static LineChartSpec of(String title, String xAxisLabel, String yAxisLabel, Series... series) {
        return new LineChartSpec(title, xAxisLabel, yAxisLabel, List.of(series), false);
    }

    /** The same chart drawn as steps ({@code true}) or straight segments. */
    public LineChartSpec withStep(boolean step) {
        return new LineChartSpec(title, xAxisLabel, yAxisLabel, series, step);
    }

    /**
     * One named line.
     *
     * @param name legend entry
     * @param x    x coordinates, in drawing order (normally increasing)
     * @param y    y coordinates, as many as x
     */
    public record Series(String name, double[] x, double[] y) {

        public Series {
            Objects.requireNonNull(name, "name");
            x = Objects.requireNonNull(x, "x").clone();
            y = Objects.requireNonNull(y, "y").clone();
            if (x.length != y.length) {
                throw new IllegalArgumentException("series '" + name + "' has " + x.length + " x values but "
                        + y.length + " y values");
            }
        }

        @Override
        public double[] x() {
            return x.clone();
        }

        @Override
        public double[] y() {
            return y.clone();
        }

        /** Number of points. */
        public int size() {
            return x.length;
        }

        // Records compare arrays by identity; compare contents instead.
        @Override
        public boolean equals(Object o) {
            return o instanceof Series s && name.equals(s.name) && Arrays.equals(x, s.x) && Arrays.equals(y, s.y);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, Arrays.hashCode(x), Arrays.hashCode(y));
        }

        @Override
        public String toString() {
            return "Series[name=" + name + ", x=" + Arrays.toString(x) + ", y=" + Arrays.toString(y) + "]";
        }
    }
}
