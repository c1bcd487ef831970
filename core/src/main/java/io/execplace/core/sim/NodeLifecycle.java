package io.execplace.core.sim;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.ConsolidationPolicy;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The lives of an elastic cluster's nodes during a run: which slots are bought, when each is ready,
 * which are under an interruption notice, and the timed node events — an empty node's consolidation,
 * a spot notice and the interruption itself — in time order. {@link ClusterState} asks it whether a
 * slot can take executors and tells it when a slot fills or empties; the {@link EventKernel} runs its
 * events.
 *
 * <p>Random draws (launch delays, times to interruption) come from a stream per slot and launch,
 * seeded by the run's capacity seed, so a slot's n-th launch draws the same whatever else happened.
 */
final class NodeLifecycle {

    private final NodePools pools;
    private final int n;
    private final int[] slotCores;
    private final PoolCapacity capacity;
    private final boolean[] alive;
    private final boolean[] cordoned;
    private final double[] readyAt;
    private final double[] terminateAt;
    private final int[] launches;
    /** Per slot, bumped whenever it fills or empties, so that a stale consolidation is ignored. */
    private final int[] token;
    private long seed;
    /** Per slot: its pool consolidates under-used nodes, and when an executor last came or left. */
    private final boolean[] underused;
    private final double[] lastPodEvent;
    private boolean pollQueued;
    /** When the queued run of the disruption loop comes (while {@link #pollQueued}). */
    private double pollAt;

    private final NodeEvents events = new NodeEvents();
    private final AvailabilityTraces traces;
    private final LiveSlots live;

    private int nodeLaunches;
    private int interruptions;

    NodeLifecycle(Cluster cluster) {
        this.pools = cluster.pools();
        this.n = cluster.size();
        slotCores = new int[n];
        for (int i = 0; i < n; i++) {
            slotCores[i] = cluster.vm(i).cores();
        }
        capacity = new PoolCapacity(pools, slotCores);
        traces = new AvailabilityTraces(pools);
        underused = new boolean[n];
        for (int i = 0; i < n; i++) {
            underused[i] = pools.pool(i).consolidationPolicy() == ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED;
        }
        lastPodEvent = new double[n];
        alive = new boolean[n];
        cordoned = new boolean[n];
        live = new LiveSlots(n);
        readyAt = new double[n];
        terminateAt = new double[n];
        launches = new int[n];
        token = new int[n];
    }

    /** True when some slot of the pool not bought cannot be bought now ({@link PoolCapacity#blocked}). */
    boolean blocked(int pool) {
        return capacity.blocked(pool);
    }

    /** True when any pool is {@link #blocked} or any live node is under notice: waiting may pay off. */
    boolean capacityHeldBack() {
        for (int p = 0; p < capacity.poolCount(); p++) {
            if (blocked(p)) {
                return true;
            }
        }
        for (int i = 0; i < n; i++) {
            if (cordoned[i]) {
                return true;
            }
        }
        return false;
    }

    void reset(long capacitySeed) {
        this.seed = capacitySeed;
        capacity.reset();
        Arrays.fill(alive, false);
        live.clear();
        Arrays.fill(cordoned, false);
        Arrays.fill(readyAt, 0);
        Arrays.fill(terminateAt, Double.NaN);
        Arrays.fill(launches, 0);
        Arrays.fill(token, 0);
        Arrays.fill(lastPodEvent, 0);
        pollQueued = false;
        events.clear();
        traces.scheduleTrue(events);
        nodeLaunches = 0;
        interruptions = 0;
    }

