package io.execplace.core.sim;

import io.execplace.core.metrics.CapacityStats;
import io.execplace.core.model.Job;

import java.util.Arrays;

/**
 * Runs an elastic cluster's node events for the {@link EventKernel} — consolidation of empty nodes,
 * spot notices, interruptions, and under-used consolidation's ({@link UnderutilizedConsolidation}) —
 * and stops the jobs an interruption or an eviction hits, counting what each lost.
 *
 * <p>What an interruption does to a Spark job (docs/elastic.md): the tasks running on the lost
 * executors fail and re-run, and without graceful decommissioning the map output those executors
 * wrote is lost and recomputed (Spark's FetchFailed path). In the kernel's whole-job model the job
 * stops, frees all its executors and waits again with the work that is left: the unfinished share of
 * its base duration, plus, without decommissioning, the lost executors' share of the finished part.
 */
final class Preemptions {

    private final ClusterState state;
    private final NodeLifecycle nodes;
    /** The applications' drivers: one on a taken node fails its application, which restarts from scratch. */
    private final DriverPods drivers;
    private int executorsLost;
    private double executorSecondsLost;
    private int jobsStopped;
    private int nodesRemovedEmpty;
    private int nodesRemovedUnderused;
    private int executorsEvicted;
    private double executorSecondsEvicted;
    private int jobsEvicted;
    /** Under-used consolidation, or null when no pool has it. */
    private UnderutilizedConsolidation underused;
    /** True while the slot {@link #runUntilInterruption} returned is one consolidation removes, not an interruption. */
    private boolean evicting;

    Preemptions(ClusterState state, DriverPods drivers) {
        this.state = state;
        this.nodes = state.nodes();
        this.drivers = drivers;
    }

    /** Under-used consolidation, or null when no pool has it. */
    UnderutilizedConsolidation underused() {
        return underused;
    }

    /** Runs under-used consolidation's events with the others. */
    void consolidateUnderused(UnderutilizedConsolidation consolidation) {
        this.underused = consolidation;
    }

    void reset() {
        executorsLost = 0;
        executorSecondsLost = 0;
        jobsStopped = 0;
        nodesRemovedEmpty = 0;
        nodesRemovedUnderused = 0;
        executorsEvicted = 0;
        executorSecondsEvicted = 0;
        jobsEvicted = 0;
        evicting = false;
        if (underused != null) {
            underused.reset();
        }
    }

    /** What {@link #runUntilInterruption} found. */
    static final int NOTHING = -1;
    /** A consolidation gave back capacity a pool's limit held back: waiting jobs may fit now. */
    static final int CAPACITY_FREED = -2;

    /**
     * Runs the node events due by {@code t} — an interruption, or under-used consolidation's loop, at
     * exactly {@code t} only when {@code interruptsAtT}, so that the completions and arrivals of that
     * instant come first — up to the first interruption, the first under-used node removed (then
     * {@link #evicting()}), or the first consolidation that frees capacity a pool's limit held back.
     *
     * @return the interrupted or consolidated slot, its node still alive for the caller to stop its
     *         jobs; {@link #CAPACITY_FREED}; or {@link #NOTHING} when neither is due
     */
    int runUntilInterruption(double t, boolean interruptsAtT) {
        while (true) {
            double at = nodes.nextEventTime();
            if (at == Double.POSITIVE_INFINITY || at > t
                    || (at == t && !interruptsAtT && nodes.peekKind() >= NodeEvents.INTERRUPT
                    && nodes.peekKind() != NodeEvents.POOL_NOTICE && nodes.peekKind() != NodeEvents.POOL_CLOSE)) {
                return NOTHING;
            }
            int vm = nodes.peekSlot();
            int kind = nodes.peekKind();
            nodes.pop();
            state.advanceTo(at);
            switch (kind) {
                case NodeEvents.TERMINATE_IF_EMPTY -> {
                    nodesRemovedEmpty++;
                    if (state.terminate(vm)) {
                        return CAPACITY_FREED;
                    }
                }
                case NodeEvents.UNDERUSED_POLL -> underused.poll(at);
                case NodeEvents.UNDERUSED_REMOVE -> {
                    if (underused.confirm(vm, at)) {
                        evicting = true;
                        return vm;
                    }
                }
                case NodeEvents.NOTICE -> nodes.cordon(vm);
                case NodeEvents.POOL_NOTICE -> nodes.poolNotice(vm, at);
                case NodeEvents.POOL_CLOSE -> nodes.closePool(vm, true);
                case NodeEvents.POOL_OPEN -> {
                    nodes.closePool(vm, false);
                    return CAPACITY_FREED;
                }
                default -> {
                    nodes.countInterruption();
                    return vm;
                }
            }
        }
    }

    /** True when the slot {@link #runUntilInterruption} returned is removed by under-used consolidation. */
    boolean evicting() {
        return evicting;
    }

    /**
     * The slots taken back now, by slot: the one {@link #runUntilInterruption} returned and, unless it
     * is consolidation's, every other interrupted at the same instant (they come first at an instant),
     * each counted.
     */
    boolean[] takenNow(int first) {
        boolean[] taken = new boolean[state.vmCount()];
        taken[first] = true;
        while (!evicting && nodes.nextEventTime() == state.now() && nodes.peekKind() == NodeEvents.INTERRUPT) {
            int vm = nodes.peekSlot();
            nodes.pop();
            nodes.countInterruption();
            taken[vm] = true;
        }
        return taken;
    }

