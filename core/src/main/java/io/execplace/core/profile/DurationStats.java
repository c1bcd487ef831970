package io.execplace.core.profile;

import java.util.Arrays;

/**
 * Summary of the repeated runs of one profile cell, seconds.
 *
 * @param runs        number of runs
 * @param meanSeconds mean job duration
 * @param sdSeconds   sample standard deviation (0 for one run)
 * @param minSeconds  shortest run
 * @param maxSeconds  longest run
 */
public record DurationStats(int runs, double meanSeconds, double sdSeconds, double minSeconds, double maxSeconds) {

    public DurationStats {
        if (runs < 1) {
            throw new IllegalArgumentException("runs must be at least 1, got " + runs);
        }
        if (!(minSeconds > 0) || !(minSeconds <= meanSeconds) || !(meanSeconds <= maxSeconds) || !Double.isFinite(maxSeconds)) {
            throw new IllegalArgumentException("durations must satisfy 0 < min <= mean <= max, got min " + minSeconds
                    + ", mean " + meanSeconds + ", max " + maxSeconds);
        }
        if (!(sdSeconds >= 0) || !Double.isFinite(sdSeconds)) {
            throw new IllegalArgumentException("standard deviation must be a finite number >= 0, got " + sdSeconds);
        }
    }

    /** Statistics of measured durations (seconds, at least one). */
    public static DurationStats of(double... seconds) {
        if (seconds.length == 0) {
            throw new IllegalArgumentException("no durations");
        }
        double mean = Arrays.stream(seconds).average().orElseThrow();
        double ss = 0;
        for (double s : seconds) {
            ss += (s - mean) * (s - mean);
        }
        double sd = seconds.length > 1 ? Math.sqrt(ss / (seconds.length - 1)) : 0;
        double min = Arrays.stream(seconds).min().orElseThrow();
        double max = Arrays.stream(seconds).max().orElseThrow();
        // the mean of equal values can differ from them in the last bit
        return new DurationStats(seconds.length, Math.min(max, Math.max(min, mean)), sd, min, max);
    }
}