    /**
     * Takes over {@code source}'s nodes at {@code now} (after {@link #reset}): the same slots bought,
     * launching, ready and under notice, with their launch counts, and an empty node's consolidation at
     * the same time. With {@code sameFuture} every pending event of {@code source} is kept (the run
     * continues exactly); without it, what a planner knows instead: a node under notice goes one notice
     * from now at the latest, a spot node's interruption is drawn afresh from this run's seed (the hazard
     * is memoryless, and the source's draws are the future), and an availability trace's reclaims and
     * window ends are not known: a pool closed now stays closed, or with {@code drawTraces} they are
     * drawn from the trace's statistics ({@link AvailabilityTraces}).
     */
    void resumeFrom(NodeLifecycle source, double now, boolean sameFuture, boolean drawTraces) {
        events.clear();
        if (sameFuture) {
            events.copyFrom(source.events);
            System.arraycopy(source.token, 0, token, 0, n);
        }
        capacity.copyClosures(source.capacity);
        for (int vm = 0; vm < n; vm++) {
            launches[vm] = source.launches[vm];
            if (!source.alive[vm]) {
                continue;
            }
            alive[vm] = true;
            live.add(vm);
            cordoned[vm] = source.cordoned[vm];
            readyAt[vm] = source.readyAt[vm];
            terminateAt[vm] = source.terminateAt[vm];
            capacity.bought(vm);
            if (sameFuture) {
                continue;
            }
            Interruptions in = pools.pool(vm).interruptions();
            if (terminateAt[vm] > now) {
                push(terminateAt[vm], vm, NodeEvents.TERMINATE_IF_EMPTY, token[vm]);
            }
            if (cordoned[vm]) {
                push(now + in.noticeSeconds(), vm, NodeEvents.INTERRUPT, launches[vm]);
            } else if (in.monthlyRate() > 0) {
                double at = now + draw(vm, launches[vm], 1);
                push(Math.max(now, at - in.noticeSeconds()), vm, NodeEvents.NOTICE, launches[vm]);
                push(at, vm, NodeEvents.INTERRUPT, launches[vm]);
            }
        }
        for (int p = 0; drawTraces && !sameFuture && p < capacity.poolCount(); p++) {
            traces.scheduleDrawn(events, p, !capacity.open(p), now, seed);
        }
        // Under-used consolidation's loop keeps its beat: its queued run stays where it was.
        pollQueued = source.pollQueued;
        pollAt = source.pollAt;
        if (pollQueued && !sameFuture) {
            push(pollAt, 0, NodeEvents.UNDERUSED_POLL, 0);
        }
    }

    /** Once a resumed run's pods are back: each node's last pod event is {@code source}'s (under-used consolidation's clock). */
    void keepPodEvents(NodeLifecycle source) {
        System.arraycopy(source.lastPodEvent, 0, lastPodEvent, 0, n);
    }

    NodePools pools() {
        return pools;
    }

    boolean alive(int vm) {
        return alive[vm];
    }

    /** Writes the bought slots, in slot order, into {@code out}; returns how many. */
    int aliveSlots(int[] out) {
        return live.copyTo(out);
    }

    boolean cordoned(int vm) {
        return cordoned[vm];
    }

    /** True when the slot can take an executor now: a live node not under notice, or a node its pool may still buy. */
    boolean available(int vm) {
        if (alive[vm]) {
            return !cordoned[vm];
        }
        return capacity.canBuy(vm);
    }

    /** Sets to none the room of the slots not {@link #available}: live nodes under notice, and slots their pool cannot buy. */
    void clearUnavailable(int[] cores, double[] memoryGb) {
        live.clearRoomWhere(cordoned, cores, memoryGb);
        capacity.clearUnbuyable(alive, cores, memoryGb);
    }

    /** False while an availability trace's window keeps the pool from buying. */
    boolean poolOpen(int pool) {
        return capacity.open(pool);
    }

    /** An availability trace's window opens ({@code closed}) or closes for the pool. */
    void closePool(int pool, boolean closed) {
        capacity.close(pool, closed);
    }

    /** Null when buying every absent slot of the placement keeps every pool within its limit and open, else what is wrong. */
    String checkLaunches(Placement placement) {
        return capacity.checkLaunches(placement, alive);
    }

    /** When the slot's node is (or, bought now, would be) ready for executors. */
    double readyAt(int vm, double now) {
        return alive[vm] ? readyAt[vm] : now + draw(vm, launches[vm] + 1, 0);
    }

    /** True while an empty live node waits for consolidation past {@code now} (it is still paid for). */
    boolean warm(int vm, double now) {
        return alive[vm] && terminateAt[vm] > now;
    }

    /** Buys the slot's node at {@code now}; its ready time, and on spot its notice and interruption, are drawn. */
    void launch(int vm, double now) {
        int launch = ++launches[vm];
        NodePool pool = pools.pool(vm);
        alive[vm] = true;
        live.add(vm);
        cordoned[vm] = false;
        readyAt[vm] = now + draw(vm, launch, 0);
        terminateAt[vm] = Double.NaN;
        capacity.bought(vm);
        nodeLaunches++;
        if (pool.interruptions().monthlyRate() > 0) {
            double at = now + draw(vm, launch, 1);
            push(Math.max(now, at - pool.interruptions().noticeSeconds()), vm, NodeEvents.NOTICE, launch);
            push(at, vm, NodeEvents.INTERRUPT, launch);
        }
    }

    /** A launch's delay (which 0) or time to interruption (which 1), from the slot's own stream. */
    private double draw(int vm, int launch, int which) {
        NodePool pool = pools.pool(vm);
        if (which == 0 && pool.launchDelay().minSeconds() == pool.launchDelay().maxSeconds()) {
            return pool.launchDelay().minSeconds();
        }
        SplittableRandom random = new SplittableRandom(((seed * 0x9E3779B97F4A7C15L + vm) * 0xBF58476D1CE4E5B9L + launch) * 2 + which);
        return which == 0 ? pool.launchDelay().sample(random) : pool.interruptions().sampleLifetime(random);
    }

