package io.execplace.core.sim;

import java.util.Arrays;

/**
 * A binary min-heap of running jobs keyed by completion time (ties by job index), on primitive
 * arrays so the event loop does not box. Shared by the simulator and the RL environments, so both
 * finish jobs in the same order.
 */
public final class CompletionQueue {

    private int[] job = new int[64];
    private double[] finish = new double[64];
    private int size;
    /** The same jobs by job index (readers that list the running jobs in job order need no sort). */
    private int[] byIndex = new int[64];
    /** Counts every change of what the queue holds (never reset): a reader's cache is valid while it stays. */
    private long changes;

    /** True when no job is running. */
    public boolean isEmpty() {
        return size == 0;
    }

    /** Number of running jobs. */
    public int size() {
        return size;
    }

    /** How many times the queue's content changed so far (add, poll, remove, clear, copy). */
    public long changes() {
        return changes;
    }

    /** Completion time of the job that finishes first; the queue must not be empty. */
    public double peekFinish() {
        return finish[0];
    }

    /** Index of the job that finishes first; the queue must not be empty. */
    public int peekJob() {
        return job[0];
    }

    /** The job index at heap position {@code i} (0 ≤ i < size; in no particular order but the first). */
    public int jobAt(int i) {
        return job[i];
    }

    /** The {@code i}-th running job by job index (0 ≤ i < size). */
    public int jobInOrder(int i) {
        return byIndex[i];
    }

    /** Removes a running job (a job a spot interruption stopped); rare, so it rebuilds the heap. */
    public void remove(int jobIndex) {
        int[] jobs = Arrays.copyOf(job, size);
        double[] finishes = Arrays.copyOf(finish, size);
        clear();
        for (int i = 0; i < jobs.length; i++) {
            if (jobs[i] != jobIndex) {
                add(jobs[i], finishes[i]);
            }
        }
    }

    /** Adds a running job. */
    public void add(int jobIndex, double finishTime) {
        if (size == job.length) {
            job = Arrays.copyOf(job, size * 2);
            finish = Arrays.copyOf(finish, size * 2);
            byIndex = Arrays.copyOf(byIndex, size * 2);
        }
        changes++;
        int at = size;
        while (at > 0 && byIndex[at - 1] > jobIndex) {
            at--;
        }
        System.arraycopy(byIndex, at, byIndex, at + 1, size - at);
        byIndex[at] = jobIndex;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(jobIndex, finishTime, job[parent], finish[parent])) {
                break;
            }
            job[i] = job[parent];
            finish[i] = finish[parent];
            i = parent;
        }
        job[i] = jobIndex;
        finish[i] = finishTime;
    }

    /** Removes the job that finishes first (lowest index among ties) and returns its index. */
    public int poll() {
        changes++;
        int top = job[0];
        int at = Arrays.binarySearch(byIndex, 0, size, top);
        System.arraycopy(byIndex, at + 1, byIndex, at, size - at - 1);
        size--;
        if (size > 0) {
            int lastJob = job[size];
            double lastFinish = finish[size];
            int i = 0;
            while (true) {
                int child = 2 * i + 1;
                if (child >= size) {
                    break;
                }
                if (child + 1 < size && less(job[child + 1], finish[child + 1], job[child], finish[child])) {
                    child++;
                }
                if (!less(job[child], finish[child], lastJob, lastFinish)) {
                    break;
                }
                job[i] = job[child];
                finish[i] = finish[child];
                i = child;
            }
            job[i] = lastJob;
            finish[i] = lastFinish;
        }
        return top;
    }

    /** Makes this queue hold what {@code other} holds (a snapshot for look-ahead rollouts). */
    public void copyFrom(CompletionQueue other) {
        if (job.length < other.size) {
            job = new int[other.job.length];
            finish = new double[other.finish.length];
            byIndex = new int[other.byIndex.length];
        }
        System.arraycopy(other.job, 0, job, 0, other.size);
        System.arraycopy(other.finish, 0, finish, 0, other.size);
        System.arraycopy(other.byIndex, 0, byIndex, 0, other.size);
        size = other.size;
        changes++;
    }

    /** Empties the queue, keeping its arrays. */
    public void clear() {
        size = 0;
        changes++;
    }

    private static boolean less(int jobA, double finishA, int jobB, double finishB) {
        return finishA < finishB || (finishA == finishB && jobA < jobB);
    }
}
