package io.execplace.kubernetes.run;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.kubernetes.cluster.ApplicationView;
import io.execplace.kubernetes.cluster.ClusterSnapshot;
import io.execplace.kubernetes.cluster.NodeInfo;
import io.execplace.kubernetes.filter.Feasibility;
import io.execplace.kubernetes.spark.ExecutorRoom;
import io.execplace.kubernetes.spark.PendingApplication;
import io.fabric8.kubernetes.api.model.Pod;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * One scheduling cycle's decisions, with no API calls: the ready applications by priority (the pods'
 * {@code spec.priority}, from their priority class), then in queue order, each
 * checked against the filters and the nodes' limits and placed by the policy on its
 * {@link ApplicationView} ({@link GangChooser}), committed to the snapshot so that the next sees the cluster as the
 * simulator would. The outcome of each application is {@link Planned} or {@link Rejected} with a
 * {@link Rejection} code; binding, Events and conditions are the bind phase's. Because it is pure,
 * many cycles can be checked against the simulator.
 */
public final class CyclePlanner {

    /**
     * A placed gang, to be bound; {@code planningNanos}: the wall time its planning took; {@code placement}: pod i is its
     * executor i; {@code heldRoom}: for a driver under {@code --driver-gang}, the room it holds for its executors (else null).
     */
    public record Planned(PendingApplication app, Map<String, Long> otherRequests, List<String> targets, double duration,
                          double extraCost, long planningNanos, Placement placement, HeldRoom heldRoom) {
    }

    /** An application left pending, and why; {@code planningNanos}: the wall time its planning took. */
    public record Rejected(PendingApplication app, Rejection code, String message, long planningNanos) {

        Rejected(PendingApplication app, Rejection code, String message) {
            this(app, code, message, 0);
        }

        /** kube-scheduler's attempt result: error when the policy failed, else unschedulable. */
        public String result() {
            return code == Rejection.POLICY_FAILED || code == Rejection.INVALID_PLACEMENT ? "error" : "unschedulable";
        }
    }

    /** The cycle's outcome: planned gangs in queue order, and the rejected applications. */
    public record Plan(List<Planned> planned, List<Rejected> rejected) {
    }

    private final Feasibility feasibility;
    private final QueuePolicy queue;
    private final boolean backfill;
    private final boolean partialGangs;
    private final GangChooser chooser;

    public CyclePlanner(PlacementPolicy policy, Feasibility feasibility, QueuePolicy queue, boolean backfill,
                        boolean singleZone, LongConsumer decisionNanos) {
        this(policy, feasibility, queue, backfill, singleZone, decisionNanos, false);
    }

    /**
     * @param partialGangs  {@code --partial-gangs}: a gang that does not fit whole is placed as far as
     *                      it fits now and the rest waits, as kube-scheduler binds pod by pod (below)
     * @param singleZone    place each gang within one zone: the policy is asked once per zone (the
     *                      others' nodes shown full) and the cheapest placement by extra cost wins
     * @param decisionNanos told the wall time of each policy call (metrics)
     */
    public CyclePlanner(PlacementPolicy policy, Feasibility feasibility, QueuePolicy queue, boolean backfill,
                        boolean singleZone, LongConsumer decisionNanos, boolean partialGangs) {
        this.partialGangs = partialGangs;
        this.feasibility = feasibility;
        this.queue = queue;
        this.backfill = backfill;
        this.chooser = new GangChooser(policy, feasibility, singleZone, decisionNanos);
    }

    /**
     * Plans the ready applications on the snapshot (which it commits the planned gangs to).
     *
     * @param usable the snapshot's nodes in VM order
     */
    public Plan plan(List<PendingApplication> ready, ClusterSnapshot snapshot, List<NodeInfo> usable) {
        return plan(ready, snapshot, usable, Map.of());
    }

