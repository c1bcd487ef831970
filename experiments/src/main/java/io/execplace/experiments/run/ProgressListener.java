package io.execplace.experiments.run;

/**
 * How far a long piece of work is, told after each finished unit (a cell, a training iteration) so
 * that a command line can draw a progress bar: the one progress type of the runner, the cell engines
 * and the studies.
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
}