    /**
     * Stops every running job with an executor on a taken slot, in job order, and queues it again.
     *
     * @return true when a job was stopped
     */
    boolean stopJobs(boolean[] taken, Job[] jobs, JobBook book, CompletionQueue running, WaitingQueue waiting) {
        int[] hit = new int[running.size()];
        int count = 0;
        for (int i = 0; i < running.size(); i++) {
            int j = running.jobAt(i);
            if (hasExecutorOn(book, j, jobs[j].executors(), taken) || drivers.on(j, taken)) {
                hit[count++] = j;
            }
        }
        Arrays.sort(hit, 0, count);
        for (int i = 0; i < count; i++) {
            stop(hit[i], taken, jobs, book, running);
            waiting.add(hit[i]);
        }
        return count > 0;
    }

    /** True when one of the first {@code executors} executors of job {@code j} is on a taken slot. */
    static boolean hasExecutorOn(JobBook book, int j, int executors, boolean[] taken) {
        int from = book.offset[j];
        for (int i = 0; i < executors; i++) {
            if (taken[book.executorVm[from + i]]) {
                return true;
            }
        }
        return false;
    }

    /** The taken nodes go now (their jobs were stopped first). */
    void terminate(boolean[] taken) {
        for (int vm = 0; vm < taken.length; vm++) {
            if (taken[vm]) {
                state.terminate(vm);
                nodesRemovedUnderused += evicting ? 1 : 0;
            }
        }
        evicting = false;
    }

    /**
     * Stops running job {@code j}, which has executors or its driver on slots marked in {@code taken}:
     * frees its executors and driver and leaves in {@code jobs[j]} the work that is left — all of it
     * when its driver was there (the application failed; every executor's work of this run is lost).
     * The caller queues it again.
     */
    void stop(int j, boolean[] taken, Job[] jobs, JobBook book, CompletionQueue running) {
        Job job = jobs[j];
        int from = book.offset[j];
        int e = job.executors();
        int lost = 0;
        for (int i = 0; i < e; i++) {
            lost += taken[book.executorVm[from + i]] ? 1 : 0;
        }
        double duration = book.finish[j] - book.start[j];
        double done = duration > 0 ? Math.min(1, Math.max(0, (state.now() - book.start[j]) / duration)) : 0;
        boolean failed = drivers.on(j, taken);
        double redo = failed ? done : nodes.pools().gracefulDecommission() ? 0 : done * lost / e;
        jobs[j] = failed ? drivers.restart(j, job) : job.withBaseDuration(job.baseDuration() * ((1 - done) + redo));
        drivers.free(j);
        if (evicting) {
            executorsEvicted += lost;
            executorSecondsEvicted += redo * e * duration;
            jobsEvicted++;
        } else {
            executorsLost += lost;
            executorSecondsLost += redo * e * duration;
            jobsStopped++;
        }
        for (int i = 0; i < e; i++) {
            state.removeExecutor(book.executorVm[from + i], job);
        }
        running.remove(j);
        book.placement[j] = null;
        book.start[j] = Double.NaN;
        book.finish[j] = Double.NaN;
    }

    /** At the end of a run: every node left is removed at its consolidation time (or interruption). */
    void consolidateAll() {
        state.placeholders().clear(); // the placeholder Deployment goes with the run
        while (true) {
            double at = nodes.nextEventTime();
            if (at == Double.POSITIVE_INFINITY) {
                return;
            }
            int vm = nodes.peekSlot();
            int kind = nodes.peekKind();
            nodes.pop();
            state.advanceTo(at);
            if (kind == NodeEvents.NOTICE) {
                nodes.cordon(vm);
            } else if (kind == NodeEvents.POOL_NOTICE) {
                nodes.poolNotice(vm, at);
            } else if (kind == NodeEvents.POOL_CLOSE || kind == NodeEvents.POOL_OPEN) {
                nodes.closePool(vm, kind == NodeEvents.POOL_CLOSE);
            } else if (kind == NodeEvents.INTERRUPT) {
                nodes.countInterruption();
                state.terminate(vm);
            } else if (kind == NodeEvents.TERMINATE_IF_EMPTY) {
                nodesRemovedEmpty++;
                state.terminate(vm);
            }
            // Under-used consolidation has nothing left to do: the run is over.
        }
    }

    CapacityStats.Builder stats() {
        return CapacityStats.builder()
                .nodeLaunches(nodes.nodeLaunches())
                .interruptions(nodes.interruptions())
                .executorsLost(executorsLost)
                .executorSecondsLost(executorSecondsLost)
                .jobsStopped(jobsStopped)
                .nodesRemovedEmpty(nodesRemovedEmpty)
                .nodesRemovedUnderused(nodesRemovedUnderused)
                .executorsEvicted(executorsEvicted)
                .jobsEvicted(jobsEvicted)
                .executorSecondsEvicted(executorSecondsEvicted)
                .applicationsRestarted(drivers.restarts());
    }
}
