package io.execplace.experiments.report;

import org.junit.jupiter.api.Test;

import java.awt.Color;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

class TimeAxisAndPaletteTest {

    @Test
    void timeAxesUseRoundUnitsAndTicks() {
        assertThat(TimeAxis.forSpan(120).name()).isEqualTo("seconds");
        assertThat(TimeAxis.forSpan(7200).name()).isEqualTo("minutes");
        assertThat(TimeAxis.forSpan(70_000).name()).isEqualTo("hours");
        assertThat(TimeAxis.forSpan(7200).of(7200)).isEqualTo(120);
        assertThat(TimeAxis.forSpan(7200).tickStep(120, 8)).isEqualTo(15);  // 0, 15, 30, ... 120 minutes
        assertThat(TimeAxis.forSpan(70_000).tickStep(19.4, 8)).isEqualTo(3); // 0, 3, 6, ... hours
        assertThat(TimeAxis.forSpan(86_400).tickStep(24, 8)).isEqualTo(3);
    }

    @Test
    void paletteIsColourBlindSafeAndHasNoRepeats() {
        assertThat(Arrays.stream(ChartTheme.PALETTE).distinct().count()).isEqualTo(ChartTheme.PALETTE.length);
        // Okabe-Ito blue, orange, bluish green, vermillion first.
        assertThat(Arrays.copyOf(ChartTheme.PALETTE, 4)).containsExactly(new Color(0x0072B2), new Color(0xE69F00),
                new Color(0x009E73), new Color(0xD55E00));
        assertThat(ChartTheme.PALETTE).doesNotContain(Color.WHITE);
    }
}
