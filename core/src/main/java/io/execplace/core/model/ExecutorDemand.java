package io.execplace.core.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How many executors a Spark application with dynamic allocation wants over its run: a step function
 * of the time since it started, in seconds of its base duration, and how long an executor it no
 * longer needs stays before it is released (Spark's {@code spark.dynamicAllocation.executorIdleTimeout},
 * 60 s by default). The application's {@link Job#executors()} is its floor — the executors it holds
 * from start to finish (Spark's {@code minExecutors}, at least one here); the demand says how many it
 * wants in all, never fewer than the floor.
 *
 * <p>Which executors go when the demand falls is the simulator's choice, since Spark releases
 * whichever executors happen to be idle: the ones added last go first, so that every executor above
 * the floor has one lifetime (see {@link #lifetimes}).
 *
 * @param atSeconds          when each step begins, seconds since the start at base duration; the first
 *                           is 0, strictly increasing
 * @param executors          the executors wanted from each step on
 * @param idleTimeoutSeconds how long an executor no longer wanted stays (and is paid for) before it goes
 */
public record ExecutorDemand(double[] atSeconds, int[] executors, double idleTimeoutSeconds) {

    /** Spark's default {@code spark.dynamicAllocation.executorIdleTimeout}. */
    public static final double SPARK_IDLE_TIMEOUT_SECONDS = 60;

    public ExecutorDemand {
        if (atSeconds.length == 0 || atSeconds.length != executors.length) {
            throw new IllegalArgumentException("an executor demand needs one executor count per step, and at least one step");
        }
        if (atSeconds[0] != 0) {
            throw new IllegalArgumentException("an executor demand's first step is at 0 s, got " + atSeconds[0]);
        }
        for (int i = 0; i < atSeconds.length; i++) {
            if (!Double.isFinite(atSeconds[i]) || (i > 0 && atSeconds[i] <= atSeconds[i - 1])) {
                throw new IllegalArgumentException("an executor demand's steps must be finite and increasing, got "
                        + Arrays.toString(atSeconds));
            }
            if (executors[i] < 1) {
                throw new IllegalArgumentException("an executor demand wants at least 1 executor at every step, got "
                        + executors[i] + " at " + atSeconds[i] + " s");
            }
        }
        if (!(idleTimeoutSeconds >= 0) || Double.isInfinite(idleTimeoutSeconds)) {
            throw new IllegalArgumentException("an executor idle timeout must be a finite number of seconds >= 0, got "
                    + idleTimeoutSeconds);
        }
        atSeconds = atSeconds.clone();
        executors = executors.clone();
    }

    @Override
    public double[] atSeconds() {
        return atSeconds.clone();
    }

    @Override
    public int[] executors() {
        return executors.clone();
    }

    /** The fewest executors wanted at any step. */
    public int least() {
        return Arrays.stream(executors).min().orElseThrow();
    }

    /** The most executors wanted at any step. */
    public int most() {
        return Arrays.stream(executors).max().orElseThrow();
    }

    /** Number of steps. */
    public int steps() {
        return atSeconds.length;
    }

    /**
     * Executors added over a floor of {@code floor}, each with one lifetime: a group of {@code
     * count} executors added at {@code from} and no longer wanted at {@code until} (seconds since the
     * start at base duration; {@code until} is the base duration when they stay to the end). An executor
     * wanted again within the idle timeout of its release (in the same seconds) is kept: its two
     * lifetimes are one.
     *
     * @param floor        executors held the whole run, at most {@link #least()}
     * @param baseDuration the application's base duration; steps at or after it are ignored
     */
    public List<Lifetime> lifetimes(int floor, double baseDuration) {
        if (floor < 1 || floor > least()) {
            throw new IllegalArgumentException("a floor of " + floor + " executors, the demand wants " + least()
                    + " at its lowest");
        }
        List<Lifetime> out = new ArrayList<>();
        // Level l (the l-th executor above the floor, last in first out) is wanted while the demand is at
        // least floor + l: scan its intervals, merging those within the idle timeout of each other.
        for (int level = floor + 1; level <= most(); level++) {
            double from = Double.NaN;
            double until = Double.NaN;
            for (int i = 0; i < atSeconds.length && atSeconds[i] < baseDuration; i++) {
                double stepEnd = i + 1 < atSeconds.length ? Math.min(atSeconds[i + 1], baseDuration) : baseDuration;
                if (executors[i] < level) {
                    continue;
                }
                if (!Double.isNaN(until) && atSeconds[i] - until <= idleTimeoutSeconds) {
                    until = stepEnd;
                    continue;
                }
                if (!Double.isNaN(from)) {
                    add(out, from, until);
                }
                from = atSeconds[i];
                until = stepEnd;
            }
            if (!Double.isNaN(from)) {
                add(out, from, until);
            }
        }
        return out;
    }

    /** Adds one executor with lifetime [from, until), joining a group with the same lifetime. */
    private static void add(List<Lifetime> out, double from, double until) {
        for (int i = 0; i < out.size(); i++) {
            Lifetime l = out.get(i);
            if (l.from() == from && l.until() == until) {
                out.set(i, new Lifetime(l.count() + 1, from, until));
                return;
            }
        }
        out.add(new Lifetime(1, from, until));
    }

    /**
     * Upper bound on the number of {@link #lifetimes} over {@code floor} for any base duration and idle
     * timeout: one per level and interval, as if none merged.
     */
    public int maxLifetimes(int floor) {
        int count = Math.max(0, least() - floor);
        for (int level = least() + 1; level <= most(); level++) {
            boolean inside = false;
            for (int e : executors) {
                if (e >= level && !inside) {
                    count++;
                }
                inside = e >= level;
            }
        }
        return count;
    }

    /**
     * Executors added together and released together.
     *
     * @param count executors in the group
     * @param from  when they are wanted, seconds since the start at base duration
     * @param until when they are no longer wanted (the idle timeout comes on top, unless it is the end)
     */
    public record Lifetime(int count, double from, double until) {
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExecutorDemand d && Arrays.equals(atSeconds, d.atSeconds)
                && Arrays.equals(executors, d.executors) && idleTimeoutSeconds == d.idleTimeoutSeconds;
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(atSeconds) + Arrays.hashCode(executors) + Double.hashCode(idleTimeoutSeconds);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < atSeconds.length; i++) {
            double at = atSeconds[i];
            s.append(i == 0 ? "" : " ").append(at == Math.rint(at) ? Long.toString((long) at) : Double.toString(at)).append(':').append(executors[i]);
        }
        return s.toString();
    }
}
