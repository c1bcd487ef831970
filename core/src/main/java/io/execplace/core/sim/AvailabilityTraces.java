package io.execplace.core.sim;

import io.execplace.core.model.Interruptions;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.UnavailableWindow;

import java.util.SplittableRandom;

/**
 * The pools' availability traces as node events: in a run, their reclaims and windows at the trace's
 * times; in a resumed run that plans and draws them ({@link ResumedRun#drawingTraces()}) not the
 * trace's times, which no scheduler knows in advance, but times drawn from its
 * statistics — per pool the mean length of a window without capacity, the mean open time between
 * windows and the rate of the other reclaims, each over the trace's span (the average a team would
 * measure from its history, as {@code SpotRisk} prices the reclaim rate) — with exponential laws
 * around those means, drawn from the resumed run's seed. A pool closed now opens after a drawn
 * length (the law is memoryless, so the time it has been closed does not matter); an open one closes
 * after a drawn gap, and so on up to {@link #HORIZON_SECONDS} from now.
 */
final class AvailabilityTraces {

    /** How far ahead windows and reclaims are drawn: longer than any rollout's jobs run. */
    static final double HORIZON_SECONDS = 86_400;

    private final NodePools pools;
    private final double[] noticeSeconds;
    private final double[] meanLength;
    private final double[] meanGap;
    private final double[] reclaimsPerSecond;

    AvailabilityTraces(NodePools pools) {
        this.pools = pools;
        int count = pools.pools().size();
        noticeSeconds = new double[count];
        meanLength = new double[count];
        meanGap = new double[count];
        reclaimsPerSecond = new double[count];
        for (int p = 0; p < count; p++) {
            Interruptions in = pools.pools().get(p).interruptions();
            noticeSeconds[p] = in.noticeSeconds();
            double closed = 0;
            double end = 0;
            for (UnavailableWindow w : in.unavailable()) {
                closed += w.toSeconds() - w.fromSeconds();
                end = Math.max(end, w.toSeconds());
            }
            int windows = in.unavailable().size();
            if (windows > 0) {
                meanLength[p] = closed / windows;
                meanGap[p] = (end - closed) / windows;
            }
            for (double at : in.reclaimAtSeconds()) {
                end = Math.max(end, at);
            }
            int others = in.reclaimAtSeconds().size() - windows;
            reclaimsPerSecond[p] = others > 0 && end > 0 ? others / end : 0;
        }
    }

    /**
     * Pushes every pool's reclaims, each as a pool-wide notice at its time less the notice, and its
     * windows, each closing the pool from its reclaim's notice (so that no node bought then survives
     * it) until its end.
     */
    void scheduleTrue(NodeEvents events) {
        for (int p = 0; p < noticeSeconds.length; p++) {
            Interruptions in = pools.pools().get(p).interruptions();
            for (double at : in.reclaimAtSeconds()) {
                events.push(Math.max(0, at - in.noticeSeconds()), p, NodeEvents.POOL_NOTICE, 0);
            }
            for (UnavailableWindow w : in.unavailable()) {
                events.push(Math.max(0, w.fromSeconds() - in.noticeSeconds()), p, NodeEvents.POOL_CLOSE, 0);
                events.push(w.toSeconds(), p, NodeEvents.POOL_OPEN, 0);
            }
        }
    }

    /**
     * Pushes pool {@code pool}'s drawn window opens and closes, and its other reclaims, from {@code now}
     * on: the same draws for the same seed.
     */
    void scheduleDrawn(NodeEvents events, int pool, boolean closedNow, double now, long seed) {
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + 31L * pool + 7);
        double until = now + HORIZON_SECONDS;
        if (meanLength[pool] > 0) {
            double t = closedNow ? now + exponential(random, meanLength[pool]) : now;
            if (closedNow) {
                events.push(t, pool, NodeEvents.POOL_OPEN, 0);
            }
            while ((t += exponential(random, meanGap[pool])) <= until) {
                // As the kernel plays a trace's window: closed from its reclaim's notice until its end.
                events.push(t, pool, NodeEvents.POOL_NOTICE, 0);
                events.push(t, pool, NodeEvents.POOL_CLOSE, 0);
                t += noticeSeconds[pool] + Math.max(1, exponential(random, meanLength[pool]));
                events.push(t, pool, NodeEvents.POOL_OPEN, 0);
            }
        }
        if (reclaimsPerSecond[pool] > 0) {
            double t = now;
            while ((t += exponential(random, 1 / reclaimsPerSecond[pool])) <= until) {
                events.push(t, pool, NodeEvents.POOL_NOTICE, 0);
            }
        }
    }

    private static double exponential(SplittableRandom random, double mean) {
        return -Math.log(1 - random.nextDouble()) * mean;
    }
}
