package io.execplace.experiments.run;

import io.execplace.core.progress.ProgressListener;

import java.util.ArrayList;
import java.util.concurrent.Callable;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs text cells on a fixed thread pool in this JVM: {@code train --sweep}'s default engine, and
 * the reference an engine in other JVMs must match. {@code compare} and the studies run their
 * cells as objects by default ({@link LocalEngine}, no text); tests run them through this engine too, to
 * check that the text forms lose nothing.
 */
public final class InProcessEngine implements CellEngine {

    /** The {@code --engine} name of the default engine. */
    public static final String NAME = "inprocess";

    private final int threads;

    public InProcessEngine(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.threads = threads;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<String> run(CellKind kind, List<String> cells, ProgressListener progress) {
        if (cells.isEmpty()) {
            return List.of();
        }
        AtomicInteger done = new AtomicInteger();
        List<Callable<String>> tasks = new ArrayList<>(cells.size());
        for (String cell : cells) {
            tasks.add(() -> {
                String result = kind.run(cell);
                progress.advanced(done.incrementAndGet(), cells.size(), null);
                return result;
            });
        }
        return ParallelTasks.runUnchecked("execplace-cells", threads, tasks);
    }

    @Override
    public void close() {
        // The pool lives for one run() only.
    }
}
