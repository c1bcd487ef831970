package io.execplace.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.Function;
import org.junit.jupiter.api.Test;

class AxisScaleTest {

    @Test
    void smallAxesPrintPlainNumbersWithoutFloatingPointNoise() {
        Function<Double, String> f = AxisScale.tickFormatter(3.5);
        assertThat(f.apply(0.0)).isEqualTo("0");
        assertThat(f.apply(0.1 + 0.2)).isEqualTo("0.3");
        assertThat(f.apply(2.5)).isEqualTo("2.5");
        assertThat(AxisScale.tickFormatter(9000).apply(2500.0)).isEqualTo("2500");
    }

    @Test
    void largeAxesUseOneSuffixForAllTicks() {
        Function<Double, String> f = AxisScale.tickFormatter(35_000);
        assertThat(f.apply(5000.0)).isEqualTo("5k");
        assertThat(f.apply(12_500.0)).isEqualTo("12.5k");
        assertThat(AxisScale.tickFormatter(2.4e6).apply(1.5e6)).isEqualTo("1.5M");
    }

    @Test
    void tinyAxesUseExponents() {
        assertThat(AxisScale.tickFormatter(4e-5).apply(2e-5)).isEqualTo("2e-5");
    }

    @Test
    void boundsIncludeZeroAndLeaveHeadroom() {
        assertThat(AxisScale.boundsFromZero(0, 3.0)).containsExactly(0, 3.5);
        assertThat(AxisScale.boundsFromZero(0, 0)).containsExactly(0, 1);
        double[] negative = AxisScale.boundsFromZero(-2, 9);
        assertThat(negative[0]).isLessThan(-2);
        assertThat(negative[1]).isGreaterThan(9);
    }
}
