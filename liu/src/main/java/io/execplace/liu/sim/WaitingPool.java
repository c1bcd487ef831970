package io.execplace.liu.sim;

import java.util.Arrays;

/** The global pool: the indices of the applications that have arrived and wait for the manager, in arrival order. */
final class WaitingPool {
    private int[] apps = new int[16];
    private int size;

    int size() {
        return size;
    }

    void clear() {
        size = 0;
    }

    void copyFrom(WaitingPool other) {
        apps = other.apps.clone();
        size = other.size;
    }

    void add(int app) {
        if (size == apps.length) {
            apps = Arrays.copyOf(apps, size * 2);
        }
        apps[size++] = app;
    }

    /** The {@code k}-th waiting application's index. */
    int get(int k) {
        if (k < 0 || k >= size) {
            throw new IndexOutOfBoundsException("waiting application " + k + " of " + size);
        }
        return apps[k];
    }

    /** Takes the {@code k}-th waiting application out, keeping the others' order. */
    void remove(int k) {
        get(k);
        System.arraycopy(apps, k + 1, apps, k, size - k - 1);
        size--;
    }
}
