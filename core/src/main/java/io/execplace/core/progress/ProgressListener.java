package io.execplace.core.progress;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How far a long piece of work is, told after each finished unit (a cell, a training iteration, an
 * evaluation) so that a command line can draw a progress bar or print a line: the one progress type
 * of the runner, the cell engines, the studies and the trainings.
 */
@FunctionalInterface
public interface ProgressListener {

    ProgressListener NONE = (done, total, what) -> { };

    /**
     * Called from worker threads; implementations must be thread-safe.
     *
     * @param done  units finished so far
     * @param total units in all
     * @param what  the unit that finished ({@code "gio seed 3"}), or null when the caller cannot tell
     *              (an engine that tells only how many cells finished, a training iteration)
     */
    void advanced(long done, long total, String what);

    /**
     * A listener for several workers sharing this one's count: each call on it is one more of
     * {@code total} units here, whatever count the worker tells.
     */
    default ProgressListener counting(long total) {
        AtomicLong done = new AtomicLong();
        return (workerDone, workerTotal, what) -> advanced(done.incrementAndGet(), total, what);
    }

    /**
     * A listener for an engine that tells only how many cells finished: its "k of n cells" becomes
     * {@code units} calls here, spread evenly over the cells (done counts from 1 to {@code units}).
     */
    default ProgressListener spreading(long units) {
        long[] told = {0};
        return (finished, all, what) -> {
            synchronized (told) {
                long target = units * finished / all;
                while (told[0] < target) {
                    advanced(++told[0], units, null);
                }
            }
        };
    }
}