    /** The slot got its first executor: a pending consolidation no longer applies. */
    void filled(int vm) {
        token[vm]++;
        terminateAt[vm] = Double.NaN;
    }

    /** The slot's last executor left at {@code now}: consolidate it after the pool's delay unless refilled. */
    void emptied(int vm, double now) {
        token[vm]++;
        double at = now + pools.pool(vm).consolidateAfterSeconds();
        terminateAt[vm] = at;
        push(at, vm, NodeEvents.TERMINATE_IF_EMPTY, token[vm]);
    }

    /**
     * An executor came to or left the slot at {@code now}: in a pool that consolidates under-used nodes
     * this restarts the node's {@code consolidateAfter} (Karpenter counts from the last pod event) and
     * makes sure the disruption loop runs.
     */
    void podEvent(int vm, double now) {
        if (!underused[vm]) {
            return;
        }
        // Karpenter counts from the pod's PodScheduled transition: a pod nominated to a launching node is
        // bound when the node is ready, so its timer starts then, not at the decision.
        lastPodEvent[vm] = alive[vm] ? Math.max(now, readyAt[vm]) : now;
        if (!pollQueued) {
            schedulePoll(Math.floor(now / UnderutilizedConsolidation.POLL_SECONDS) * UnderutilizedConsolidation.POLL_SECONDS
                    + UnderutilizedConsolidation.POLL_SECONDS);
        }
    }

    /** True when the slot's pool consolidates under-used nodes ({@code WhenEmptyOrUnderutilized}). */
    boolean underused(int vm) {
        return underused[vm];
    }

    /** When an executor last came to or left the slot (pools that consolidate under-used nodes). */
    double lastPodEvent(int vm) {
        return lastPodEvent[vm];
    }

    /** The disruption loop runs at {@code at}. */
    void schedulePoll(double at) {
        pollQueued = true;
        pollAt = at;
        push(at, 0, NodeEvents.UNDERUSED_POLL, 0);
    }

    /** The disruption loop's queued run has come (it queues the next one itself while it has work). */
    void pollRan() {
        pollQueued = false;
    }

    /** The disruption loop chose slot {@code vm}: it is validated again, and removed, at {@code at}. */
    void scheduleRemoval(double at, int vm) {
        push(at, vm, NodeEvents.UNDERUSED_REMOVE, 0);
    }

    /** The node is gone (consolidated or interrupted); true when this gave back capacity its pool's limit held back. */
    boolean terminate(int vm) {
        int pool = pools.poolIndex(vm);
        boolean wasBlocked = blocked(pool);
        alive[vm] = false;
        live.remove(vm);
        cordoned[vm] = false;
        terminateAt[vm] = Double.NaN;
        token[vm]++;
        capacity.gone(vm);
        return wasBlocked;
    }

    /**
     * A pool-wide notice (from an availability trace): every live node of pool {@code pool} is
     * cordoned now and interrupted after the notice.
     */
    void poolNotice(int pool, double now) {
        double at = now + pools.pools().get(pool).interruptions().noticeSeconds();
        for (int vm = 0; vm < n; vm++) {
            if (alive[vm] && pools.poolIndex(vm) == pool && !cordoned[vm]) {
                cordoned[vm] = true;
                push(at, vm, NodeEvents.INTERRUPT, launches[vm]);
            }
        }
    }

    void cordon(int vm) {
        cordoned[vm] = true;
    }

    void countInterruption() {
        interruptions++;
    }

    int nodeLaunches() {
        return nodeLaunches;
    }

    int interruptions() {
        return interruptions;
    }

    // ---- the events ------------------------------------------------------------------------------

    /** Time of the next event that still applies; +infinity when none. Drops stale ones on the way. */
    double nextEventTime() {
        while (!events.isEmpty() && stale()) {
            events.pop();
        }
        return events.isEmpty() ? Double.POSITIVE_INFINITY : events.peekTime();
    }

    private boolean stale() {
        int vm = events.peekSlot();
        return switch (events.peekKind()) {
            case NodeEvents.POOL_NOTICE, NodeEvents.POOL_CLOSE, NodeEvents.POOL_OPEN, NodeEvents.UNDERUSED_POLL,
                    NodeEvents.UNDERUSED_REMOVE -> false; // their handlers check
            case NodeEvents.TERMINATE_IF_EMPTY -> !alive[vm] || events.peekToken() != token[vm];
            default -> !alive[vm] || events.peekToken() != launches[vm];
        };
    }

    /** The slot of the next event (call after {@link #nextEventTime()}). */
    int peekSlot() {
        return events.peekSlot();
    }

    int peekKind() {
        return events.peekKind();
    }

    void pop() {
        events.pop();
    }

    private void push(double time, int vm, int kind, int tok) {
        events.push(time, vm, kind, tok);
    }
}
