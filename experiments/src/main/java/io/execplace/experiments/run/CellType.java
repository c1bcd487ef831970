package io.execplace.experiments.run;

import io.execplace.core.progress.ProgressListener;

import java.io.IOException;
import java.util.function.Function;

/**
 * One kind of a study's work in both of its forms, so that the study states it once and hands it to
 * one {@link CellEngine}: as objects, run on this JVM's threads with their own progress ({@link
 * CellEngine#local}), and as text ({@link #kind()}) for engines whose cells may run in other JVMs.
 * The two forms must give the same result (the text forms lose nothing; tests run both). Made by
 * {@link #of}.
 *
 * @param kind     the stateless text function that runs one cell anywhere
 * @param text     a cell's text for {@code kind}
 * @param reader   a cell's result from its result text (e.g. writing the files it carries)
 * @param here     runs a cell here, without text, telling the progress it is given as it goes
 * @param finished what progress becomes when an engine tells only how many cells have finished
 * @param <C>      the cell as an object
 * @param <R>      its result as the study uses it
 */
public record CellType<C, R>(CellKind kind, Function<C, String> text, ResultReader<C, R> reader, LocalRun<C, R> here,
                             FinishedCells finished) {

    /** Reads a cell's result text. */
    @FunctionalInterface
    public interface ResultReader<C, R> {
        R read(C cell, String text) throws IOException;
    }

    /** Runs a cell here. */
    @FunctionalInterface
    public interface LocalRun<C, R> {
        R run(C cell, ProgressListener progress) throws Exception;
    }

    /** Makes the listener a text engine's finished-cell counts go to. */
    @FunctionalInterface
    public interface FinishedCells {
        /**
         * @param progress as handed to {@link CellEngine#run(CellType, java.util.List, ProgressListener)}
         * @param engine   the engine's name, for messages
         */
        ProgressListener listener(ProgressListener progress, int cells, String engine);
    }

    /** A cell type whose progress goes unchanged to text engines. */
    public static <C, R> CellType<C, R> of(CellKind kind, Function<C, String> text, ResultReader<C, R> reader,
                                           LocalRun<C, R> here) {
        return new CellType<>(kind, text, reader, here, (progress, cells, engine) -> progress);
    }

    /** A cell type. */
    public static <C, R> CellType<C, R> of(CellKind kind, Function<C, String> text, ResultReader<C, R> reader,
                                           LocalRun<C, R> here, FinishedCells finished) {
        return new CellType<>(kind, text, reader, here, finished);
    }

    /** The cell's text for {@link #kind()}. */
    public String cell(C cell) {
        return text.apply(cell);
    }

    /** The result of {@code cell} from its result text. */
    public R result(C cell, String resultText) throws IOException {
        return reader.read(cell, resultText);
    }

    /** Runs {@code cell} here, telling {@code progress} as it goes. */
    public R runHere(C cell, ProgressListener progress) throws Exception {
        return here.run(cell, progress);
    }

    /** What {@code progress} becomes when an engine tells only how many of {@code cells} have finished. */
    public ProgressListener finishedCells(ProgressListener progress, int cells, String engine) {
        return finished.listener(progress, cells, engine);
    }
}
