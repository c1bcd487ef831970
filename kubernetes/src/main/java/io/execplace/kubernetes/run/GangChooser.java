package io.execplace.kubernetes.run;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.kubernetes.cluster.ApplicationView;
import io.execplace.kubernetes.cluster.ClusterSnapshot;
import io.execplace.kubernetes.cluster.NodeInfo;
import io.execplace.kubernetes.filter.Feasibility;
import io.execplace.kubernetes.run.CyclePlanner.Rejected;
import io.execplace.kubernetes.spark.PendingApplication;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongConsumer;

/**
 * Asks the placement policy where one gang goes, and checks the answer: first whether any node may
 * hold the gang at all (kube-scheduler's filters, the nodes' allocatable room), then the policy on
 * each zone's {@link ApplicationView} ({@code --single-zone}; the cheapest by extra cost wins) or on
 * the whole cluster's, then the placement against the snapshot and the view. What {@link CyclePlanner}
 * does with the answer (commit, hold room, place part of the gang) is its own.
 */
final class GangChooser {

    private static final Logger LOG = LoggerFactory.getLogger(GangChooser.class);

    private final PlacementPolicy policy;
    private final Feasibility feasibility;
    private final boolean singleZone;
    private final LongConsumer decisionNanos;

    GangChooser(PlacementPolicy policy, Feasibility feasibility, boolean singleZone, LongConsumer decisionNanos) {
        this.policy = policy;
        this.feasibility = feasibility;
        this.singleZone = singleZone;
        this.decisionNanos = decisionNanos;
    }

    /** The policy's placement of a gang, checked, with its nodes, duration and extra cost; or why there is none. */
    record Attempt(Rejected rejected, Placement placement, List<String> targets, double duration, double extraCost) {

        static Attempt refused(PendingApplication app, Rejection code, String message) {
            return new Attempt(new Rejected(app, code, message), null, List.of(), Double.NaN, Double.NaN);
        }
    }

    Attempt choose(PendingApplication app, Job job, ClusterSnapshot snapshot, List<NodeInfo> usable) {
        if (snapshot.isEmpty()) {
            return Attempt.refused(app, Rejection.NO_USABLE_NODE, "no usable node (all cordoned, not ready, or with bad labels)");
        }
        int n = app.pods().size();
        Map<String, Long> other = app.otherRequests();
        Feasibility.Verdict verdict = feasibility.check(app.pods(), usable);
        if (verdict.none()) {
            return Attempt.refused(app, Rejection.NO_NODE_PASSES_FILTERS, verdict.refused().summary(0, usable.size()));
        }
        long capacity = 0;
        long largest = 0;
        for (int vm = 0; vm < usable.size(); vm++) {
            if (verdict.allowed(vm)) {
                long holds = usable.get(vm).podsThatFitEmpty(app.cpuMillis(), app.memoryBytes(), other);
                capacity += holds;
                largest = Math.max(largest, holds);
            }
        }
        String mayUse = verdict.refused().isEmpty() ? "" : "it may run on ";
        if (largest < 1) {
            return Attempt.refused(app, Rejection.POD_TOO_LARGE, "pod requests " + app.cpuMillis() + "m cpu and " + app.memoryBytes()
                    + " bytes of memory" + (other.isEmpty() ? "" : " and " + other) + ", more than any node " + mayUse
                    + "has allocatable");
        }
        if (capacity < n) {
            return Attempt.refused(app, Rejection.GANG_NEVER_FITS, n + " executors do not fit the usable nodes " + mayUse
                    + "even when all are empty (room for " + capacity + ")");
        }
        long[] room = new long[usable.size()];
        Feasibility.Diagnosis diagnosis = verdict.refused().copy();
        int available = 0;
        for (int vm = 0; vm < room.length; vm++) {
            if (verdict.allowed(vm)) {
                room[vm] = snapshot.podsThatFit(vm, app.cpuMillis(), app.memoryBytes(), other);
                if (room[vm] > 0) {
                    available++;
                } else {
                    diagnosis.add(snapshot.insufficient(vm, app.cpuMillis(), app.memoryBytes(), other));
                }
            }
        }
        Placement p = null;
        ApplicationView view = null;
        double bestCost = Double.POSITIVE_INFINITY;
        for (long[] zoneRoom : singleZone ? byZone(room, usable) : List.of(room)) {
            ApplicationView v = new ApplicationView(snapshot, zoneRoom, job.coresPerExecutor());
            Placement candidate;
            long t0 = System.nanoTime();
            try {
                candidate = policy.place(job, v);
            } catch (RuntimeException e) {
                LOG.error("policy {} failed on {}: {}", policy.name(), app.key(), e.toString(), e);
                return Attempt.refused(app, Rejection.POLICY_FAILED, "policy " + policy.name() + " failed: " + e.getMessage());
            } finally {
                decisionNanos.accept(System.nanoTime() - t0);
            }
            if (candidate == null || candidate.isNone()) {
                continue;
            }
            // Zones compete by extra cost; a placement breaking its view (a policy bug) only wins if nothing else does.
            double cost = !singleZone ? 0 : v.validate(candidate) != null ? Double.POSITIVE_INFINITY
                    : snapshot.extraCost(candidate, snapshot.durationModel().duration(job, candidate, snapshot.cluster()));
            if (p == null || cost < bestCost) {
                p = candidate;
                view = v;
                bestCost = cost;
            }
        }
        if (p == null) {
            return Attempt.refused(app, Rejection.NO_PLACEMENT, "policy " + policy.name() + " found no placement for " + n
                    + " executors of " + app.cpuMillis() + "m cpu / " + app.memoryBytes() / (1024 * 1024) + " MiB (gang: all or none"
                    + (singleZone ? ", one zone" : "") + "; " + diagnosis.summary(available, usable.size()) + ")");
        }
        String invalid = snapshot.validate(p, n, app.cpuMillis(), app.memoryBytes());
        if (invalid == null) {
            invalid = view.validate(p);
        }
        if (invalid != null) {
            LOG.error("policy {} returned an invalid placement for {}: {}", policy.name(), app.key(), invalid);
            return Attempt.refused(app, Rejection.INVALID_PLACEMENT, "policy " + policy.name() + " returned an invalid placement: " + invalid);
        }
        double duration = snapshot.durationModel().duration(job, p, snapshot.cluster());
        double extraCost = snapshot.extraCost(p, duration);
        List<String> targets = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            targets.add(snapshot.nodeName(p.vm(i)));
        }
        return new Attempt(null, p, targets, duration, extraCost);
    }

    /** The room of each zone's nodes alone (others 0), zones in name order; nodes without a zone form one. */
    private static List<long[]> byZone(long[] room, List<NodeInfo> usable) {
        TreeMap<String, long[]> zones = new TreeMap<>();
        for (int vm = 0; vm < room.length; vm++) {
            if (room[vm] > 0) {
                zones.computeIfAbsent(usable.get(vm).zone(), z -> new long[room.length])[vm] = room[vm];
            }
        }
        return new ArrayList<>(zones.values());
    }
}
