package io.execplace.kubernetes.run;

import io.execplace.core.rules.WaitForRoom;
import io.execplace.kubernetes.cluster.ClusterSnapshot;
import io.execplace.kubernetes.filter.Feasibility;
import io.execplace.kubernetes.spark.AppSpec;
import io.execplace.kubernetes.spark.PendingApplication;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntPredicate;

/**
 * {@code --wait-for-room SECONDS}: an application left waiting for room is neither bought a node for
 * nor marked Unschedulable when the pods running now, as their expected ends ({@link
 * BoundPodsByNode#releasesBy}) give their room back, make room for its pending pods on the nodes it may
 * use within {@code SECONDS} — the launch a new node would take — and its deadline is still met by a
 * purchase at the end of the wait. A node bought for it would bill its launch and its empty tail; the
 * wait bills nothing. This is the wait of the elastic model's {@code finish-together-spot} and {@code
 * finish-together-patient} (schedulers.elastic {@code RoomForecast}), which on a cluster view read from
 * the API server (no running jobs' ends) never forecasts any room.
 *
 * <p>Unlike {@code finish-together-patient}, where a waiting head holds the queue, {@code --backfill} lets
 * later applications take the room a waiting one was promised; so an application waits at most {@code
 * SECONDS} in all, from the first cycle it waited, and is then bought for. That rule is {@link
 * WaitForRoom}, which the replay's prediction of this wait shares ({@code replay --wait-for-room}).
 */
final class RoomWait {

    private static final Logger LOG = LoggerFactory.getLogger(RoomWait.class);

    /** Room a bound pod gives back: on {@code node}, at epoch second {@code at}, its requests. */
    record Release(String node, double at, long cpuMillis, long memoryBytes) {
    }

    /** The rule, shared with the simulator's model of this wait. */
    private final WaitForRoom rule;
    /** When each waiting application first waited (epoch seconds), by application key. */
    private final Map<String, Double> firstWaited = new HashMap<>();

    /** @param launchSeconds how long a new node takes to launch, in real seconds: the longest wait */
    RoomWait(double launchSeconds) {
        if (!(launchSeconds > 0)) {
            throw new IllegalArgumentException("the wait for room must be positive, got " + launchSeconds);
        }
        this.rule = new WaitForRoom(launchSeconds);
    }

    /** The longest wait, seconds: the releases a cycle needs are those within it. */
    double launchSeconds() {
        return rule.waitSeconds();
    }

    /**
     * The rejected applications to buy for or mark: all but those that wait for room this cycle.
     *
     * @param snapshot the cycle's snapshot, the cycle's placements committed
     * @param allowed  per application, the snapshot's nodes (VM order) its pods may use
     * @param releases the room bound pods give back within {@link #launchSeconds()}, earliest first
     */
    List<CyclePlanner.Rejected> notWaiting(List<CyclePlanner.Rejected> rejected, ClusterSnapshot snapshot,
                                           Function<PendingApplication, Feasibility.Verdict> allowed, List<Release> releases,
                                           double now) {
        List<CyclePlanner.Rejected> out = new ArrayList<>();
        Set<String> waiting = new HashSet<>();
        for (CyclePlanner.Rejected r : rejected) {
            PendingApplication app = r.app();
            if (r.code().waitsForRoom() && waits(app, snapshot, allowed.apply(app), releases, now)) {
                waiting.add(app.key());
            } else {
                out.add(r);
            }
        }
        // an application bought for, placed or gone starts afresh should it wait again
        firstWaited.keySet().retainAll(waiting);
        return out;
    }

    private boolean waits(PendingApplication app, ClusterSnapshot snapshot, Feasibility.Verdict allowed, List<Release> releases,
                          double now) {
        double first = firstWaited.getOrDefault(app.key(), now);
        double patience = rule.patience(first, now);
        if (patience <= 0 || !app.otherRequests().isEmpty()) {
            return false;
        }
        AppSpec spec = app.spec();
        double deadline = spec == null ? Double.NaN : spec.deadline();
        double run = spec == null ? 0 : spec.durationSeconds();
        double room = secondsUntilRoom(app.pods().size(), app.cpuMillis(), app.memoryBytes(), snapshot, allowed::allowed, releases, now);
        if (!rule.waits(patience, now, deadline, run, room)) {
            return false;
        }
        if (!firstWaited.containsKey(app.key())) {
            LOG.info("{} waits for room running pods free in {} s instead of a node ({} s launch)", app.key(),
                    Math.round(room * 10) / 10.0, rule.waitSeconds());
        }
        firstWaited.put(app.key(), first);
        return true;
    }

    /**
     * Seconds from now until the snapshot's nodes that {@code allowed} admits hold {@code pods} more pods of
     * these requests, as the releases give their room back (in order; one already past is taken as now);
     * infinite when the releases given never make that room. Pod counts and other resources are not
     * forecast.
     */
    static double secondsUntilRoom(int pods, long cpuMillis, long memoryBytes, ClusterSnapshot snapshot, IntPredicate allowed,
                                   List<Release> releases, double now) {
        Map<Integer, long[]> free = new HashMap<>();
        long holds = 0;
        for (int vm = 0; vm < snapshot.vmCount(); vm++) {
            if (allowed.test(vm)) {
                holds += snapshot.executorsThatFitExactly(vm, cpuMillis, memoryBytes);
            }
        }
        if (holds >= pods) {
            return 0;
        }
        for (Release r : releases) {
            int vm = snapshot.vmOf(r.node());
            if (vm < 0 || !allowed.test(vm)) {
                continue;
            }
            long[] room = free.computeIfAbsent(vm, v -> new long[] {snapshot.freeCpuMillis(v), snapshot.freeMemoryBytes(v)});
            long before = ClusterSnapshot.fitting(room[0], room[1], cpuMillis, memoryBytes);
            room[0] += r.cpuMillis();
            room[1] += r.memoryBytes();
            holds += ClusterSnapshot.fitting(room[0], room[1], cpuMillis, memoryBytes) - before;
            if (holds >= pods) {
                return Math.max(0, r.at() - now);
            }
        }
        return Double.POSITIVE_INFINITY;
    }
}
