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

    static XYChart line(LineChartSpec spec, int width, int height) {
        XYChart chart = new XYChart(width, height);
        chart.setTitle(spec.title());
        chart.setXAxisTitle(spec.xAxisLabel());
        chart.setYAxisTitle(spec.yAxisLabel());
        var s = chart.getStyler();
        ChartTheme.apply(s, spec.title());
        s.setPlotGridVerticalLinesVisible(true);
        s.setDefaultSeriesRenderStyle(spec.step() ? XYSeries.XYSeriesRenderStyle.Step : XYSeries.XYSeriesRenderStyle.Line);
        s.setMarkerSize(7);
        s.setPlotContentSize(0.96); // a little inset so markers at the extremes are not clipped

        double maxAbsX = 0;
        double maxAbsY = 0;
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
                    maxAbsY = Math.max(maxAbsY, Math.abs(y[i]));
                }
            }
            XYSeries xs = chart.addSeries(series.name(), x, y);
            int round = index / ChartTheme.PALETTE.length;
            xs.setLineStyle(stroke(round));
            if (series.size() > MAX_POINTS_WITH_MARKERS || spec.step()) {
                xs.setMarker(SeriesMarkers.NONE);
            }
            index++;
        }
        s.setxAxisTickLabelsFormattingFunction(AxisScale.tickFormatter(maxAbsX));
        s.setyAxisTickLabelsFormattingFunction(AxisScale.tickFormatter(maxAbsY));

        placeLegend(s, spec.series().stream().map(LineChartSpec.Series::name).toList(), width);
        return chart;
    }

    /** Solid for the first ten series, then dashed, then dotted: colours repeat, strokes do not. */
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
