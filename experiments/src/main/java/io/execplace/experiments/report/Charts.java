package io.execplace.experiments.report;

import java.awt.BasicStroke;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Turns specs into styled XChart charts. Kept apart from file writing so both stay small. */
final class Charts {

    static {
        Headless.ensure();
    }

    /** Above this many points per series, markers only clutter the line. */
    private static final int MAX_POINTS_WITH_MARKERS = 25;
    /** Rough width of one legend/tick character at 12 pt, for layout decisions before rendering. */
    private static final int CHAR_PX = 7;
    /** Legend swatch, gap and padding per legend entry. */
    private static final int LEGEND_ENTRY_PX = 44;

    private Charts() {
    }

    static CategoryChart bar(BarChartSpec spec, int width, int height) {
        CategoryChart chart = new CategoryChart(width, height);
        chart.setTitle(spec.title());
        chart.setXAxisTitle("");
        chart.setYAxisTitle(spec.yAxisLabel());
        var s = chart.getStyler();
        ChartTheme.apply(s, spec.title());
        s.setXAxisTitleVisible(false); // the category names speak for themselves
        s.setAvailableSpaceFill(spec.series().size() == 1 ? 0.6 : 0.8);
        s.setOverlapped(false);
        // Our bounds already leave headroom; XChart's default inset would also lift the zero line
        // off the x axis, so bars seemed to float.
        s.setPlotContentSize(0.99);
        s.setPlotGridHorizontalLinesVisible(true);
        s.setPlotGridVerticalLinesVisible(false);

        List<String> categories = spec.categories();
        if (labelsCrowded(categories, width)) {
            s.setXAxisLabelRotation(30);
        }

        double dataMin = 0;
        double dataMax = 0;
        for (BarChartSpec.Series series : spec.series()) {
            double[] values = series.values();
            double[] errors = series.errors();
            List<Double> ys = new ArrayList<>(values.length);
            List<Double> es = new ArrayList<>(values.length);
            for (int i = 0; i < values.length; i++) {
                double v = Double.isFinite(values[i]) ? values[i] : Double.NaN;
                double e = Double.isFinite(v) && Double.isFinite(errors[i]) ? errors[i] : Double.NaN;
                ys.add(v);
                es.add(e);
                if (Double.isFinite(v)) {
                    double half = Double.isFinite(e) ? e : 0;
                    dataMin = Math.min(dataMin, v - half);
                    dataMax = Math.max(dataMax, v + half);
                }
            }
            // XChart skips NaN bars and draws nothing for a NaN error, but it also folds NaN into its
            // own axis range; the explicit bounds below keep the axis right regardless.
            CategorySeries cs = series.hasErrors()
                    ? chart.addSeries(series.name(), categories, ys, es)
                    : chart.addSeries(series.name(), categories, ys);
            cs.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Bar);
        }
        double[] bounds = AxisScale.boundsFromZero(dataMin, dataMax);
        s.setYAxisMin(bounds[0]);
        s.setYAxisMax(bounds[1]);
        s.setyAxisTickLabelsFormattingFunction(
                AxisScale.tickFormatter(Math.max(Math.abs(bounds[0]), Math.abs(bounds[1]))));