    /**
     * As {@link #plan(List, ClusterSnapshot, List)}, with room the snapshot holds for applications'
     * executors (by application key, {@code --driver-gang}): each application gets its own room back
     * just before it is placed, and holds it again if it is not placed.
     */
    public Plan plan(List<PendingApplication> ready, ClusterSnapshot snapshot, List<NodeInfo> usable, Map<String, HeldRoom> held) {
        List<PendingApplication> apps = new ArrayList<>(ready);
        apps.sort(Comparator.comparingDouble((PendingApplication a) -> a.spec().arrival()).thenComparing(PendingApplication::key));
        List<Job> jobs = new ArrayList<>();
        for (int i = 0; i < apps.size(); i++) {
            jobs.add(apps.get(i).toJob(i, snapshot.cpuUnitMillis()));
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            order.add(i);
        }
        // Priority classes first (higher first, as kube-scheduler's queue), then the queue policy.
        order.sort(Comparator.comparingInt((Integer i) -> -apps.get(i).priority())
                .thenComparing((a, b) -> queue.order().compare(jobs.get(a), jobs.get(b))));
        List<Planned> planned = new ArrayList<>();
        List<Rejected> rejected = new ArrayList<>();
        for (int idx : order) {
            long t0 = System.nanoTime();
            PendingApplication app = apps.get(idx);
            HeldRoom own = held.get(app.key());
            if (own != null) {
                own.release(snapshot);
            }
            Rejected r;
            if (own != null && intoHeldRoom(app, own, jobs.get(idx), snapshot, usable, planned, t0)) {
                r = null;
            } else if (app.executorRoom() == null) {
                r = place(app, jobs.get(idx), snapshot, usable, planned, t0, null);
            } else if (app.executorRoom().appKey().equals(app.key())) {
                r = placeEarly(app, jobs.get(idx), snapshot, usable, planned, t0);
            } else {
                r = placeWithExecutors(app, jobs.get(idx), snapshot, usable, planned, t0);
            }
            if (r != null && partialGangs && own == null && app.executorRoom() == null && app.pods().size() > 1
                    && (r.code() == Rejection.NO_PLACEMENT || r.code() == Rejection.GANG_NEVER_FITS)) {
                r = placePart(app, jobs.get(idx), r, snapshot, usable, planned, t0);
            }
            if (r != null && own != null) {
                own.hold(snapshot);
            }
            if (r != null) {
                rejected.add(new Rejected(r.app(), r.code(), r.message(), System.nanoTime() - t0));
                if (!backfill && r.code().blocksQueue()) {
                    break;
                }
            }
        }
        return new Plan(planned, rejected);
    }

    /**
     * {@code --driver-gang}: the driver is placed only if its executors fit now too. The policy places
     * the executors first (on the nodes the driver may use: Spark gives both the same node selector
     * and tolerations), their room is held, then the driver is placed as any pod; if it does not fit
     * beside them, the room is given back and the driver waits.
     */
    private Rejected placeWithExecutors(PendingApplication driver, Job driverJob, ClusterSnapshot snapshot,
                                        List<NodeInfo> usable, List<Planned> planned, long startNanos) {
        ExecutorRoom room = driver.executorRoom();
        List<Pod> phantoms = Collections.nCopies(room.executors(), ExecutorRoom.executorLike(driver.pods().get(0)));
        PendingApplication executors = new PendingApplication(room.appKey(), driver.namespace(), phantoms, room.cpuMillis(),
                room.memoryBytes(), driver.spec());
        GangChooser.Attempt a = chooser.choose(executors, executors.toJob(driverJob.id(), snapshot.cpuUnitMillis()), snapshot, usable);
        if (a.rejected() != null) {
            return new Rejected(driver, a.rejected().code(), "the driver waits for room for itself and its " + room.executors()
                    + " executors (--driver-gang): " + a.rejected().message());
        }
        HeldRoom held = new HeldRoom(room.cpuMillis(), room.memoryBytes(), a.targets());
        held.hold(snapshot);
        Rejected r = place(driver, driverJob, snapshot, usable, planned, startNanos, held);
        if (r != null) {
            held.release(snapshot);
            return new Rejected(driver, r.code(), "no room for the driver beside its " + room.executors()
                    + " executors (--driver-gang): " + r.message());
        }
        return null;
    }

    /**
     * Executors that come to room held for them go where it was held, first held node first (the
     * placement the policy chose for the whole gang, as YuniKorn's placeholders are replaced), and
     * without asking the policy again; the rest of the room stays held. False when they do not fit
     * there (more of them, larger requests, or filters the held nodes fail): the policy places them.
     */
    private boolean intoHeldRoom(PendingApplication app, HeldRoom own, Job job, ClusterSnapshot snapshot, List<NodeInfo> usable,
                                 List<Planned> planned, long startNanos) {
        int k = app.pods().size();
        if (k > own.nodes().size() || app.executorRoom() != null && !app.executorRoom().appKey().equals(app.key())) {
            return false;
        }
        Feasibility.Verdict verdict = feasibility.check(app.pods(), usable);
        Map<String, Long> other = app.otherRequests();
        int[] vms = new int[k];
        Map<Integer, Integer> perNode = new java.util.HashMap<>();
        for (int i = 0; i < k; i++) {
            vms[i] = snapshot.vmOf(own.nodes().get(i));
            if (vms[i] < 0 || !verdict.allowed(vms[i])) {
                return false;
            }
            perNode.merge(vms[i], 1, Integer::sum);
        }
        for (Map.Entry<Integer, Integer> e : perNode.entrySet()) {
            if (snapshot.podsThatFit(e.getKey(), app.cpuMillis(), app.memoryBytes(), other) < e.getValue()) {
                return false;
            }
        }
        Placement p = Placement.wrap(vms);
        double duration = snapshot.durationModel().duration(job, p, snapshot.cluster());
        double extraCost = snapshot.extraCost(p, duration);
        snapshot.commit(p, app.cpuMillis(), app.memoryBytes(), other, duration);
        // the rest stays held this cycle; across cycles the hold shrinks as its executors are placed
        new HeldRoom(own.cpuMillis(), own.memoryBytes(), own.nodes().subList(k, own.nodes().size())).hold(snapshot);
        planned.add(new Planned(app, other, own.nodes().subList(0, k), duration, extraCost, System.nanoTime() - startNanos, p, null));
        return true;
    }

