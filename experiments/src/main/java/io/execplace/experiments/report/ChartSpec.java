package io.execplace.experiments.report;

/** What to draw; {@link ChartWriter} turns a spec into PNG and SVG files. */
public sealed interface ChartSpec permits BarChartSpec, LineChartSpec, ScatterChartSpec {

    /** Chart title; blank for none. */
    String title();
}
