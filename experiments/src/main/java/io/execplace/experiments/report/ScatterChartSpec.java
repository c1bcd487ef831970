package io.execplace.experiments.report;

import java.util.List;
import java.util.Objects;

/**
 * A trade-off chart: one labelled point per item (e.g. per scheduler), each in its own colour.
 *
 * @param title      chart title; blank for none
 * @param xAxisLabel x-axis title, with its unit
 * @param yAxisLabel y-axis title, with its unit
 * @param points     the points, distinctly named, in palette order
 */
public record ScatterChartSpec(String title, String xAxisLabel, String yAxisLabel, List<Point> points)
        implements ChartSpec {

    public ScatterChartSpec {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(xAxisLabel, "xAxisLabel");
        Objects.requireNonNull(yAxisLabel, "yAxisLabel");
        points = ChartChecks.named("scatter chart '" + title + "'", "points", points, Point::name);
    }

    /**
     * One labelled point.
     *
     * @param name label and legend entry
     * @param x    x value
     * @param y    y value
     */
    public record Point(String name, double x, double y) {

        public Point {
            Objects.requireNonNull(name, "name");
        }
    }
}
