package io.execplace.kubernetes.run;

import io.execplace.kubernetes.cluster.ClusterSnapshot;
import io.execplace.kubernetes.spark.PodFacts;
import io.fabric8.kubernetes.api.model.Pod;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the bound pods take of each node, kept up to date from the pod informer's events, as
 * kube-scheduler's NodeInfo keeps each node's requested resources: the sums of the requests of every
 * bound, unfinished pod (any scheduler's), how many pods and how many paid-for ones, and how long
 * other schedulers' pods keep the node busy. A cycle adds each node's totals to its snapshot once,
 * instead of adding every cached pod again. The busy time of this scheduler's own pods is their
 * gang's (the duration model on the gang's nodes), so {@link SnapshotBuilder} adds it per gang.
 */
public final class BoundPodsByNode {

    private final String schedulerName;
    /** What each counted pod (by store key) added, to take it back when the pod changes or goes. */
    private final Map<String, Counted> byKey = new HashMap<>();
    private final Map<String, NodeTotals> byNode = new HashMap<>();

    /** @param schedulerName this scheduler's name: its pods' busy times are not kept here */
    public BoundPodsByNode(String schedulerName) {
        this.schedulerName = schedulerName;
    }

    /** The pod under {@code key} is now {@code facts} (a new version, or a new pod). */
    public synchronized void put(String key, PodFacts facts) {
        remove(key);
        if (!facts.bound() || facts.terminal()) {
            return;
        }
        double busyUntil = Double.NaN;
        double busyFromNow = Double.NaN;
        if (!facts.scheduledBy(schedulerName) && !Double.isNaN(facts.expectedSeconds())) {
            double boundAt = SnapshotBuilder.boundAt(facts.pod(), Double.NaN);
            if (Double.isNaN(boundAt)) {
                busyFromNow = facts.expectedSeconds(); // no time stamp at all: busy from the cycle's now
            } else {
                busyUntil = boundAt + facts.expectedSeconds();
            }
        }
        Counted c = new Counted(facts.node(), facts.cpuMillis(), facts.memoryBytes(), facts.otherRequests(), !facts.daemonSet(),
                busyUntil, busyFromNow, expectedEnd(facts));
        byKey.put(key, c);
        byNode.computeIfAbsent(c.node(), n -> new NodeTotals()).add(key, c);
    }

    /** The pod under {@code key} is gone. */
    public synchronized void remove(String key) {
        Counted c = byKey.remove(key);
        if (c == null) {
            return;
        }
        NodeTotals t = byNode.get(c.node());
        t.remove(key, c);
        if (t.pods == 0) {
            byNode.remove(c.node());
        }
    }

    /** Adds every node's totals to the snapshot (nodes it does not hold are skipped). */
    public synchronized void addTo(ClusterSnapshot snapshot) {
        double now = snapshot.now();
        for (Map.Entry<String, NodeTotals> e : byNode.entrySet()) {
            NodeTotals t = e.getValue();
            t.refreshBusy();
            double busy = Double.isNaN(t.busyFromNow) ? t.busyUntil
                    : Double.isNaN(t.busyUntil) ? now + t.busyFromNow : Math.max(t.busyUntil, now + t.busyFromNow);
            snapshot.addPods(e.getKey(), t.pods, t.active, t.cpuMillis, t.memoryBytes, t.other, busy);
        }
    }

    /**
     * The room bound pods give back by {@code until} (epoch seconds), earliest first: each pod with an
     * {@code execplace.io/expected-duration-seconds} ends that long after it started (its {@code
     * status.startTime}, else its binding) — any scheduler's pod, for it runs its own time from its own
     * start. Pods without one, or without any time stamp, never end here.
     */
    public synchronized List<RoomWait.Release> releasesBy(double until) {
        List<RoomWait.Release> out = new ArrayList<>();
        for (Counted c : byKey.values()) {
            if (c.end() <= until) {
                out.add(new RoomWait.Release(c.node(), c.end(), c.cpuMillis(), c.memoryBytes()));
            }
        }
        out.sort(Comparator.comparingDouble(RoomWait.Release::at));
        return out;
    }

    /** The pod's start plus its own expected duration; NaN when either is unknown. */
    private static double expectedEnd(PodFacts facts) {
        if (Double.isNaN(facts.expectedSeconds())) {
            return Double.NaN;
        }
        Pod p = facts.pod();
        double started = p.getStatus() != null && p.getStatus().getStartTime() != null
                ? PodFacts.epochSeconds(p.getStatus().getStartTime(), Double.NaN) : Double.NaN;
        if (Double.isNaN(started)) {
            started = SnapshotBuilder.boundAt(p, Double.NaN);
        }
        return started + facts.expectedSeconds();
    }

    /** How many nodes have bound pods counted. */
    public synchronized int nodes() {
        return byNode.size();
    }

    /** {@code end}: when the pod is expected to end (NaN: unknown), {@link #releasesBy}. */
    private record Counted(String node, long cpuMillis, long memoryBytes, Map<String, Long> other, boolean active,
                           double busyUntil, double busyFromNow, double end) {
    }

    /** One node's sums; its busy times are recomputed from its pods only after one of them went. */
    private static final class NodeTotals {
        private final Map<String, Counted> members = new HashMap<>();
        private final Map<String, Long> other = new HashMap<>();
        private int pods;
        private int active;
        private long cpuMillis;
        private long memoryBytes;
        private double busyUntil = Double.NaN;
        private double busyFromNow = Double.NaN;
        private boolean busyStale;

        void add(String key, Counted c) {
            members.put(key, c);
            pods++;
            active += c.active() ? 1 : 0;
            cpuMillis += c.cpuMillis();
            memoryBytes += c.memoryBytes();
            c.other().forEach((r, v) -> other.merge(r, v, Long::sum));
            busyUntil = max(busyUntil, c.busyUntil());
            busyFromNow = max(busyFromNow, c.busyFromNow());
        }

        void remove(String key, Counted c) {
            members.remove(key);
            pods--;
            active -= c.active() ? 1 : 0;
            cpuMillis -= c.cpuMillis();
            memoryBytes -= c.memoryBytes();
            c.other().forEach((r, v) -> other.computeIfPresent(r, (k, old) -> old - v == 0 ? null : old - v));
            busyStale |= !Double.isNaN(c.busyUntil()) || !Double.isNaN(c.busyFromNow());
        }

        void refreshBusy() {
            if (!busyStale) {
                return;
            }
            busyUntil = Double.NaN;
            busyFromNow = Double.NaN;
            for (Counted c : members.values()) {
                busyUntil = max(busyUntil, c.busyUntil());
                busyFromNow = max(busyFromNow, c.busyFromNow());
            }
            busyStale = false;
        }

        /** The larger, NaN meaning none. */
        private static double max(double a, double b) {
            return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
        }
    }
}
