package io.execplace.kubernetes.replay;

import io.execplace.core.model.Job;
import io.execplace.kubernetes.cluster.BatchTimer;

import java.util.HashMap;
import java.util.Map;

/**
 * Karpenter's batch window over the pods no ready node holds ({@link BatchTimer}): the first such pod
 * opens a window, each new one keeps it open {@code idleSeconds} more, and it closes then or {@code
 * maxSeconds} after it opened, whichever comes first; Karpenter then decides for every pod that joined
 * it. Workload seconds.
 * Mutable: one per run ({@link #copy}).
 */
final class KarpenterBatch {

    /** No window (an idle duration of 0): Karpenter decides for a pod when it arrives. */
    static final KarpenterBatch NONE = new KarpenterBatch(0, 0);

    private final BatchTimer timer;
    /** When each waiting pod joined a window (job id). */
    private final Map<Integer, Double> joined = new HashMap<>();
    /** Pods that joined at or before this closed window are decided. */
    private double closedAt = Double.NEGATIVE_INFINITY;

    KarpenterBatch(double idleSeconds, double maxSeconds) {
        this(new BatchTimer(idleSeconds, maxSeconds));
    }

    private KarpenterBatch(BatchTimer timer) {
        this.timer = timer;
    }

    /** A fresh window of the same durations. */
    KarpenterBatch copy() {
        return new KarpenterBatch(timer.fresh());
    }

    /**
     * Whether the pod, which no ready node holds now, still waits for its window to close; false when
     * Karpenter decides for it now: its window closed, or there is no window. While no pod is on any
     * node the pods of this instant are decided at once (the simulator drops a job left waiting on an
     * idle cluster, no event being left to bring it back; on the testbed the first batch of a run, or
     * of one after an idle gap, waits its window too).
     */
    boolean waits(Job pod, double now, boolean anyPodPlaced) {
        if (timer.decidesAtOnce()) {
            return false;
        }
        if (!anyPodPlaced) {
            closedAt = Math.max(closedAt, now);
        }
        if (timer.closedBy(now)) {
            closedAt = Math.max(closedAt, timer.closesAt());
            timer.reset();
        }
        Double at = joined.get(pod.id());
        if (at == null && now > closedAt) {
            at = now;
            joined.put(pod.id(), now);
            timer.joined(now);
        }
        if (at != null && at > closedAt) {
            return true;
        }
        joined.remove(pod.id());
        return false;
    }

    /** The pod was bound to a ready node: it no longer waits. */
    void bound(Job pod) {
        joined.remove(pod.id());
    }

    /** When the open window closes, pods waiting in it; +∞ when none waits. */
    double closesAt() {
        return joined.isEmpty() ? Double.POSITIVE_INFINITY : timer.closesAt();
    }
}
