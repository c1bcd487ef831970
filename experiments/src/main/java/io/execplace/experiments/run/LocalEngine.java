package io.execplace.experiments.run;

import io.execplace.core.progress.ProgressListener;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * The local case of every study and of the {@link Runner} ({@code --engine inprocess} there): cells
 * run as objects on a fixed pool of this JVM's threads ({@link CellType#runHere}), with no text in
 * between and each cell's own progress. Text cells, which only other engines need, run as {@link
 * InProcessEngine} runs them.
 */
final class LocalEngine implements CellEngine {

    private final InProcessEngine text;
    private final int threads;

    /** @param threads parallel cells, at least 1 */
    LocalEngine(int threads) {
        this.text = new InProcessEngine(threads);
        this.threads = threads;
    }

    @Override
    public String name() {
        return text.name();
    }

    @Override
    public List<String> run(CellKind kind, List<String> cells, ProgressListener progress) {
        return text.run(kind, cells, progress);
    }

    @Override
    public <C, R> List<R> run(CellType<C, R> type, List<C> cells, ProgressListener progress) throws IOException {
        List<Callable<R>> tasks = new ArrayList<>(cells.size());
        for (C cell : cells) {
            tasks.add(() -> type.runHere(cell, progress));
        }
        return ParallelTasks.run("execplace-" + type.kind().name().toLowerCase(Locale.ROOT), threads, tasks);
    }

    @Override
    public void close() {
        text.close();
    }
}
