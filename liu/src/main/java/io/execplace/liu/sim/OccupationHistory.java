package io.execplace.liu.sim;

import java.util.Arrays;

/**
 * The busy executors of every cluster over the latest {@code length} slices (LIU Table I's occupation
 * history), kept as one ring per cluster with running sums so that a slice costs O(clusters).
 */
final class OccupationHistory {

    private final int length;
    private final int[][] rings;
    private final long[] sums;
    /** Slices recorded, bounded: only whether it reached {@code length} matters beyond that. */
    private int recorded;
    /** Where the next slice goes in every ring. */
    private int head;

    OccupationHistory(int clusters, int length) {
        this.length = length;
        this.rings = new int[clusters][length];
        this.sums = new long[clusters];
    }

    void copyFrom(OccupationHistory other) {
        for (int k = 0; k < rings.length; k++) {
            System.arraycopy(other.rings[k], 0, rings[k], 0, length);
        }
        System.arraycopy(other.sums, 0, sums, 0, sums.length);
        recorded = other.recorded;
        head = other.head;
    }

    void clear() {
        recorded = 0;
        head = 0;
        Arrays.fill(sums, 0);
    }

    /** Records {@code slices} slices during which cluster {@code k} had {@code used[k]} executors busy. */
    void record(int slices, int[] used) {
        int n = Math.min(slices, length);
        for (int k = 0; k < rings.length; k++) {
            int[] h = rings[k];
            for (int s = 0; s < n; s++) {
                int pos = (head + s) % length;
                if (recorded + s >= length) {
                    sums[k] -= h[pos];
                }
                h[pos] = used[k];
                sums[k] += used[k];
            }
        }
        head = (head + n) % length;
        recorded += n;
        if (recorded > length) {
            recorded = length + (recorded % length);
        }
    }

    /** Slices available (at most the length). */
    int available() {
        return Math.min(recorded, length);
    }

    /** Busy executors of cluster {@code k} {@code age} slices ago, {@code 1 <= age <= available()}. */
    int usedAgo(int k, int age) {
        if (age < 1 || age > available()) {
            throw new IndexOutOfBoundsException("no occupation record " + age + " slices ago");
        }
        return rings[k][Math.floorMod(head - age, length)];
    }

    /** Sum of cluster {@code k}'s busy executors over the available slices. */
    long sum(int k) {
        return sums[k];
    }
}
