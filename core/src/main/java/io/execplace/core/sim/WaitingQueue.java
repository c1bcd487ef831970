package io.execplace.core.sim;

import io.execplace.core.model.Job;
import io.execplace.core.rules.QueuePolicy;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The jobs waiting to be placed, as job indices kept sorted by the queue order, on a primitive
 * array so the event loop does not box. Equal jobs keep their insertion order.
 */
final class WaitingQueue {

    private Job[] jobs;
    private final Comparator<Job> order;
    /** FCFS: compared inline (arrival, then id), without the comparator's indirections. */
    private final boolean fcfs;
    private int[] index = new int[64];
    private int size;

    WaitingQueue(Job[] jobs, QueuePolicy queue) {
        this.jobs = jobs;
        this.order = queue.order();
        this.fcfs = queue == QueuePolicy.FCFS;
    }

    /** Empties the queue for a run over other jobs (job indices refer to {@code jobs}). */
    void reset(Job[] jobs) {
        this.jobs = jobs;
        size = 0;
    }

    int size() {
        return size;
    }

    /** The job index at queue position {@code i}. */
    int get(int i) {
        return index[i];
    }

    /** Inserts job index {@code j} after every job that does not come later in the order. */
    void add(int j) {
        // Jobs mostly arrive in queue order: append without a search when j goes last.
        if (size == 0 || notAfter(index[size - 1], j)) {
            if (size == index.length) {
                index = Arrays.copyOf(index, size * 2);
            }
            index[size++] = j;
            return;
        }
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (notAfter(index[mid], j)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if (size == index.length) {
            index = Arrays.copyOf(index, size * 2);
        }
        System.arraycopy(index, lo, index, lo + 1, size - lo);
        index[lo] = j;
        size++;
    }

    /**
     * Re-sorts the waiting jobs by {@code by} (stable: equal jobs keep their order), for queue orders
     * that change with time; later arrivals are still inserted by the queue policy's order.
     */
    void sort(Comparator<Job> by) {
        for (int i = 1; i < size; i++) {
            int j = index[i];
            int k = i - 1;
            while (k >= 0 && by.compare(jobs[index[k]], jobs[j]) > 0) {
                index[k + 1] = index[k];
                k--;
            }
            index[k + 1] = j;
        }
    }

    /** True when job {@code a} does not come after job {@code b} in the queue order. */
    private boolean notAfter(int a, int b) {
        if (fcfs) {
            Job x = jobs[a];
            Job y = jobs[b];
            int c = Double.compare(x.arrival(), y.arrival());
            return c < 0 || (c == 0 && x.id() <= y.id());
        }
        return order.compare(jobs[a], jobs[b]) <= 0;
    }

    /** Removes the job at queue position {@code i}. */
    void remove(int i) {
        int after = size - i - 1;
        if (after > 0) {
            System.arraycopy(index, i + 1, index, i, after);
        }
        size--;
    }

    /** Moves job index {@code j} to the head of the queue (no-op when it is not waiting). */
    void moveToFront(int j) {
        for (int i = 0; i < size; i++) {
            if (index[i] == j) {
                System.arraycopy(index, 0, index, 1, i);
                index[0] = j;
                return;
            }
        }
    }

    void clear() {
        size = 0;
    }

    /** Removes job index {@code j} wherever it waits (a no-op when it does not). */
    void removeJob(int j) {
        for (int i = 0; i < size; i++) {
            if (index[i] == j) {
                remove(i);
                return;
            }
        }
    }
}
