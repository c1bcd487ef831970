package io.execplace.core.model;

/**
 * A span in which a spot pool cannot buy nodes (an availability trace's "no capacity" state, as in
 * Can't Be Late's traces, where a job waiting for spot idles). The kernel closes the pool from the
 * notice of the reclaim that opens the window until {@code toSeconds}.
 *
 * @param fromSeconds start, seconds from the run's start (the pool's live nodes are taken back then)
 * @param toSeconds   end, after the start: the pool may buy again
 */
public record UnavailableWindow(double fromSeconds, double toSeconds) {

    public UnavailableWindow {
        if (!(fromSeconds >= 0) || !(toSeconds > fromSeconds) || Double.isInfinite(toSeconds)) {
            throw new IllegalArgumentException("an unavailable window needs 0 <= from < to < infinity, got "
                    + fromSeconds + "-" + toSeconds);
        }
    }

    @Override
    public String toString() {
        return fmt(fromSeconds) + "-" + fmt(toSeconds);
    }

    private static String fmt(double seconds) {
        return seconds == Math.rint(seconds) ? String.valueOf((long) seconds) : String.valueOf(seconds);
    }
}
