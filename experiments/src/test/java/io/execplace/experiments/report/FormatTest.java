package io.execplace.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FormatTest {

    @Test
    void costKeepsFourSignificantDigits() {
        assertThat(Format.cost(1234.567)).isEqualTo("1235");
        assertThat(Format.cost(12.3)).isEqualTo("12.30");
        assertThat(Format.cost(0.0123456)).isEqualTo("0.01235");
        assertThat(Format.cost(2.6755)).isEqualTo("2.676");
        assertThat(Format.cost(123456)).isEqualTo("123500");
        assertThat(Format.cost(-45.678)).isEqualTo("-45.68");
        assertThat(Format.cost(9.99996)).isEqualTo("10.00");
    }

    @Test
    void extremeMagnitudesUseAnExponent() {
        assertThat(Format.cost(12_345_678)).isEqualTo("1.235e7");
        assertThat(Format.cost(0.0000012)).isEqualTo("1.200e-6");
    }

    @Test
    void zeroNanAndInfinity() {
        assertThat(Format.cost(0)).isEqualTo("0");
        assertThat(Format.cost(-0.0)).isEqualTo("0");
        assertThat(Format.cost(Double.NaN)).isEqualTo("–");
        assertThat(Format.cost(Double.POSITIVE_INFINITY)).isEqualTo("∞");
        assertThat(Format.percent(Double.NaN)).isEqualTo("–");
        assertThat(Format.fractionAsPercent(Double.NaN)).isEqualTo("–");
        assertThat(Format.millis(Double.NaN)).isEqualTo("–");
        assertThat(Format.meanStd(Double.NaN, 1)).isEqualTo("–");
    }

    @Test
    void meanStdRoundsMeanToTheDeviationsPrecision() {
        assertThat(Format.meanStd(12.3456, 0.4321)).isEqualTo("12.3 ± 0.4");
        assertThat(Format.meanStd(12.3456, 0.15)).isEqualTo("12.35 ± 0.15"); // leading 1: two digits
        assertThat(Format.meanStd(1234.5, 56)).isEqualTo("1230 ± 60");
        assertThat(Format.meanStd(0.004567, 0.00023)).isEqualTo("0.0046 ± 0.0002");
        assertThat(Format.meanStd(7, 0.96)).isEqualTo("7 ± 1");
    }

    @Test
    void meanStdWithoutUsableDeviation() {
        assertThat(Format.meanStd(12.3456, Double.NaN)).isEqualTo("12.35");
        assertThat(Format.meanStd(12.3456, 0)).isEqualTo("12.35 ± 0");
        // negligible spread: do not print a dozen digits of mean
        assertThat(Format.meanStd(12.3456789, 1e-9)).isEqualTo("12.35 ± 1e-9");
    }

    @Test
    void percentHasOneDecimal() {
        assertThat(Format.percent(12.345)).isEqualTo("12.3%");
        assertThat(Format.percent(12.35)).isEqualTo("12.4%");
        assertThat(Format.percent(100)).isEqualTo("100.0%");
        assertThat(Format.percent(-0.04)).isEqualTo("0.0%");
        assertThat(Format.fractionAsPercent(0.12345)).isEqualTo("12.3%");
        assertThat(Format.fractionAsPercent(0.1235)).isEqualTo("12.4%");
        assertThat(Format.fractionAsPercent(1)).isEqualTo("100.0%");
    }

    @Test
    void millisHasThreeSignificantDigitsAndUnit() {
        assertThat(Format.millis(1.23456)).isEqualTo("1.23 ms");
        assertThat(Format.millis(0.0456789)).isEqualTo("0.0457 ms");
        assertThat(Format.millis(12345.6)).isEqualTo("12300 ms");
        assertThat(Format.millis(5)).isEqualTo("5.00 ms");
    }

    @Test
    void sigRejectsZeroDigits() {
        assertThatThrownBy(() -> Format.sig(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
