package io.execplace.experiments.run;

import io.execplace.core.metrics.RunResult;

/**
 * Cumulative VM cost sampled at evenly spaced times from 0 to the makespan (exact billing of the
 * busy time up to each sample).
 *
 * @param times seconds
 * @param costs cumulative cost at each time
 */
public record CostTimeline(double[] times, double[] costs) {

    /** Samples {@code points} times (at least 2) of a finished run. */
    public static CostTimeline of(RunResult result, int points) {
        double end = result.summary().makespan();
        double[] t = new double[points];
        double[] c = new double[points];
        for (int i = 0; i < points; i++) {
            t[i] = end * i / (points - 1);
            c[i] = result.costUntil(t[i]);
        }
        return new CostTimeline(t, c);
    }
}