    /**
     * {@code --bind-early}: the executors that exist are placed now, as part of a placement of the
     * whole gang, whose other executors' room is held for them (YuniKorn's placeholders); all or
     * none still holds for room, not for binding time.
     */
    private Rejected placeEarly(PendingApplication app, Job job, ClusterSnapshot snapshot, List<NodeInfo> usable,
                                List<Planned> planned, long startNanos) {
        ExecutorRoom room = app.executorRoom();
        int k = app.pods().size();
        List<Pod> all = new ArrayList<>(app.pods());
        all.addAll(Collections.nCopies(room.executors(), app.pods().get(0)));
        PendingApplication whole = new PendingApplication(app.key(), app.namespace(), all, app.cpuMillis(), app.memoryBytes(),
                app.spec());
        GangChooser.Attempt a = chooser.choose(whole, whole.toJob(job.id(), snapshot.cpuUnitMillis()), snapshot, usable);
        if (a.rejected() != null) {
            return new Rejected(app, a.rejected().code(), "waits for room for all " + (k + room.executors())
                    + " executors (--bind-early): " + a.rejected().message());
        }
        int[] now = new int[k];
        for (int i = 0; i < k; i++) {
            now[i] = a.placement().vm(i);
        }
        Map<String, Long> other = app.otherRequests();
        snapshot.commit(Placement.wrap(now), app.cpuMillis(), app.memoryBytes(), other, a.duration());
        HeldRoom held = new HeldRoom(app.cpuMillis(), app.memoryBytes(), a.targets().subList(k, a.targets().size()));
        held.hold(snapshot);
        planned.add(new Planned(app, other, a.targets().subList(0, k), a.duration(), a.extraCost(),
                System.nanoTime() - startNanos, a.placement(), held));
        return null;
    }

    /**
     * {@code --partial-gangs}: the most executors of the gang that fit now are placed (the first by
     * executor id) and only the rest is left pending and marked unschedulable. A node provisioner that
     * simulates each pending pod on its own (Karpenter: {@code addToExistingNode} before it buys) counts a
     * held gang's pods as fitting the free room of existing nodes and buys nothing for them; left
     * pending, only pods that fit no existing node remain, and it buys for exactly those.
     */
    private Rejected placePart(PendingApplication app, Job job, Rejected whole, ClusterSnapshot snapshot, List<NodeInfo> usable,
                               List<Planned> planned, long startNanos) {
        int n = app.pods().size();
        for (int k = n - 1; k >= 1; k--) {
            PendingApplication part = new PendingApplication(app.key(), app.namespace(), app.pods().subList(0, k), app.cpuMillis(),
                    app.memoryBytes(), app.spec());
            if (place(part, part.toJob(job.id(), snapshot.cpuUnitMillis()), snapshot, usable, planned, startNanos, null) == null) {
                PendingApplication rest = new PendingApplication(app.key(), app.namespace(), app.pods().subList(k, n),
                        app.cpuMillis(), app.memoryBytes(), app.spec());
                return new Rejected(rest, whole.code(), k + " of " + n + " executors placed, the rest waits for room (--partial-gangs): "
                        + whole.message());
            }
        }
        return whole;
    }

    /** Places the gang and commits it to the snapshot, or says why not. */
    private Rejected place(PendingApplication app, Job job, ClusterSnapshot snapshot, List<NodeInfo> usable,
                           List<Planned> planned, long startNanos, HeldRoom heldRoom) {
        GangChooser.Attempt a = chooser.choose(app, job, snapshot, usable);
        if (a.rejected() != null) {
            return a.rejected();
        }
        Map<String, Long> other = app.otherRequests();
        snapshot.commit(a.placement(), app.cpuMillis(), app.memoryBytes(), other, a.duration());
        planned.add(new Planned(app, other, a.targets(), a.duration(), a.extraCost(), System.nanoTime() - startNanos, a.placement(), heldRoom));
        return null;
    }
}
