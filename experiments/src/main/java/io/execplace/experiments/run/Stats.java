package io.execplace.experiments.run;

/**
 * Mean and sample standard deviation of a metric over seeds; NaN values (a metric that does not
 * apply to a run) are skipped.
 *
 * @param mean mean of the finite values, NaN if none
 * @param std  sample standard deviation, 0 for one value, NaN if none
 * @param n    number of finite values
 */
public record Stats(double mean, double std, int n) {

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
