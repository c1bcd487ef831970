package io.execplace.kubernetes.run;

/**
 * When the scheduling loop runs a cycle. A cycle reads every cached pod, so it runs only when an
 * event touched what it acts on: a pod of ours to place, a failed binding, a stop — or any other
 * change (our own bindings coming back, other schedulers' pods, deletions, nodes) while pods of ours
 * wait for room. Otherwise the once-a-second tick does the rest (batching window, hold time-outs,
 * back-off expiry, cordoning). Thread-safe: informer threads report, the loop asks.
 */
final class CycleTrigger {

    /** An event a cycle must act on; true at first, for the first cycle. */
    private volatile boolean work = true;
    /** Any other change since the last cycle began. */
    private volatile boolean touched;
    /** The last cycle left pods of ours unplaced (waiting for room, backing off, gathering). */
    private volatile boolean waiting;

    /**
     * Records an event; returns whether it makes a cycle due (the caller then wakes the loop).
     *
     * @param needsCycle a pod of ours to place, a failed binding, a stop
     */
    boolean changed(boolean needsCycle) {
        if (needsCycle) {
            work = true;
        } else {
            touched = true;
        }
        return needsCycle || waiting;
    }

    /** Whether the loop should run a cycle now, without waiting for the tick. */
    boolean due() {
        return work || touched && waiting;
    }

    /** A cycle begins: it sees every change recorded so far. */
    void cycleStarted() {
        work = false;
        touched = false;
    }

    /** A cycle ended; {@code podsWait}: it left pods of ours unplaced. */
    void cycleEnded(boolean podsWait) {
        waiting = podsWait;
    }
}
