package io.execplace.experiments.run;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Mean and sample standard deviation of a metric over seeds; NaN values (a metric that does not
 * apply to a run) are skipped.
 *
 * @param mean mean of the finite values, NaN if none
 * @param std  sample standard deviation, 0 for one value, NaN if none
 * @param n    number of finite values
 */
public record Stats(double mean, double std, int n) {

    /** The stats of {@code metric} over {@code items} (a value per seed), in their order. */
    public static <T> Stats over(List<T> items, ToDoubleFunction<? super T> metric) {
        double[] v = new double[items.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = metric.applyAsDouble(items.get(i));
        }
        return of(v);
    }

    public static Stats of(double[] values) {
        double sum = 0;
        int n = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                sum += v;
                n++;
            }
        }
        if (n == 0) {
            return new Stats(Double.NaN, Double.NaN, 0);
        }
        double mean = sum / n;
        double sq = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                sq += (v - mean) * (v - mean);
            }
        }
        return new Stats(mean, n > 1 ? Math.sqrt(sq / (n - 1)) : 0, n);
    }
}
