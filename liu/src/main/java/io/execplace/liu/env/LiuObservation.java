package io.execplace.liu.env;

import io.execplace.rl.env.BoxSpace;

import io.execplace.liu.model.AppCategory;
import io.execplace.liu.model.LiuApp;
import io.execplace.liu.sim.LiuSimulation;
import io.execplace.liu.sim.LiuView;

import java.util.ArrayList;
import java.util.List;

/**
 * The LIU state vector of Table I: per cluster its sequence number, capability, occupation of the
 * latest 100 slices and deadlines missed so far (103 values each), then the application's
 * category, 10-bin demand distribution, single-executor occupation time, deadline and duration
 * (14 values): 529 values for 5 clusters. Every value is scaled to about [0, 1] ("we uniformly
 * expand or shrink individual value range"); the scales are fields so agent files can record them.
 *
 * <p>The paper's 10-bin distribution is over executor demand; here bin {@code b} holds the
 * probability that a run wants between {@code b/10} and {@code (b+1)/10} of {@code demandScale}
 * executors (the last bin also takes anything larger), so the network sees how big the
 * application is, not only how it fluctuates. A non-streaming application is one-hot.
 *
 * @param clusters    number of clusters
 * @param maxSlots    executors of the largest cluster (capability scale)
 * @param demandScale executors covered by the 10 demand bins
 * @param timeScale   slices that map occupation time and deadline to 1
 * @param durationScale slices that map an application's duration to 1
 * @param missScale   missed deadlines that map to 1
 */
public record LiuObservation(int clusters, int maxSlots, double demandScale, double timeScale, double durationScale,
                             double missScale) {

    /** Values per cluster. */
    public static final int PER_CLUSTER = 3 + LiuSimulation.HISTORY;
    /** Values for the application. */
    public static final int PER_APP = 4 + LiuApp.BINS;

    /** The scales for the standard workload sizes (demand up to 400 × 1.5, occupation up to 60 slices). */
    public static LiuObservation standard(int clusters, int maxSlots) {
        return new LiuObservation(clusters, maxSlots, 600, 120, 2000, 200);
    }

    public int size() {
        return clusters * PER_CLUSTER + PER_APP;
    }

    /** Index of the first application value. */
    public int appOffset() {
        return clusters * PER_CLUSTER;
    }

    /** Writes the cluster part (identical for every waiting application) at {@code dst[off ..]}. */
    public void writeClusters(LiuView view, double[] dst, int off) {
        int hist = view.historyLength();
        for (int k = 0; k < clusters; k++) {
            int o = off + k * PER_CLUSTER;
            double cap = view.capacity(k);
            dst[o] = (k + 1.0) / clusters;
            dst[o + 1] = cap / maxSlots;
            for (int age = 1; age <= LiuSimulation.HISTORY; age++) {
                dst[o + 1 + age] = age <= hist ? view.usedAgo(k, age) / cap : 0;
            }
            dst[o + 2 + LiuSimulation.HISTORY] = Math.min(1, view.missedDeadlines(k) / missScale);
        }
    }

    /** Writes the application part at {@code dst[off ..]}. */
    public void writeApp(LiuApp app, double[] dst, int off) {
        dst[off] = app.category() == AppCategory.REGULAR ? 0 : app.category() == AppCategory.TIME_CRITICAL ? 0.5 : 1;
        for (int b = 0; b < LiuApp.BINS; b++) {
            dst[off + 1 + b] = 0;
        }
        for (int k = 0; k < LiuApp.BINS; k++) {
            double p = app.bin(k);
            if (p > 0) {
                double want = app.demand() * LiuApp.multiplier(k);
                int b = (int) Math.min(LiuApp.BINS - 1, Math.floor(want / demandScale * LiuApp.BINS));
                dst[off + 1 + b] = Math.min(1, dst[off + 1 + b] + p); // sums of probabilities can round above 1
            }
        }
        dst[off + 1 + LiuApp.BINS] = Math.min(1, app.occupation() / timeScale);
        dst[off + 2 + LiuApp.BINS] = Math.min(1, app.deadline() / timeScale);
        dst[off + 3 + LiuApp.BINS] = Math.min(1, app.duration() / durationScale);
    }

    /** The observation space: every value in [0, 1]. */
    public BoxSpace space() {
        int n = size();
        double[] low = new double[n];
        double[] high = new double[n];
        java.util.Arrays.fill(high, 1);
        List<String> labels = new ArrayList<>(n);
        for (int k = 0; k < clusters; k++) {
            labels.add("c" + k + ".sequence");
            labels.add("c" + k + ".capability");
            for (int age = 1; age <= LiuSimulation.HISTORY; age++) {
                labels.add("c" + k + ".occupation-" + age);
            }
            labels.add("c" + k + ".missed");
        }
        labels.add("app.category");
        for (int b = 0; b < LiuApp.BINS; b++) {
            labels.add("app.demand-bin-" + b);
        }
        labels.add("app.occupation");
        labels.add("app.deadline");
        labels.add("app.duration");
        return new BoxSpace(low, high, labels);
    }
}
