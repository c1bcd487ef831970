package io.execplace.kubernetes.provision;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * When the applications waiting for room are bought for: a window opens when the first waits, and
 * closes after {@code idle} seconds in which no application joined (or one's pods grew), or {@code max}
 * seconds after it opened — the rule of Karpenter's batcher for pending pods (sigs.k8s.io/karpenter
 * v1.15.0, {@code pkg/controllers/provisioning/batcher.go}; its defaults are 1 s and 10 s,
 * {@code pkg/operator/options/options.go}). With {@code idle} 0 every cycle closes the window.
 */
final class BatchWindow {

    private final double idle;
    private final double max;
    /** Applications gathered, with the pods each had waiting when last seen. */
    private final Map<String, Integer> gathered = new HashMap<>();
    private double opened = Double.NaN;
    private double lastJoined;

    BatchWindow(double idleSeconds, double maxSeconds) {
        this.idle = idleSeconds;
        this.max = maxSeconds;
    }

    /**
     * Records the cycle's applications wanting room; true when the window closes now and they are to be
     * bought for (the window starts anew), false while it gathers (or nothing waits).
     */
    boolean gather(List<ClaimBook.Want> wants, double now) {
        if (wants.isEmpty()) {
            gathered.clear();
            opened = Double.NaN;
            return false;
        }
        if (Double.isNaN(opened)) {
            opened = now;
            lastJoined = now;
        }
        for (ClaimBook.Want w : wants) {
            Integer seen = gathered.put(w.appKey(), w.pending());
            if (seen == null || w.pending() > seen) {
                lastJoined = now;
            }
        }
        if (now - lastJoined < idle && now - opened < max) {
            return false;
        }
        gathered.clear();
        opened = Double.NaN;
        return true;
    }
}
