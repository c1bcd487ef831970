package io.execplace.experiments.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import org.knowm.xchart.style.AxesChartStyler;

/** Colours, fonts and strokes shared by all charts, so every figure in a report looks alike. */
final class ChartTheme {

    static {
        Headless.ensure();
    }

    /**
     * Colour-blind-safe hues, distinct from each other on white and in print: the Okabe–Ito set
     * (its yellow, too faint for lines on white, moved last) and four of Paul Tol's muted colours,
     * so that the eleven schedulers of the default scenario each have their own. Beyond twelve series
     * colours repeat and line charts switch to dashed strokes.
     */
    static final Color[] PALETTE = {
            new Color(0x0072B2), new Color(0xE69F00), new Color(0x009E73), new Color(0xD55E00),
            new Color(0xCC79A7), new Color(0x56B4E9), new Color(0x000000), new Color(0x882255),
            new Color(0x999933), new Color(0x44AA99), new Color(0x332288), new Color(0xF0E442),
    };

    static final Color TEXT = new Color(0x222222);
    static final Color GRID = new Color(0xE3E3E3);
    static final Color AXIS = new Color(0x888888);
    static final Color ERROR_BAR = new Color(0x333333);

    // Logical font names: resolved by the JDK to whatever sans serif the machine has (DejaVu on
    // Debian), so rendering needs no font files of ours.
    static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 16);
    static final Font AXIS_TITLE = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    static final Font TICKS = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    static final Font LEGEND = new Font(Font.SANS_SERIF, Font.PLAIN, 12);

    private ChartTheme() {
    }

    /** Applies the look common to bar and line charts. */
    static void apply(AxesChartStyler s, String title) {
        s.setChartTitleVisible(!title.isBlank());
        s.setChartTitleFont(TITLE);
        s.setChartTitleBoxVisible(false);
        s.setChartFontColor(TEXT);
        s.setChartBackgroundColor(Color.WHITE);
        s.setChartPadding(12);

        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotBorderVisible(false);
        s.setPlotGridLinesColor(GRID);
        s.setPlotGridLinesStroke(new BasicStroke(1f));
        s.setPlotGridVerticalLinesVisible(false);
        s.setPlotMargin(4);

        s.setAxisTitleFont(AXIS_TITLE);
        s.setAxisTitlePadding(8);
        s.setAxisTickLabelsFont(TICKS);
        s.setAxisTickLabelsColor(TEXT);
        s.setAxisTickMarksColor(AXIS);
        s.setAxisTickPadding(6);

        s.setLegendFont(LEGEND);
        s.setLegendBackgroundColor(Color.WHITE);
        s.setLegendBorderColor(Color.WHITE);
        s.setLegendPadding(6);

        s.setSeriesColors(PALETTE);
        s.setErrorBarsColor(ERROR_BAR);
        s.setErrorBarsColorSeriesColor(false);
        s.setAntiAlias(true);
        s.setToolTipsEnabled(false);
    }
}
