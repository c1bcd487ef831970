package io.execplace.core.sim;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.PlaceholderRoom;
import io.execplace.core.model.Job;

import java.util.Arrays;

/**
 * Consolidation of under-used nodes ({@code consolidationPolicy: WhenEmptyOrUnderutilized}) as
 * Karpenter's single-node consolidation does it, for the {@link EventKernel}: a loop runs every
 * {@value #POLL_SECONDS} s; a node is a candidate once it is ready, runs executors, and none has come or
 * gone for its pool's {@code consolidateAfter}; candidates are tried fewest executors first, and the
 * first whose executors all fit (first-fit decreasing) on the cluster's other live nodes of its capacity
 * type, and that hosts no executor of a job evicted before, is chosen ({@link #fitsElsewhere}). The
 * choice is checked again {@value #VALIDATION_SECONDS} s later — still a candidate, still fits — and
 * only then is the node removed and its executors evicted ({@link Preemptions} stops their jobs as an
 * interruption without notice would). One node at a time: while a choice waits for its check, the loop
 * chooses nothing. A node with an executor whose pod is protected ({@code karpenter.sh/do-not-disrupt},
 * {@link io.execplace.core.model.Placement#withProtection}) is no candidate while the protection lasts.
 *
 * <p>Sources (kubernetes-sigs/karpenter, v1): the disruption controller's 10 s polling period; the
 * {@code Consolidatable} condition, set {@code consolidateAfter} after the node's last pod event; single
 * node consolidation sorting candidates by disruption cost (for pods of equal priority: fewer pods
 * first) and waiting {@code consolidationTTL} (15 s) before re-validating a command. Not modelled:
 * multi-node consolidation, replacing a node by a cheaper one, and disruption budgets — a removal here
 * is instantaneous and one at a time, so the default budget ({@code nodes: 10%}, rounded up, at least
 * one node) never binds.
 */
final class UnderutilizedConsolidation {

    /** Karpenter's disruption controller runs every 10 s. */
    static final double POLL_SECONDS = 10;
    /** Karpenter re-validates a consolidation command after {@code consolidationTTL}, 15 s. */
    static final double VALIDATION_SECONDS = 15;

    private final ClusterState state;
    private final NodeLifecycle nodes;
    private final Placeholders placeholders;
    private final JobBook book;
    private final CompletionQueue running;
    private final KernelClock clock;
    private final int n;
    /** The node whose removal waits for its check, or -1; and when the check comes. */
    private int chosen = -1;
    private double chosenAt;
    /** Per slot, its pool's capacity type: executors move only within it (below). */
    private final int[] capacityType;
    /** Per job (and executor request) of the run: consolidation has evicted it once (below). */
    private boolean[] evicted = new boolean[0];

    // Scratch, reused: candidates in try order, the live nodes, the executors of the candidates by node.
    private final long[] candidateKeys;
    private final boolean[] candidate;
    private final int[] live;
    private final int[] liveFreeCores;
    private final double[] liveFreeMemory;
    private final int[] trialCores;
    private final double[] trialMemory;
    /** Per candidate node, its executors in {@link #itemJob}: {@code [itemStart[vm], itemEnd[vm])}. */
    private final int[] itemStart;
    private final int[] itemEnd;
    /** The slots marked {@link #candidate}, in slot order (only those are cleared: a pool has many slots). */
    private final int[] marked;
    private int markedCount;
    /** The bought slots in slot order ({@link NodeLifecycle#aliveSlots}), read at each run of the loop. */
    private final int[] aliveSlots;
    private int[] itemJob = new int[64];
    /** Per node, until when one of its executors is protected (read only while some placement protected one). */
    private final double[] protectedUntil;