        placeLegend(s, spec.series().stream().map(BarChartSpec.Series::name).toList(), width);
        return chart;
    }

    /** An XY chart with titles, the common theme and vertical grid lines. */
    private static XYChart xyChart(String title, String xLabel, String yLabel, int width, int height) {
        XYChart chart = new XYChart(width, height);
        chart.setTitle(title);
        chart.setXAxisTitle(xLabel);
        chart.setYAxisTitle(yLabel);
        ChartTheme.apply(chart.getStyler(), title);
        chart.getStyler().setPlotGridVerticalLinesVisible(true);
        return chart;
    }

    static XYChart line(LineChartSpec spec, int width, int height) {
        XYChart chart = xyChart(spec.title(), spec.xAxisLabel(), spec.yAxisLabel(), width, height);
        var s = chart.getStyler();
        s.setDefaultSeriesRenderStyle(spec.step() ? XYSeries.XYSeriesRenderStyle.Step : XYSeries.XYSeriesRenderStyle.Line);
        s.setMarkerSize(7);
        s.setPlotContentSize(0.96); // a little inset so markers at the extremes are not clipped

        double maxAbsX = 0;
        double maxAbsY = 0;
        double minX = Double.POSITIVE_INFINITY;
        int index = 0;
        for (LineChartSpec.Series series : spec.series()) {
            double[] x = series.x();
            double[] y = series.y();
            for (int i = 0; i < x.length; i++) {
                // NaN stays in place so XChart breaks the line there (a gap is the honest picture);
                // infinities become NaN because they would blow up the axis range.
                if (!Double.isFinite(x[i]) || !Double.isFinite(y[i])) {
                    x[i] = Double.NaN;
                    y[i] = Double.NaN;
                } else {
                    maxAbsX = Math.max(maxAbsX, Math.abs(x[i]));
                    minX = Math.min(minX, x[i]);
                    maxAbsY = Math.max(maxAbsY, Math.abs(y[i]));
                }
            }
            // A series equal to an earlier one (aep-spark places as round-robin does) would hide
            // under it: it is drawn dashed, so both colours show, and the legend says so.
            String same = null;
            for (int k = 0; k < index && same == null; k++) {
                LineChartSpec.Series earlier = spec.series().get(k);
                if (java.util.Arrays.equals(earlier.x(), x) && java.util.Arrays.equals(earlier.y(), y)) {
                    same = earlier.name();
                }
            }
            XYSeries xs = chart.addSeries(same == null ? series.name() : series.name() + " (= " + same + ")", x, y);
            int round = index / ChartTheme.PALETTE.length;
            xs.setLineStyle(same == null ? stroke(round) : stroke(Math.max(1, round)));
            if (series.size() > MAX_POINTS_WITH_MARKERS || spec.step()) {
                xs.setMarker(SeriesMarkers.NONE);
            }
            index++;
        }
        s.setxAxisTickLabelsFormattingFunction(AxisScale.tickFormatter(maxAbsX));
        s.setyAxisTickLabelsFormattingFunction(AxisScale.tickFormatter(maxAbsY));
        if (minX >= 0 && maxAbsX > 0) {
            // Time axes start at 0 and end on a round tick, so XChart lays ticks on round values.
            double step = AxisScale.niceStep(maxAbsX, 8);
            s.setXAxisMin(0.0);
            s.setXAxisMax(Math.ceil(maxAbsX / step - 1e-9) * step);
        }

        placeLegend(s, spec.series().stream().map(LineChartSpec.Series::name).toList(), width);
        return chart;
    }

    static XYChart scatter(ScatterChartSpec spec, int width, int height) {
        XYChart chart = xyChart(spec.title(), spec.xAxisLabel(), spec.yAxisLabel(), width, height);
        var s = chart.getStyler();
        s.setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        s.setMarkerSize(13);
        s.setPlotContentSize(0.8); // room for the labels next to points at the edges
        s.setAnnotationTextFont(ChartTheme.LEGEND);
        s.setAnnotationTextFontColor(ChartTheme.TEXT);
        double minX = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY;
        double maxY = Double.NEGATIVE_INFINITY;
        for (ScatterChartSpec.Point p : spec.points()) {
            if (Double.isFinite(p.x()) && Double.isFinite(p.y())) {
                minX = Math.min(minX, p.x());
                maxX = Math.max(maxX, p.x());
                minY = Math.min(minY, p.y());
                maxY = Math.max(maxY, p.y());
            }
        }
        // Every scheduler keeps its colour and marker shape from the palette order; markers cycle
        // through distinct shapes so overlapping points stay visible.
        var markers = new org.knowm.xchart.style.markers.Marker[] {SeriesMarkers.CIRCLE, SeriesMarkers.DIAMOND,
                SeriesMarkers.SQUARE, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN};
        double dx = (maxX - minX) == 0 ? 1 : (maxX - minX);
        double dy = (maxY - minY) == 0 ? 1 : (maxY - minY);
        List<ScatterChartSpec.Point> pts = spec.points();
        List<double[]> labels = new ArrayList<>();
        for (int i = 0; i < pts.size(); i++) {
            ScatterChartSpec.Point p = pts.get(i);
            double x = Double.isFinite(p.x()) ? p.x() : Double.NaN;
            double y = Double.isFinite(p.y()) ? p.y() : Double.NaN;
            XYSeries xs = chart.addSeries(p.name(), new double[] {x}, new double[] {y});
            xs.setMarker(markers[i % markers.length]);
            if (Double.isNaN(x) || Double.isNaN(y)) {
                continue;
            }
            // Points that coincide share one label ("round-robin = aep"); the later ones get none.
            StringBuilder text = new StringBuilder(p.name());
            boolean shown = true;
            for (int k = 0; k < pts.size(); k++) {
                ScatterChartSpec.Point q = pts.get(k);
                if (k != i && Math.abs(q.x() - x) < 1e-9 * dx + 1e-12 && Math.abs(q.y() - y) < 1e-9 * dy + 1e-12) {
                    if (k < i) {
                        shown = false;
                    } else {
                        text.append(" = ").append(q.name());
                    }
                }
            }
            if (!shown) {
                continue;
            }
            // Above the point (data space, so it stays put); when an earlier label is close, the
            // first of below, further above and further below that is clear of every earlier label.
            double ly = y + 0.05 * dy;
            for (double offset : new double[] {0.05, -0.06, 0.11, -0.12, 0.17, -0.18}) {
                ly = y + offset * dy;
                if (clear(labels, x, ly, dx, dy)) {
                    break;
                }
            }
            labels.add(new double[] {x, ly});
            chart.addAnnotation(new org.knowm.xchart.AnnotationText(text.toString(), x, ly, false));
        }
        if (Double.isFinite(minX)) {
            s.setxAxisTickLabelsFormattingFunction(AxisScale.tickFormatter(Math.max(Math.abs(minX), Math.abs(maxX))));
            s.setyAxisTickLabelsFormattingFunction(AxisScale.tickFormatter(Math.max(Math.abs(minY), Math.abs(maxY))));
        }
        s.setLegendVisible(false); // every point carries its label
        return chart;
    }

    /** True if a label at (x, y) keeps clear of every label placed so far (about one name wide, one line high). */
    private static boolean clear(List<double[]> labels, double x, double y, double dx, double dy) {
        for (double[] l : labels) {
            if (Math.abs(l[0] - x) < 0.15 * dx && Math.abs(l[1] - y) < 0.055 * dy) {
                return false;
            }
        }
        return true;
    }

    /** Solid for the first round of palette colours, then dashed, then dotted: colours repeat, strokes do not. */
    private static BasicStroke stroke(int round) {
        return switch (round) {
            case 0 -> new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
            case 1 -> new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {8f, 5f}, 0f);
            default -> new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 10f, new float[] {1f, 5f}, 0f);
        };
    }

    /**
     * Legends never go inside the plot, where they would hide bars or lines. One row below the plot
     * when the names fit; a column on the right otherwise. A single series needs no legend: the
     * title and axis label already say what it is.
     */
    private static void placeLegend(AxesChartStyler s, List<String> names, int width) {
        if (names.size() <= 1) {
            s.setLegendVisible(false);
            return;
        }
        s.setLegendVisible(true);
        int rowPx = 0;
        for (String n : names) {
            rowPx += LEGEND_ENTRY_PX + n.length() * CHAR_PX;
        }
        if (rowPx <= width - 60) {
            s.setLegendPosition(Styler.LegendPosition.OutsideS);
            s.setLegendLayout(Styler.LegendLayout.Horizontal);
        } else {
            s.setLegendPosition(Styler.LegendPosition.OutsideE);
            s.setLegendLayout(Styler.LegendLayout.Vertical);
        }
    }

    /** Whether horizontal category labels would run into each other. */
    private static boolean labelsCrowded(List<String> categories, int width) {
        int longest = categories.stream().mapToInt(String::length).max().orElse(0);
        double slotPx = (width - 120.0) / categories.size();
        return longest * CHAR_PX > slotPx * 0.9;
    }
}
