package io.execplace.experiments.report;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * A bar chart: one group of bars per category (e.g. scheduler), one bar per series in each group
 * (e.g. pricing model). A single series gives plain bars and no legend.
 *
 * <p>Values that are not finite (NaN, infinities) are left out: the slot stays empty.
 *
 * @param title      chart title; blank for none
 * @param yAxisLabel y-axis title, with its unit, e.g. {@code "total cost ($)"}
 * @param categories x-axis labels, distinct, in display order
 * @param series     one or more series, distinctly named, each with one value per category
 */
public record BarChartSpec(String title, String yAxisLabel, List<String> categories, List<Series> series)
        implements ChartSpec {

    public BarChartSpec {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(yAxisLabel, "yAxisLabel");
        categories = List.copyOf(categories);
        if (categories.isEmpty()) {
            throw new IllegalArgumentException("bar chart '" + title + "' needs at least one category");
        }
        if (new HashSet<>(categories).size() != categories.size()) {
            throw new IllegalArgumentException("bar chart '" + title + "' has duplicate categories: " + categories);
        }
        series = ChartChecks.named("bar chart '" + title + "'", "series", series, Series::name);
        for (Series s : series) {
            if (s.size() != categories.size()) {
                throw new IllegalArgumentException("series '" + s.name() + "' of bar chart '" + title + "' has "
                        + s.size() + " values for " + categories.size() + " categories");
            }
        }
    }

    /** Convenience for the common call with series written inline. */
    public static BarChartSpec of(String title, String yAxisLabel, List<String> categories, Series... series) {
        return new BarChartSpec(title, yAxisLabel, categories, List.of(series));
    }

    /** Whether any series carries at least one error bar. */
    public boolean hasErrorBars() {
        return series.stream().anyMatch(Series::hasErrors);
    }

    /**
     * One named row of bar heights.
     *
     * @param name   legend entry
     * @param values bar heights, one per category; non-finite = no bar
     * @param errors half-lengths of the error bars (e.g. standard deviations), one per value, ≥ 0;
     *               NaN = no error bar. {@code null} means no error bars at all.
     */
    public record Series(String name, double[] values, double[] errors) {

        public Series {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(values, "values");
            values = values.clone();
            if (errors == null) {
                errors = new double[values.length];
                Arrays.fill(errors, Double.NaN);
            } else {
                errors = errors.clone();
            }
            if (errors.length != values.length) {
                throw new IllegalArgumentException("series '" + name + "' has " + values.length + " values but "
                        + errors.length + " errors");
            }
            for (double e : errors) {
                if (e < 0) {
                    throw new IllegalArgumentException("series '" + name + "' has a negative error " + e);
                }
            }
        }

        /** A series without error bars. */
        public Series(String name, double... values) {
            this(name, values, null);
        }

        @Override
        public double[] values() {
            return values.clone();
        }

        @Override
        public double[] errors() {
            return errors.clone();
        }

        /** Number of values. */
        public int size() {
            return values.length;
        }

        /** Whether at least one value has an error bar to draw. */
        public boolean hasErrors() {
            for (int i = 0; i < values.length; i++) {
                if (Double.isFinite(values[i]) && Double.isFinite(errors[i])) {
                    return true;
                }
            }
            return false;
        }

        // Records compare arrays by identity; compare contents instead.
        @Override
        public boolean equals(Object o) {
            return o instanceof Series s && name.equals(s.name)
                    && Arrays.equals(values, s.values) && Arrays.equals(errors, s.errors);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, Arrays.hashCode(values), Arrays.hashCode(errors));
        }

        @Override
        public String toString() {
            return "Series[name=" + name + ", values=" + Arrays.toString(values)
                    + ", errors=" + Arrays.toString(errors) + "]";
        }
    }
}
