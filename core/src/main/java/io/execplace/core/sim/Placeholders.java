package io.execplace.core.sim;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.PlaceholderRoom;

import java.util.Arrays;

/**
 * Placeholder pods on an elastic cluster's nodes: Kubernetes' overprovisioning pattern
 * ({@link PlaceholderRoom}). A placement sets how many the Deployment keeps; the kernel keeps them:
 * <ul>
 *   <li>a placeholder holds its room on a live node and keeps the node from being empty (Karpenter's
 *       emptiness counts every pod but DaemonSets', whatever its priority), so the node is billed and
 *       not consolidated while one is there;</li>
 *   <li>placement policies see its room as free: a real executor or driver that needs it pre-empts it at
 *       once (the placeholder's negative priority), and the pre-empted placeholder goes pending;</li>
 *   <li>a pending placeholder goes on the live node, not under notice and of its capacity type, with the
 *       most room left by executors and other placeholders (kube-scheduler's default spreading); where none
 *       has room, the provisioner buys, for the placeholders pending, the instance type of the allowed pools
 *       cheapest per placeholder it holds (Karpenter's cheapest type that fits): the room is back when that
 *       node is ready, a launch after it was taken;</li>
 *   <li>fewer replicas remove the pending ones first, then those on nodes without executors (so that they
 *       can empty), fullest first; a node left with neither executors nor placeholders is consolidated
 *       after its pool's {@code consolidateAfter};</li>
 *   <li>under-used consolidation counts the placeholders as pods: they must fit elsewhere too
 *       ({@link UnderutilizedConsolidation}), and a node holding only placeholders can be removed when they do;</li>
 *   <li>a node that goes (interrupted, consolidated) sends its placeholders pending; at the end of a run
 *       the Deployment is deleted, and the nodes it held are consolidated.</li>
 * </ul>
 * Pending placeholders are placed ({@link #settle}) when the clock next moves, after the decisions of that
 * instant (real pods have the higher priority, so they are scheduled first), and when nodes go. None exist
 * until a placement sets some: every run without them is unchanged.
 */
final class Placeholders {

    private final ClusterState state;
    private final NodeLifecycle nodes;
    private final int n;
    /** Per slot, its pool's capacity type (ordinal). */
    private final int[] capacityType;
    /** Per slot, placeholders held there. */
    private final int[] on;
    private PlaceholderRoom room;
    private int placed;
    private int preempted;
    private int nodesBought;

    Placeholders(ClusterState state, NodeLifecycle nodes) {
        this.state = state;
        this.nodes = nodes;
        this.n = state.vmCount();
        on = new int[n];
        capacityType = new int[n];
        for (int vm = 0; vm < n; vm++) {
            capacityType[vm] = nodes.pools().pool(vm).capacityType().ordinal();
        }
    }

    void reset() {
        Arrays.fill(on, 0);
        room = null;
        placed = 0;
        preempted = 0;
        nodesBought = 0;
    }

    /**
     * A resumed run ({@link ResumedRun}) takes over {@code source}'s placeholders once its pods are back:
     * the room asked for, those on each node and the pending ones (placed at its next settle).
     */
    void copyFrom(Placeholders source) {
        System.arraycopy(source.on, 0, on, 0, n);
        room = source.room;
        placed = source.placed;
    }

    /** True when the slot holds a placeholder. */
    boolean holds(int vm) {
        return on[vm] > 0;
    }

    /** Placeholders on the slot. */
    int on(int vm) {
        return on[vm];
    }

    /** Cores the slot's placeholders hold. */
    int cores(int vm) {
        return on[vm] == 0 ? 0 : on[vm] * room.coresPerPod();
    }

    /** Memory the slot's placeholders hold, GB. */
    double memoryGb(int vm) {
        return on[vm] == 0 ? 0 : on[vm] * room.memoryGbPerPod();
    }

    /** The room now asked for (null: none ever). */
    PlaceholderRoom room() {
        return room;
    }

    /** Placeholders pre-empted by real pods so far in the run. */
    int preempted() {
        return preempted;
    }

    /** Nodes bought for pending placeholders so far in the run. */
    int nodesBought() {
        return nodesBought;
    }

    /** Placeholders placed on nodes now (the rest of the replicas are pending). */
    int placed() {
        return placed;
    }

    /** A placement sets the replicas (and shape) from now on; a new shape replaces every placeholder. */
    void request(PlaceholderRoom wanted) {
        if (room != null && !room.sameShape(wanted)) {
            for (int vm = 0; vm < n; vm++) {
                leave(vm, on[vm]);
            }
        }
        room = wanted;
    }

