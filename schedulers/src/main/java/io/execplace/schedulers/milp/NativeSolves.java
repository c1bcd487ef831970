package io.execplace.schedulers.milp;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Every call into OR-Tools' native solvers goes through here, so that the process can stop them
 * all before it exits. A JVM that exits while a thread is still inside CP-SAT runs the C++ static
 * destructors under that thread's feet, and the solver aborts the process ({@code terminate called
 * after throwing an instance of 'std::bad_function_call'}, exit 134) instead of the exit code the
 * command line asked for. {@link #stopAll} asks each running search to stop, waits until every
 * thread has left native code, and from then on keeps every solving thread parked in Java: the
 * process is exiting, and a thread that went on with a half-finished run would only print or
 * write results of a run the user interrupted.
 */
public final class NativeSolves {

    /** What stops one running search (CP-SAT's {@code stopSearch}, SCIP's {@code interruptSolve}). */
    @FunctionalInterface
    public interface Stop {
        void stop();
    }

    private static final Set<Stop> RUNNING = ConcurrentHashMap.newKeySet();
    private static final Object LOCK = new Object();
    private static volatile boolean closed;

    private NativeSolves() {
    }

    /**
     * Runs {@code solve} (a call into native code) unless the process is exiting; {@code stop} ends
     * it early from another thread.
     */
    public static <T> T run(Stop stop, Supplier<T> solve) {
        boolean refused;
        synchronized (LOCK) {
            refused = closed;
            if (!refused) {
                RUNNING.add(stop);
            }
        }
        if (refused) {
            parkForever(); // outside the lock, which stopAll and finishing solves need
        }
        try {
            return solve.get();
        } finally {
            synchronized (LOCK) {
                RUNNING.remove(stop);
                LOCK.notifyAll();
            }
            if (closed) {
                parkForever();
            }
        }
    }

    /**
     * Stops every running search and waits (at most {@code waitMillis}) until no thread is in
     * native solver code; no solve starts or returns afterwards. Called once, as the process exits.
     *
     * @return true if every solving thread left native code in time
     */
    public static boolean stopAll(long waitMillis) {
        long deadline = System.nanoTime() + waitMillis * 1_000_000L;
        synchronized (LOCK) {
            closed = true;
            RUNNING.forEach(Stop::stop);
            while (!RUNNING.isEmpty()) {
                long left = (deadline - System.nanoTime()) / 1_000_000L;
                if (left <= 0) {
                    return false;
                }
                try {
                    LOCK.wait(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return RUNNING.isEmpty();
                }
            }
            return true;
        }
    }

    /** True once {@link #stopAll} was called. */
    public static boolean stopped() {
        return closed;
    }

    private static void parkForever() {
        while (true) {
            LockSupport.park(NativeSolves.class);
        }
    }
}