    UnderutilizedConsolidation(ClusterState state, JobBook book, CompletionQueue running, KernelClock clock) {
        this.state = state;
        this.nodes = state.nodes();
        this.placeholders = state.placeholders();
        this.book = book;
        this.running = running;
        this.clock = clock;
        this.n = state.vmCount();
        candidateKeys = new long[n];
        candidate = new boolean[n];
        live = new int[n];
        aliveSlots = new int[n];
        liveFreeCores = new int[n];
        liveFreeMemory = new double[n];
        trialCores = new int[n];
        trialMemory = new double[n];
        itemStart = new int[n];
        itemEnd = new int[n];
        marked = new int[n];
        protectedUntil = new double[n];
        capacityType = new int[n];
        for (int vm = 0; vm < n; vm++) {
            capacityType[vm] = nodes.pools().pool(vm).capacityType().ordinal();
        }
    }

    void reset() {
        chosen = -1;
        if (evicted.length < clock.jobs.length) {
            evicted = new boolean[clock.jobs.length];
        } else {
            Arrays.fill(evicted, false);
        }
    }

    /**
     * A resumed run ({@link ResumedRun}, after {@link #reset}) takes over {@code source}'s node waiting for
     * its check and which jobs it evicted once, {@code map} taking the source's job indices to this run's
     * (-1: not in it); unless {@code eventsCopied}, the pending check is queued again.
     */
    void resumeFrom(UnderutilizedConsolidation source, int[] map, boolean eventsCopied) {
        chosen = source.chosen;
        chosenAt = source.chosenAt;
        if (chosen >= 0 && !eventsCopied) {
            nodes.scheduleRemoval(chosenAt, chosen);
        }
        for (int j = 0; j < source.evicted.length && j < map.length; j++) {
            if (source.evicted[j] && map[j] >= 0) {
                evicted[map[j]] = true;
            }
        }
    }

    /** The loop runs at {@code now}: it queues its next run while it has work and may choose a node. */
    void poll(double now) {
        nodes.pollRan();
        collectProtection();
        int candidates = 0;
        boolean busy = false;
        // The bought nodes only, in slot order (a 1,000-node pool has 1,750 slots; the loop runs every 10 s).
        int alive = nodes.aliveSlots(aliveSlots);
        for (int k = 0; k < alive; k++) {
            int vm = aliveSlots[k];
            if (nodes.underused(vm) && holdsPods(vm)) {
                busy = true;
                if (isCandidate(vm, now)) {
                    candidates++;
                }
            }
        }
        // Nothing running means no executor will leave on its own: the next pod event restarts the loop.
        if (!busy || running.isEmpty()) {
            return;
        }
        nodes.schedulePoll(now + POLL_SECONDS);
        if (chosen >= 0 || candidates == 0) {
            return;
        }
        int count = 0;
        clearMarks();
        for (int k = 0; k < alive; k++) {
            int vm = aliveSlots[k];
            if (nodes.underused(vm) && holdsPods(vm) && isCandidate(vm, now)) {
                mark(vm);
                candidateKeys[count++] = (long) (state.executorsOn(vm) + placeholders.on(vm)) * n + vm;
            }
        }
        Arrays.sort(candidateKeys, 0, count);
        collectLive();
        collectExecutors();
        for (int i = 0; i < count; i++) {
            int vm = (int) (candidateKeys[i] % n);
            if (fitsElsewhere(vm)) {
                chosen = vm;
                chosenAt = now + VALIDATION_SECONDS;
                nodes.scheduleRemoval(chosenAt, vm);
                return;
            }
        }
    }

    /**
     * The chosen node's check has come: true when it is still a candidate and its executors still fit
     * elsewhere — then the caller evicts them and removes it.
     */
    boolean confirm(int vm, double now) {
        chosen = -1;
        collectProtection();
        if (!(nodes.alive(vm) && holdsPods(vm) && isCandidate(vm, now))) {
            return false;
        }
        clearMarks();
        mark(vm);
        collectLive();
        collectExecutors();
        if (!fitsElsewhere(vm)) {
            return false;
        }
        for (int i = itemStart[vm]; i < itemEnd[vm]; i++) {
            evicted[itemJob[i]] = true;
        }
        return true;
    }

