package io.execplace.kubernetes.provision;

import io.execplace.kubernetes.cluster.BatchTimer;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * When the applications waiting for room are bought for: a window opens when the first waits, and
 * closes after {@code idle} seconds in which no application joined (or one's pods grew), or {@code max}
 * seconds after it opened — Karpenter's batcher ({@link BatchTimer}; its defaults are 1 s and 10 s,
 * sigs.k8s.io/karpenter v1.15.0 {@code pkg/operator/options/options.go}). With {@code idle} 0 every
 * cycle closes the window.
 */
final class BatchWindow {

    private final BatchTimer timer;
    /** Applications gathered, with the pods each had waiting when last seen. */
    private final Map<String, Integer> gathered = new HashMap<>();

    BatchWindow(double idleSeconds, double maxSeconds) {
        this.timer = new BatchTimer(idleSeconds, maxSeconds);
    }

    /**
     * Records the cycle's applications wanting room; true when the window closes now and they are to be
     * bought for (the window starts anew), false while it gathers (or nothing waits).
     */
    boolean gather(List<ClaimBook.Want> wants, double now) {
        if (wants.isEmpty()) {
            startAnew();
            return false;
        }
        for (ClaimBook.Want w : wants) {
            Integer seen = gathered.put(w.appKey(), w.pending());
            if (seen == null || w.pending() > seen) {
                timer.joined(now);
            }
        }
        if (!timer.closedBy(now)) {
            return false;
        }
        startAnew();
        return true;
    }

    private void startAnew() {
        gathered.clear();
        timer.reset();
    }
}
