package io.execplace.core.rules;

/**
 * The rule of {@code k8s-scheduler --wait-for-room SECONDS}, one code for the scheduler ({@code
 * kubernetes.run.RoomWait}) and for its model in the simulator ({@code schedulers.elastic.RoomWaitModel}):
 * an application whose placement would buy a node waits instead while the room the running pods free
 * comes within its patience — {@code SECONDS} (a node's launch) in all from the first time it waited,
 * since later applications may take the room it was promised ({@code --backfill}) — and a node bought
 * when the patience runs out would still meet its deadline. A node bought for it would bill its launch
 * and its empty tail; the wait bills nothing. Seconds in one clock, whichever (real on the cluster,
 * workload seconds in the model).
 */
public final class WaitForRoom {

    private final double waitSeconds;

    /** @param waitSeconds the longest wait in all, a node's launch; 0: never wait */
    public WaitForRoom(double waitSeconds) {
        if (!(waitSeconds >= 0) || !Double.isFinite(waitSeconds)) {
            throw new IllegalArgumentException("the wait for room must be seconds >= 0, got " + waitSeconds);
        }
        this.waitSeconds = waitSeconds;
    }

    /** The longest wait in all. */
    public double waitSeconds() {
        return waitSeconds;
    }

    /** Seconds the application may still wait at {@code now}, having first waited at {@code firstWaited}; 0 or less: none. */
    public double patience(double firstWaited, double now) {
        return firstWaited + waitSeconds - now;
    }

    /**
     * Whether the application waits.
     *
     * @param patience      {@link #patience}
     * @param deadline      its deadline, NaN for none
     * @param runSeconds    how long it runs once placed
     * @param secondsToRoom from now until the running pods' ends make room for it ({@code +∞}: not within the patience)
     */
    public boolean waits(double patience, double now, double deadline, double runSeconds, double secondsToRoom) {
        if (!(patience > 0)) {
            return false;
        }
        // should the room not come, a node bought when the patience runs out must still meet the deadline
        if (!Double.isNaN(deadline) && deadline - now - patience - waitSeconds - runSeconds < 0) {
            return false;
        }
        return secondsToRoom <= patience;
    }
}