    /**
     * A live node with executors is a candidate when ready, not under notice, and unchanged for
     * consolidateAfter; never while it runs a driver pod (teams annotate Spark drivers with Karpenter's
     * {@code karpenter.sh/do-not-disrupt}, which blocks a node's voluntary disruption), nor while one of
     * its executors' pods is protected by the same annotation (a duration is active while the pod's age
     * is under it: Karpenter's {@code IsDoNotDisruptActive}).
     */
    private boolean isCandidate(int vm, double now) {
        return !nodes.cordoned(vm) && !clock.drivers().hostsDriver(vm) && nodes.readyAt(vm, now) <= now
                && nodes.lastPodEvent(vm) + nodes.pools().pool(vm).consolidateAfterSeconds() <= now
                && !(book.anyProtection && protectedUntil[vm] > now);
    }

    /** Per node, the latest protection of the executors running there (nothing to do while no placement protected one). */
    private void collectProtection() {
        if (!book.anyProtection) {
            return;
        }
        // Read for live nodes only (a candidate is live): reset theirs, not every slot's.
        int alive = nodes.aliveSlots(aliveSlots);
        for (int k = 0; k < alive; k++) {
            protectedUntil[aliveSlots[k]] = Double.NEGATIVE_INFINITY;
        }
        for (int i = 0; i < running.size(); i++) {
            int j = running.jobAt(i);
            int from = book.offset[j];
            for (int e = 0; e < clock.jobs[j].executors(); e++) {
                int vm = book.executorVm[from + e];
                protectedUntil[vm] = Math.max(protectedUntil[vm], book.protectedUntil[from + e]);
            }
        }
    }

    private int liveCount;

    /** The live nodes not under notice (launching ones too: Karpenter counts in-flight nodes), with their free room. */
    private void collectLive() {
        liveCount = 0;
        int alive = nodes.aliveSlots(aliveSlots);
        for (int k = 0; k < alive; k++) {
            int vm = aliveSlots[k];
            if (!nodes.cordoned(vm)) {
                live[liveCount] = vm;
                // Karpenter's simulation does not pre-empt: room a placeholder holds is taken.
                liveFreeCores[liveCount] = state.freeCores(vm) - placeholders.cores(vm);
                liveFreeMemory[liveCount] = state.freeMemoryGb(vm) - placeholders.memoryGb(vm);
                liveCount++;
            }
        }
    }

    private void mark(int vm) {
        candidate[vm] = true;
        marked[markedCount++] = vm;
    }

    private void clearMarks() {
        for (int k = 0; k < markedCount; k++) {
            candidate[marked[k]] = false;
        }
        markedCount = 0;
    }

    /** The executors on the candidate nodes, as job indices grouped by node ({@link #itemStart}). */
    private void collectExecutors() {
        for (int k = 0; k < markedCount; k++) {
            itemEnd[marked[k]] = 0;
        }
        forEachExecutor(false);
        int at = 0;
        for (int k = 0; k < markedCount; k++) {
            int vm = marked[k];
            itemStart[vm] = at;
            at += itemEnd[vm];
            itemEnd[vm] = itemStart[vm];
        }
        if (itemJob.length < at) {
            itemJob = new int[Math.max(at, 2 * itemJob.length)];
        }
        forEachExecutor(true);
    }

    /** Counts ({@code fill} false) or places ({@code fill} true) the executors of what holds nodes now. */
    private void forEachExecutor(boolean fill) {
        for (int i = 0; i < running.size(); i++) {
            int j = running.jobAt(i);
            visit(j, clock.jobs[j].executors(), fill);
        }
        if (clock.pendingJob >= 0) {
            visit(clock.pendingJob, clock.pending, fill);
        }
    }

