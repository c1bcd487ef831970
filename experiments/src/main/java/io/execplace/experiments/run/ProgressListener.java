package io.execplace.experiments.run;

/** Told after each finished cell, so a command line can draw a progress bar. */
@FunctionalInterface
public interface ProgressListener {

    ProgressListener NONE = (done, total, cell) -> { };

    /**
     * Called from worker threads; implementations must be thread-safe. {@code cell} is null when the
     * cells ran on an engine that tells only how many finished (Spark).
     */
    void cellDone(int done, int total, CellResult cell);
}
