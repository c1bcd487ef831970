package io.execplace.core.sim;

import java.util.Arrays;

/**
 * The timed node events of an elastic run — consolidations, spot notices, interruptions, pool-wide
 * reclaims — as a binary heap on parallel primitive arrays, ordered by time; at one instant
 * interruptions come first (all nodes taken at once go together), then by slot and kind. Whether an
 * event still applies is {@link NodeLifecycle}'s business.
 */
final class NodeEvents {

    /** What a timed node event does. */
    static final int TERMINATE_IF_EMPTY = 0;
    static final int NOTICE = 1;
    static final int INTERRUPT = 2;
    static final int POOL_NOTICE = 3;
    /** The disruption loop of under-used consolidation looks for a node to remove (slot unused). */
    static final int UNDERUSED_POLL = 4;
    /** An under-used node chosen by the loop is re-validated and, if still valid, removed. */
    static final int UNDERUSED_REMOVE = 5;
    /** An availability trace's window opens (slot = pool index): the pool cannot buy until it closes. */
    static final int POOL_CLOSE = 6;
    static final int POOL_OPEN = 7;

    private double[] eventTime = new double[64];
    private int[] eventSlot = new int[64];
    private int[] eventKind = new int[64];
    private int[] eventToken = new int[64];
    private int events;

    /** Becomes a copy of {@code other}'s events (a resumed run that continues the same future, {@link ResumedRun}). */
    void copyFrom(NodeEvents other) {
        eventTime = Arrays.copyOf(other.eventTime, other.eventTime.length);
        eventSlot = Arrays.copyOf(other.eventSlot, other.eventSlot.length);
        eventKind = Arrays.copyOf(other.eventKind, other.eventKind.length);
        eventToken = Arrays.copyOf(other.eventToken, other.eventToken.length);
        events = other.events;
    }

    void clear() {
        events = 0;
    }

    boolean isEmpty() {
        return events == 0;
    }

    double peekTime() {
        return eventTime[0];
    }

    int peekToken() {
        return eventToken[0];
    }

    /** The slot of the next event (or, for a pool-wide event, the pool's index). */
    int peekSlot() {
        return eventSlot[0];
    }

    int peekKind() {
        return eventKind[0];
    }

    /** Removes the next event. */
    void pop() {
        events--;
        if (events == 0) {
            return;
        }
        double t = eventTime[events];
        int s = eventSlot[events];
        int k = eventKind[events];
        int tok = eventToken[events];
        int i = 0;
        while (true) {
            int c = 2 * i + 1;
            if (c >= events) {
                break;
            }
            if (c + 1 < events && before(c + 1, c)) {
                c++;
            }
            if (!beforeValues(eventTime[c], eventSlot[c], eventKind[c], t, s, k)) {
                break;
            }
            copy(c, i);
            i = c;
        }
        set(i, t, s, k, tok);
    }

    void push(double time, int vm, int kind, int tok) {
        if (events == eventTime.length) {
            int size = events * 2;
            eventTime = Arrays.copyOf(eventTime, size);
            eventSlot = Arrays.copyOf(eventSlot, size);
            eventKind = Arrays.copyOf(eventKind, size);
            eventToken = Arrays.copyOf(eventToken, size);
        }
        int i = events++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!beforeValues(time, vm, kind, eventTime[parent], eventSlot[parent], eventKind[parent])) {
                break;
            }
            copy(parent, i);
            i = parent;
        }
        set(i, time, vm, kind, tok);
    }

    private boolean before(int a, int b) {
        return beforeValues(eventTime[a], eventSlot[a], eventKind[a], eventTime[b], eventSlot[b], eventKind[b]);
    }

    /** Time order; at one instant interruptions first (all nodes taken at once go together), then by slot and kind. */
    private static boolean beforeValues(double t1, int s1, int k1, double t2, int s2, int k2) {
        if (t1 != t2) {
            return t1 < t2;
        }
        boolean i1 = k1 == INTERRUPT;
        boolean i2 = k2 == INTERRUPT;
        if (i1 != i2) {
            return i1;
        }
        if (s1 != s2) {
            return s1 < s2;
        }
        return k1 < k2;
    }

    private void copy(int from, int to) {
        set(to, eventTime[from], eventSlot[from], eventKind[from], eventToken[from]);
    }

    private void set(int i, double t, int s, int k, int tok) {
        eventTime[i] = t;
        eventSlot[i] = s;
        eventKind[i] = k;
        eventToken[i] = tok;
    }
}
