package io.execplace.experiments.run;

import io.execplace.core.progress.ProgressListener;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a list of independent cells of one {@link CellKind} and returns their results in the cells'
 * order. Cells and results are text (one JSON object each, docs/spark.md), so an engine may run them
 * in other JVMs: {@link InProcessEngine} runs them on a thread pool here, the Spark engine (module
 * {@code spark}) as Spark tasks. A study states its work once as a {@link CellType} and hands it to
 * one engine; the local case ({@link #local}) runs the cells as objects, without text.
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

    /**
     * Runs the cells of {@code type} and returns their results in the cells' order: this default sends
     * their text forms to {@link #run(CellKind, List, ProgressListener)}; the local engine runs the
     * objects themselves.
     *
     * @param progress handed to each cell run here, or made into {@link CellType#finishedCells} for text
     * @throws IOException a cell's or a result's I/O failure
     */
    default <C, R> List<R> run(CellType<C, R> type, List<C> cells, ProgressListener progress) throws IOException {
        List<String> texts = new ArrayList<>(cells.size());
        for (C cell : cells) {
            texts.add(type.cell(cell));
        }
        List<String> results = run(type.kind(), texts, type.finishedCells(progress, cells.size(), name()));
        List<R> out = new ArrayList<>(cells.size());
        for (int i = 0; i < cells.size(); i++) {
            out.add(type.result(cells.get(i), results.get(i)));
        }
        return out;
    }

    /** The local case: cells as objects on {@code threads} threads of this JVM ({@link LocalEngine}). */
    static CellEngine local(int threads) {
        return new LocalEngine(threads);
    }

    /** Releases what the engine holds (threads, a Spark context). */
    @Override
    void close();
}