    /** A pod came to the slot: the placeholders there that no longer fit beside the real pods are pre-empted. */
    void afterPod(int vm) {
        if (on[vm] == 0) {
            return;
        }
        int keep = on[vm];
        while (keep > 0 && (state.freeCores(vm) < keep * room.coresPerPod()
                || state.freeMemoryGb(vm) + Capacity.EPSILON < keep * room.memoryGbPerPod())) {
            keep--;
        }
        int gone = on[vm] - keep;
        on[vm] = keep;
        placed -= gone;
        preempted += gone;
    }

    /** The slot's node is gone: its placeholders go pending. */
    void nodeGone(int vm) {
        placed -= on[vm];
        on[vm] = 0;
    }

    /** The run is over: the Deployment is deleted, and the nodes it alone held empty now. */
    void clear() {
        if (room == null) {
            return; // none were asked for, or cleared already: no slot holds one
        }
        for (int vm = 0; vm < n; vm++) {
            leave(vm, on[vm]);
        }
        room = null;
    }

    /** Brings the placeholders on nodes to the replicas asked for: removes the excess, places the pending. */
    void settle() {
        if (room == null) {
            return;
        }
        while (placed > room.pods()) {
            leave(excessSlot(), 1);
        }
        while (placed < room.pods()) {
            int vm = roomiest();
            if (vm >= 0) {
                arrive(vm, 1);
                continue;
            }
            vm = cheapestToBuy(room.pods() - placed);
            if (vm < 0) {
                return; // no pool may buy now: they stay pending until the next settle
            }
            int k = Math.min(room.pods() - placed, fitsEmpty(vm));
            state.launch(vm);
            nodesBought++;
            arrive(vm, k);
        }
    }

    private void arrive(int vm, int k) {
        if (on[vm] == 0 && state.executorsOn(vm) == 0) {
            nodes.filled(vm); // a pending consolidation of the empty node no longer applies
        }
        on[vm] += k;
        placed += k;
        nodes.podEvent(vm, state.now());
    }

    private void leave(int vm, int k) {
        if (k == 0) {
            return;
        }
        on[vm] -= k;
        placed -= k;
        if (on[vm] == 0 && state.executorsOn(vm) == 0 && nodes.alive(vm)) {
            nodes.emptied(vm, state.now());
        } else {
            nodes.podEvent(vm, state.now());
        }
    }

    /** Where a placeholder is removed first: on a node without executors, the one holding most; else the most held. */
    private int excessSlot() {
        int best = -1;
        for (int vm = 0; vm < n; vm++) {
            if (on[vm] > 0 && (best < 0 || better(vm, best))) {
                best = vm;
            }
        }
        return best;
    }

    private boolean better(int vm, int best) {
        boolean idle = state.executorsOn(vm) == 0;
        boolean bestIdle = state.executorsOn(best) == 0;
        return idle != bestIdle ? idle : on[vm] > on[best];
    }

    /** True when the placeholders' node selector admits the slot's capacity type. */
    boolean allowedOn(int vm) {
        return room.capacityType() == null || capacityType[vm] == room.capacityType().ordinal();
    }

    /** The live node of an allowed capacity type, not under notice, with the most cores left for one more placeholder; -1 when none. */
    private int roomiest() {
        int best = -1;
        int bestCores = -1;
        for (int vm = 0; vm < n; vm++) {
            if (!nodes.alive(vm) || nodes.cordoned(vm) || !allowedOn(vm)) {
                continue;
            }
            int cores = state.freeCores(vm) - cores(vm);
            double memory = state.freeMemoryGb(vm) - memoryGb(vm);
            if (cores >= room.coresPerPod() && memory + Capacity.EPSILON >= room.memoryGbPerPod() && cores > bestCores) {
                best = vm;
                bestCores = cores;
            }
        }
        return best;
    }

    /** Placeholders an empty node of the slot's type holds. */
    private int fitsEmpty(int vm) {
        int byCores = state.cluster().vm(vm).cores() / room.coresPerPod();
        return room.memoryGbPerPod() == 0 ? byCores
                : Math.min(byCores, (int) Math.floor(state.cluster().vm(vm).memoryGb() / room.memoryGbPerPod() + Capacity.EPSILON));
    }

    /** The absent slot its pool may buy now, of an allowed capacity type, cheapest per placeholder of {@code pending} it holds; -1 when none. */
    private int cheapestToBuy(int pending) {
        int best = -1;
        double bestPrice = Double.POSITIVE_INFINITY;
        for (int vm = 0; vm < n; vm++) {
            if (nodes.alive(vm) || !nodes.available(vm) || !allowedOn(vm)) {
                continue;
            }
            int k = Math.min(pending, fitsEmpty(vm));
            if (k == 0) {
                continue;
            }
            double perPod = state.cluster().vm(vm).pricePerSecond() / k;
            if (perPod < bestPrice) {
                best = vm;
                bestPrice = perPod;
            }
        }
        return best;
    }
}
