package io.execplace.core.model;

import java.util.SplittableRandom;

/**
 * Seconds from a node's launch request to the node being ready for executors: uniform on
 * {@code [minSeconds, maxSeconds]}, a constant when both are equal.
 */
public record LaunchDelay(double minSeconds, double maxSeconds) {

    /** No delay: a node is ready the instant it is bought (the fixed clusters' physics). */
    public static final LaunchDelay NONE = new LaunchDelay(0, 0);

    public LaunchDelay {
        if (!(minSeconds >= 0) || !(maxSeconds >= minSeconds) || Double.isInfinite(maxSeconds)) {
            throw new IllegalArgumentException("launch delay needs 0 <= min <= max, finite; got "
                    + minSeconds + " .. " + maxSeconds);
        }
    }

    public static LaunchDelay constant(double seconds) {
        return new LaunchDelay(seconds, seconds);
    }

    /** One draw (no random number is used for a constant delay, so constant runs need no seed). */
    public double sample(SplittableRandom random) {
        return minSeconds == maxSeconds ? minSeconds : minSeconds + random.nextDouble() * (maxSeconds - minSeconds);
    }

    /** The mean delay. */
    public double meanSeconds() {
        return (minSeconds + maxSeconds) / 2;
    }

    @Override
    public String toString() {
        return minSeconds == maxSeconds ? fmt(minSeconds) + " s" : fmt(minSeconds) + "-" + fmt(maxSeconds) + " s";
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
