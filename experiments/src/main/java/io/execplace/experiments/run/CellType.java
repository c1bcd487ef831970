package io.execplace.experiments.run;

import io.execplace.core.progress.ProgressListener;

import java.io.IOException;
import java.util.function.Function;

/**
 * One kind of a study's work in both of its forms, so that the study states it once and hands it to
 * one {@link CellEngine}: as objects, run on this JVM's threads with their own progress ({@link
 * CellEngine#local}), and as text ({@link #kind()}) for engines whose cells may run in other JVMs.
 * The two forms must give the same result (the text forms lose nothing; tests run both).
 *
 * @param <C> the cell as an object
 * @param <R> its result as the study uses it
 */
public interface CellType<C, R> {

    /** The stateless text function that runs one cell anywhere. */
    CellKind kind();

    /** The cell's text for {@link #kind()}. */
    String cell(C cell);

    /** The result of {@code cell} from its result text (e.g. writing the files it carries). */
    R result(C cell, String text) throws IOException;

    /** Runs {@code cell} here, without text, telling {@code progress} as it goes. */
    R runHere(C cell, ProgressListener progress) throws Exception;

    /**
     * What {@code progress} (as handed to {@link CellEngine#run(CellType, java.util.List, ProgressListener)})
     * becomes when an engine tells only how many of {@code cells} have finished; unchanged by default.
     *
     * @param engine the engine's name, for messages
     */
    default ProgressListener finishedCells(ProgressListener progress, int cells, String engine) {
        return progress;
    }

    /** Reads a cell's result text (see {@link #result}). */
    @FunctionalInterface
    interface ResultReader<C, R> {
        R read(C cell, String text) throws IOException;
    }

    /** Runs a cell here (see {@link #runHere}). */
    @FunctionalInterface
    interface LocalRun<C, R> {
        R run(C cell, ProgressListener progress) throws Exception;
    }

    /** Makes {@link #finishedCells}' listener. */
    @FunctionalInterface
    interface FinishedCells {
        ProgressListener listener(ProgressListener progress, int cells, String engine);
    }

    /** A cell type from its parts, progress passed unchanged to text engines. */
    static <C, R> CellType<C, R> of(CellKind kind, Function<C, String> text, ResultReader<C, R> result,
                                    LocalRun<C, R> here) {
        return of(kind, text, result, here, (progress, cells, engine) -> progress);
    }

    /** A cell type from its parts. */
    static <C, R> CellType<C, R> of(CellKind kind, Function<C, String> text, ResultReader<C, R> result,
                                    LocalRun<C, R> here, FinishedCells finished) {
        return new CellType<>() {
            @Override
            public CellKind kind() {
                return kind;
            }

            @Override
            public String cell(C cell) {
                return text.apply(cell);
            }

            @Override
            public R result(C cell, String resultText) throws IOException {
                return result.read(cell, resultText);
            }

            @Override
            public R runHere(C cell, ProgressListener progress) throws Exception {
                return here.run(cell, progress);
            }

            @Override
            public ProgressListener finishedCells(ProgressListener progress, int cells, String engine) {
                return finished.listener(progress, cells, engine);
            }
        };
    }
}