    private void visit(int j, int executors, boolean fill) {
        int from = book.offset[j];
        for (int e = 0; e < executors; e++) {
            int vm = book.executorVm[from + e];
            if (!candidate[vm]) {
                continue;
            }
            if (fill) {
                itemJob[itemEnd[vm]] = j;
            }
            itemEnd[vm]++;
        }
    }

    /**
     * First-fit decreasing of node {@code vm}'s executors over the other live nodes' free room of the
     * same capacity type: the policies that choose a capacity type for a job pin it there, as a node
     * selector on {@code karpenter.sh/capacity-type} would, and Karpenter's simulation honours it.
     * A node that hosts an executor of a job consolidation already evicted once is kept: in the
     * whole-job model an executor's finished work is lost with its map output, so a policy that buys a
     * node where consolidation would not put the job (the papers' heuristics price a slot not bought as
     * an idle VM) and consolidation could otherwise evict the same job forever.
     */
    private boolean fitsElsewhere(int vm) {
        int from = itemStart[vm];
        int to = itemEnd[vm];
        if (to - from != state.executorsOn(vm)) {
            throw new IllegalStateException("node " + vm + " hosts " + state.executorsOn(vm) + " executors, "
                    + (to - from) + " found in what runs");
        }
        for (int i = from; i < to; i++) {
            if (evicted[itemJob[i]]) {
                return false;
            }
        }
        sortLargestFirst(from, to);
        System.arraycopy(liveFreeCores, 0, trialCores, 0, liveCount);
        System.arraycopy(liveFreeMemory, 0, trialMemory, 0, liveCount);
        for (int i = from; i < to; i++) {
            Job job = clock.jobs[itemJob[i]];
            int k = 0;
            while (k < liveCount && (live[k] == vm || capacityType[live[k]] != capacityType[vm]
                    || trialCores[k] < job.coresPerExecutor()
                    || trialMemory[k] + Capacity.EPSILON < job.memoryGbPerExecutor())) {
                k++;
            }
            if (k == liveCount) {
                return false;
            }
            trialCores[k] -= job.coresPerExecutor();
            trialMemory[k] -= job.memoryGbPerExecutor();
        }
        return placeholdersFitElsewhere(vm);
    }

    /** The node's placeholders, too, must fit on the other live nodes' room left after its executors (first fit). */
    private boolean placeholdersFitElsewhere(int vm) {
        for (int p = 0; p < placeholders.on(vm); p++) {
            PlaceholderRoom room = placeholders.room();
            int k = 0;
            while (k < liveCount && (live[k] == vm || !placeholders.allowedOn(live[k])
                    || trialCores[k] < room.coresPerPod() || trialMemory[k] + Capacity.EPSILON < room.memoryGbPerPod())) {
                k++;
            }
            if (k == liveCount) {
                return false;
            }
            trialCores[k] -= room.coresPerPod();
            trialMemory[k] -= room.memoryGbPerPod();
        }
        return true;
    }

    /** True when the node holds executors (or drivers) or placeholder pods. */
    private boolean holdsPods(int vm) {
        return state.executorsOn(vm) > 0 || placeholders.holds(vm);
    }

    /** Insertion sort of a node's executors, most cores first, then most memory, then job order (few items). */
    private void sortLargestFirst(int from, int to) {
        for (int i = from + 1; i < to; i++) {
            int j = itemJob[i];
            int k = i - 1;
            while (k >= from && larger(j, itemJob[k])) {
                itemJob[k + 1] = itemJob[k];
                k--;
            }
            itemJob[k + 1] = j;
        }
    }

    private boolean larger(int a, int b) {
        Job x = clock.jobs[a];
        Job y = clock.jobs[b];
        if (x.coresPerExecutor() != y.coresPerExecutor()) {
            return x.coresPerExecutor() > y.coresPerExecutor();
        }
        if (x.memoryGbPerExecutor() != y.memoryGbPerExecutor()) {
            return x.memoryGbPerExecutor() > y.memoryGbPerExecutor();
        }
        return a < b;
    }
}
