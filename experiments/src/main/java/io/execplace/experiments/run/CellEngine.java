package io.execplace.experiments.run;

import io.execplace.core.progress.ProgressListener;

import java.util.List;

/**
 * Runs a list of independent cells of one {@link CellKind} and returns their results in the cells'
 * order. Cells and results are text (one JSON object each, docs/spark.md), so an engine may run them
 * in other JVMs: {@link InProcessEngine} runs them on a thread pool here, the Spark engine (module
 * {@code spark}) as Spark tasks.
 */
public interface CellEngine extends AutoCloseable {

    /** The engine's name as {@code --engine} takes it. */
    String name();

    /**
     * Runs {@code kind} on every cell, telling {@code progress} on the calling side as cells finish
     * (which cell is not told: {@code what} is null).
     *
     * @return one result per cell, in the cells' order
     * @throws RuntimeException the first cell's failure (a bad-input failure stays bad input)
     */
    List<String> run(CellKind kind, List<String> cells, ProgressListener progress);

    /** Releases what the engine holds (threads, a Spark context). */
    @Override
    void close();
}
