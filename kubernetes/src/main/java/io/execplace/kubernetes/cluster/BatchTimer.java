package io.execplace.kubernetes.cluster;

/**
 * The timer of Karpenter's batcher for pending pods (sigs.k8s.io/karpenter v1.15.0, {@code
 * pkg/controllers/provisioning/batcher.go}): the first member opens a window, each member that joins
 * keeps it open {@code idleSeconds} more, and it closes at min(last joined + idle, opened + max). One
 * rule for the scheduler's claim batching ({@code kubernetes.provision}) and the replay's model of
 * Karpenter ({@code kubernetes.replay}); each keeps its own members. Mutable, one per window.
 */
public final class BatchTimer {

    private final double idleSeconds;
    private final double maxSeconds;
    private double opened = Double.NaN;
    private double lastJoined = Double.NaN;

    /** @throws IllegalArgumentException unless 0 <= idle <= max, max finite */
    public BatchTimer(double idleSeconds, double maxSeconds) {
        if (!(idleSeconds >= 0) || !(maxSeconds >= idleSeconds) || !Double.isFinite(maxSeconds)) {
            throw new IllegalArgumentException("a batch window needs 0 <= idle <= max, got " + idleSeconds + ", " + maxSeconds);
        }
        this.idleSeconds = idleSeconds;
        this.maxSeconds = maxSeconds;
    }

    /** A timer of the same durations, with no window open. */
    public BatchTimer fresh() {
        return new BatchTimer(idleSeconds, maxSeconds);
    }

    /** No window at all: every member is decided when it comes. */
    public boolean decidesAtOnce() {
        return idleSeconds == 0;
    }

    public boolean isOpen() {
        return !Double.isNaN(opened);
    }

    /** A member joined at {@code now} (opening a window if none is open): the idle time counts from now. */
    public void joined(double now) {
        if (!isOpen()) {
            opened = now;
        }
        lastJoined = now;
    }

    /** When the open window closes; +∞ when none is open. */
    public double closesAt() {
        return isOpen() ? Math.min(lastJoined + idleSeconds, opened + maxSeconds) : Double.POSITIVE_INFINITY;
    }

    /** Whether an open window has closed by {@code now}. */
    public boolean closedBy(double now) {
        return isOpen() && now >= closesAt();
    }

    /** The window closed (or its members left): the next member opens a new one. */
    public void reset() {
        opened = Double.NaN;
        lastJoined = Double.NaN;
    }
}
