package io.execplace.core.model;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * How often the cloud takes a spot node back. The AWS Spot Instance Advisor publishes, per instance
 * type and region, the share of capacity reclaimed in the previous month in bands (&lt;5 %, 5–10 %,
 * 10–15 %, 15–20 %, &gt;20 %); we read a band's rate {@code p} as the probability that one node is
 * interrupted within 30 days and draw each node's time to interruption from the exponential law
 * with hazard {@code -ln(1 - p) / 30 days}. The notice comes {@code noticeSeconds} before (AWS: 120 s).
 *
 * <p>An availability trace instead (or as well) lists the times at which the pool's spot capacity is
 * taken back: at each, every live node of the pool gets the notice and is interrupted after it; and
 * the windows in which the pool cannot buy at all ({@link UnavailableWindow}: each opens with a
 * reclaim).
 *
 * @param monthlyRate       probability a node is interrupted within 30 days, in [0, 1)
 * @param noticeSeconds     seconds of warning before the node is taken
 * @param reclaimAtSeconds  times (seconds from the run's start) at which all the pool's nodes are taken back
 * @param unavailable       windows in which the pool cannot buy, in time order, not overlapping
 */
public record Interruptions(double monthlyRate, double noticeSeconds, List<Double> reclaimAtSeconds,
                            List<UnavailableWindow> unavailable) {

    /** A hazard rate and no trace. */
    public Interruptions(double monthlyRate, double noticeSeconds) {
        this(monthlyRate, noticeSeconds, List.of());
    }

    /** A hazard rate and reclaim times, no unavailable windows. */
    public Interruptions(double monthlyRate, double noticeSeconds, List<Double> reclaimAtSeconds) {
        this(monthlyRate, noticeSeconds, reclaimAtSeconds, List.of());
    }

    /**
     * An availability trace of windows without capacity: the pool's nodes are taken back as each window
     * opens (reclaim times = the windows' starts) and it buys none until the window closes.
     */
    public static Interruptions unavailable(double noticeSeconds, List<UnavailableWindow> windows) {
        return new Interruptions(0, noticeSeconds).withUnavailable(windows);
    }

    /** These interruptions with an availability trace's windows added: each window's start is also a reclaim. */
    public Interruptions withUnavailable(List<UnavailableWindow> windows) {
        List<Double> times = new ArrayList<>(reclaimAtSeconds);
        windows.forEach(w -> times.add(w.fromSeconds()));
        times.sort(null);
        List<UnavailableWindow> all = new ArrayList<>(unavailable);
        all.addAll(windows);
        return new Interruptions(monthlyRate, noticeSeconds, times, all);
    }

    /** An availability trace: the pool's capacity is taken back at each of {@code times}. */
    public static Interruptions trace(double noticeSeconds, List<Double> times) {
        return new Interruptions(0, noticeSeconds, times);
    }

    /** Seconds in the 30-day month of the advisor's bands. */
    public static final double MONTH_SECONDS = 30 * 86_400.0;

    /** AWS's two-minute interruption notice. */
    public static final double AWS_NOTICE_SECONDS = 120;

    /** Never interrupted (on-demand capacity). */
    public static final Interruptions NONE = new Interruptions(0, AWS_NOTICE_SECONDS);

    public Interruptions {
        if (!(monthlyRate >= 0) || !(monthlyRate < 1)) {
            throw new IllegalArgumentException("monthly interruption rate must be in [0, 1), got " + monthlyRate);
        }
        if (!(noticeSeconds >= 0) || Double.isInfinite(noticeSeconds)) {
            throw new IllegalArgumentException("notice must be >= 0 seconds, got " + noticeSeconds);
        }
        reclaimAtSeconds = List.copyOf(reclaimAtSeconds);
        for (double at : reclaimAtSeconds) {
            if (!(at >= 0) || Double.isInfinite(at)) {
                throw new IllegalArgumentException("reclaim times must be finite and >= 0, got " + at);
            }
        }
        unavailable = List.copyOf(unavailable);
        for (int i = 1; i < unavailable.size(); i++) {
            if (unavailable.get(i).fromSeconds() < unavailable.get(i - 1).toSeconds()) {
                throw new IllegalArgumentException("unavailable windows must be in time order without overlap: "
                        + unavailable.get(i - 1) + " then " + unavailable.get(i));
            }
        }
    }

    /** The advisor's band by its label ({@code <5}, {@code 5-10}, {@code 10-15}, {@code 15-20}, {@code >20}), at its middle ({@code >20}: 25 %). */
    public static Interruptions band(String label) {
        double rate = switch (label.replace("%", "").replace(" ", "")) {
            case "<5" -> 0.025;
            case "5-10" -> 0.075;
            case "10-15" -> 0.125;
            case "15-20" -> 0.175;
            case ">20" -> 0.25;
            default -> throw new IllegalArgumentException("interruption band must be <5, 5-10, 10-15, 15-20 or >20, got '"
                    + label + "'");
        };
        return new Interruptions(rate, AWS_NOTICE_SECONDS);
    }

    /**
     * A generated availability trace: reclaim times of a Poisson process with the given mean gap, from
     * 0 up to {@code horizonSeconds}, drawn from {@code seed} (same seed, same times).
     */
    public static List<Double> poissonTimes(double meanGapSeconds, double horizonSeconds, long seed) {
        if (!(meanGapSeconds > 0) || Double.isInfinite(meanGapSeconds) || !(horizonSeconds >= 0)) {
            throw new IllegalArgumentException("a reclaim trace needs a positive mean gap and a horizon >= 0, got "
                    + meanGapSeconds + " and " + horizonSeconds);
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<Double> times = new ArrayList<>();
        double at = -Math.log(1 - random.nextDouble()) * meanGapSeconds;
        while (at <= horizonSeconds) {
            times.add(at);
            at += -Math.log(1 - random.nextDouble()) * meanGapSeconds;
        }
        return List.copyOf(times);
    }

    /**
     * Generated windows without capacity: gaps between windows and window lengths drawn from
     * exponential laws with the given means, from 0 up to {@code horizonSeconds}, from {@code seed}.
     */
    public static List<UnavailableWindow> poissonWindows(double meanGapSeconds, double meanLengthSeconds,
                                                         double horizonSeconds, long seed) {
        if (!(meanGapSeconds > 0) || !(meanLengthSeconds > 0) || Double.isInfinite(meanGapSeconds + meanLengthSeconds)
                || !(horizonSeconds >= 0)) {
            throw new IllegalArgumentException("windows need a positive mean gap and length and a horizon >= 0, got "
                    + meanGapSeconds + ", " + meanLengthSeconds + " and " + horizonSeconds);
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<UnavailableWindow> windows = new ArrayList<>();
        double at = -Math.log(1 - random.nextDouble()) * meanGapSeconds;
        while (at <= horizonSeconds) {
            double end = at + Math.max(1, -Math.log(1 - random.nextDouble()) * meanLengthSeconds);
            windows.add(new UnavailableWindow(at, end));
            at = end + -Math.log(1 - random.nextDouble()) * meanGapSeconds;
        }
        return List.copyOf(windows);
    }

    /** Interruptions per second of a node's life. */
    public double hazardPerSecond() {
        return -Math.log1p(-monthlyRate) / MONTH_SECONDS;
    }

    /**
     * Reclaims per second of the availability trace over its span (0 without a trace): the historical
     * frequency a team would know, as it knows the Spot Instance Advisor's band; not the future times.
     */
    public double traceRatePerSecond() {
        double span = 0;
        for (double at : reclaimAtSeconds) {
            span = Math.max(span, at);
        }
        return span > 0 ? reclaimAtSeconds.size() / span : 0;
    }

    /** Seconds from launch to interruption for one node (infinite when never). */
    public double sampleLifetime(SplittableRandom random) {
        if (monthlyRate == 0) {
            return Double.POSITIVE_INFINITY;
        }
        return -Math.log(1 - random.nextDouble()) / hazardPerSecond();
    }
}
