package io.execplace.liu.sim;

import java.util.Arrays;

/**
 * Every run of an episode so far, one column per field, indexed by run number (creation order):
 * its application, its batch index, the slice it joins its cluster's queue, and once started its
 * start, executors granted and finish ({@code start = −1} until then). The simulation, the outlook
 * and the run log read the columns directly.
 */
final class RunTable {

    int size;
    int[] app = new int[64];
    int[] index = new int[64];
    int[] release = new int[64];
    int[] start = new int[64];
    int[] granted = new int[64];
    int[] finish = new int[64];

    void clear() {
        size = 0;
    }

    /** A new, not yet started run; returns its number. */
    int add(int application, int batch, int releaseSlice) {
        if (size == app.length) {
            int n = size * 2;
            app = Arrays.copyOf(app, n);
            index = Arrays.copyOf(index, n);
            release = Arrays.copyOf(release, n);
            start = Arrays.copyOf(start, n);
            granted = Arrays.copyOf(granted, n);
            finish = Arrays.copyOf(finish, n);
        }
        app[size] = application;
        index[size] = batch;
        release[size] = releaseSlice;
        start[size] = -1;
        return size++;
    }

    void copyFrom(RunTable o) {
        app = o.app.clone();
        index = o.index.clone();
        release = o.release.clone();
        start = o.start.clone();
        granted = o.granted.clone();
        finish = o.finish.clone();
        size = o.size;
    }
}
