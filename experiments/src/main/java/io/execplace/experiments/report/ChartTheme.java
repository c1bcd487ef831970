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
     * Ten hues that stay distinct from each other on white and in print (the "Tableau 10" set).
     * Beyond ten series colours repeat and line charts switch to dashed strokes.
     */
    static final Color[] PALETTE = {
            new Color(0x4E79A7), new Color(0xF28E2B), new Color(0xE15759), new Color(0x76B7B2),
            new Color(0x59A14F), new Color(0xEDC948), new Color(0xB07AA1), new Color(0xFF9DA7),
            new Color(0x9C755F), new Color(0xBAB0AC),
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
