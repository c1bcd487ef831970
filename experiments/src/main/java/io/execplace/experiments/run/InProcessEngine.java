package io.execplace.experiments.run;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs text cells on a fixed thread pool in this JVM: {@code train --sweep}'s default engine, and
 * the reference an engine in other JVMs must match. {@code compare} and the studies run their
 * cells as objects by default ({@link Runner}, no text); tests run them through this engine too, to
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
    public List<String> run(CellKind kind, List<String> cells, Progress progress) {
        if (cells.isEmpty()) {
            return List.of();
        }
        AtomicInteger done = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, cells.size()), r -> {
            Thread t = new Thread(r, "execplace-cells");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<String>> futures = new ArrayList<>(cells.size());
            for (String cell : cells) {
                futures.add(pool.submit(() -> {
                    String result = kind.run(cell);
                    progress.cellDone(done.incrementAndGet(), cells.size());
                    return result;
                }));
            }
            List<String> results = new ArrayList<>(cells.size());
            for (Future<String> f : futures) {
                results.add(f.get());
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running cells", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    @Override
    public void close() {
        // The pool lives for one run() only.
    }
}
