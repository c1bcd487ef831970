package io.execplace.experiments.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The one way execplace runs independent tasks in parallel in this JVM: a fixed pool of daemon
 * threads (a failed or interrupted run never keeps the JVM alive), results in the order of the
 * tasks whatever order they finish in, and the first failure rethrown as what it was — an I/O
 * failure as {@link IOException} (also when a task wrapped it in {@link UncheckedIOException}), a
 * runtime exception or error as itself. The pool is shut down (running tasks interrupted) on the
 * way out, success or not.
 */
public final class ParallelTasks {

    private ParallelTasks() {
    }

    /**
     * Runs {@code tasks} on up to {@code threads} threads named {@code threadName}.
     *
     * @return each task's result, in task order
     * @throws IOException the first task failure that was an I/O failure
     */
    public static <T> List<T> run(String threadName, int threads, List<? extends Callable<T>> tasks) throws IOException {
        if (tasks.isEmpty()) {
            return List.of();
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, tasks.size())), r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<T>> futures = new ArrayList<>(tasks.size());
            for (Callable<T> task : tasks) {
                futures.add(pool.submit(task));
            }
            List<T> results = new ArrayList<>(tasks.size());
            for (Future<T> f : futures) {
                results.add(f.get());
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + threadName + " tasks", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof UncheckedIOException u) {
                throw u.getCause();
            }
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        } finally {
            pool.shutdownNow();
        }
    }

    /** As {@link #run}, for callers that do no I/O of their own: an I/O failure comes back unchecked. */
    public static <T> List<T> runUnchecked(String threadName, int threads, List<? extends Callable<T>> tasks) {
        try {
            return run(threadName, threads, tasks);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
