package io.execplace.rl.env;

import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;

/**
 * A second thread for {@link BatchedEnvs}: it runs one task (stepping the upper half of the batch)
 * each time the caller asks, while the caller steps the lower half, and hands back the task's result
 * or failure. Each side spins briefly before it parks, since a batched step lasts tens of
 * microseconds and a park and unpark cost about as much; the thread is a daemon and ends at
 * {@link #close()}.
 */
final class HalfStepper implements AutoCloseable {

    /** Spin iterations before parking (a few microseconds). */
    private static final int SPINS = 2_000;

    private final IntSupplier task;
    private final Thread worker;
    private volatile Thread caller;
    private volatile long requested;
    private volatile long done;
    private volatile boolean closed;
    private int result;
    /** What the task threw (a RuntimeException or an Error), for the caller to rethrow. */
    private Throwable failure;

    HalfStepper(IntSupplier task, String name) {
        this.task = task;
        this.worker = new Thread(this::run, name);
        worker.setDaemon(true);
        worker.start();
    }

    /** Starts the task on the worker; {@link #await()} waits for it. */
    void start() {
        if (closed) {
            throw new IllegalStateException("the batch is closed");
        }
        caller = Thread.currentThread();
        requested = requested + 1;
        LockSupport.unpark(worker);
    }

    /**
     * Waits for the task {@link #start()} began.
     *
     * @return its result
     * @throws RuntimeException what the task threw (or the Error it threw)
     */
    int await() {
        long want = requested;
        for (int spin = 0; done != want; spin++) {
            if (spin < SPINS) {
                Thread.onSpinWait();
            } else {
                LockSupport.park(this);
            }
        }
        if (failure != null) {
            Throwable e = failure;
            failure = null;
            if (e instanceof Error error) {
                throw error;
            }
            throw (RuntimeException) e;
        }
        return result;
    }

    private void run() {
        long seen = 0;
        while (true) {
            for (int spin = 0; requested == seen; spin++) {
                if (closed) {
                    return;
                }
                if (spin < SPINS) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.park(this);
                }
            }
            seen = requested;
            try {
                result = task.getAsInt();
            } catch (RuntimeException | Error e) {
                failure = e; // the worker lives on; the caller rethrows it
            }
            // The volatile write publishes result, failure and the task's buffer writes to the caller.
            done = seen;
            LockSupport.unpark(caller);
        }
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(worker);
    }
}
