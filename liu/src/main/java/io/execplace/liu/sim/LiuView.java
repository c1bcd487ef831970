package io.execplace.liu.sim;

import io.execplace.liu.model.LiuApp;

/** What a global manager may read at a decision: the pool, the clusters and their recent occupation. */
public interface LiuView {

    int now();

    int waitingCount();

    LiuApp waiting(int k);

    int clusterCount();

    int capacity(int cluster);

    int used(int cluster);

    int queued(int cluster);

    int missedDeadlines(int cluster);

    int historyLength();

    int usedAgo(int cluster, int age);

    double meanUsed(int cluster);
}
