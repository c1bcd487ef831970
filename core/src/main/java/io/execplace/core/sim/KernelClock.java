package io.execplace.core.sim;

import io.execplace.core.metrics.CapacityStats;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ConsolidationPolicy;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.policy.RunningJob;
import io.execplace.core.rules.SimulationConfig;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The {@link EventKernel}'s clock: it moves a run from one event time to the next — node events of an
 * elastic cluster first (consolidations, spot notices, interruptions, whose stopped jobs wait again),
 * then the completions at that instant, then the arrivals (dropped when they could never be placed)
 * and the executor requests of dynamic allocation — and it runs what is left to the end. The kernel
 * keeps the decision side: which waiting job is offered and how the driver's answer is applied.
 */
final class KernelClock {

    private final ClusterState state;
    private final JobBook book;
    private final CompletionQueue running;
    private final WaitingQueue waiting;
    private final Allocations allocations;
    private final JobStarts starts;
    /** Spot interruptions: the node events and the jobs they stop (null for a fixed cluster). */
    final Preemptions preemptions;
    /** Placeholder pods (Kubernetes' overprovisioning pattern); null for a fixed cluster. */
    private final Placeholders placeholders;
    private final SimulationConfig config;
    private final Cluster cluster;

    /** The run's jobs (and executor requests after the first {@link #n}); stopped jobs carry what is left. */
    Job[] jobs = new Job[0];
    int n;
    int nextArrival;
    /** The job placed executor by executor ({@code -1}: none) and how many of its executors are placed. */
    int pendingJob = -1;
    int pending;
    /** The deciding policy, asked on arrival whether it could ever place a job; null for none. */
    PlacementPolicy arrivalCheck;

    KernelClock(ClusterState state, JobBook book, CompletionQueue running, WaitingQueue waiting,
                Allocations allocations, JobStarts starts, SimulationConfig config, Cluster cluster) {
        this.state = state;
        this.book = book;
        this.running = running;
        this.waiting = waiting;
        this.allocations = allocations;
        this.starts = starts;
        this.config = config;
        this.cluster = cluster;
        this.preemptions = cluster.isElastic() ? new Preemptions(state, starts.drivers()) : null;
        this.placeholders = state.placeholders();
        if (preemptions != null && cluster.pools().pools().stream()
                .anyMatch(p -> p.consolidationPolicy() == ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED)) {
            preemptions.consolidateUnderused(new UnderutilizedConsolidation(state, book, running, this));
        }
    }

    /** The applications' driver pods (off unless the pools model them). */
    DriverPods drivers() {
        return starts.drivers();
    }

    /** True for an elastic cluster (node events run with the jobs'). */
    boolean elastic() {
        return preemptions != null;
    }

    /** When the deciding policy wants to decide again ({@link PlacementPolicy#askAgainAt}); +∞ for none or a time past. */
    private double askAgainAt() {
        double at = arrivalCheck == null ? Double.POSITIVE_INFINITY : arrivalCheck.askAgainAt();
        return at > state.now() ? at : Double.POSITIVE_INFINITY;
    }

    /** Starts a run over {@code jobs}, the first {@code n} the workload's, at time 0. */
    void reset(Job[] jobs, int n) {
        this.jobs = jobs;
        this.n = n;
        starts.drivers().reset(jobs, n);
        if (preemptions != null) {
            preemptions.reset();
        }
        running.clear();
        nextArrival = 0;
        pending = 0;
        pendingJob = -1;
    }

    /**
     * Processes the next event time (node events, completions, then arrivals and executor requests);
     * false when there is none. After true the kernel offers from the head of the queue again.
     */
    boolean advance() {
        double tArrival;
        double tCompletion;
        double t;
        if (placeholders != null) {
            // Placeholders the decisions of this instant pre-empted go back after them: real pods come first.
            placeholders.settle();
            if (nextArrival >= n && running.isEmpty() && allocations.nextArrival() == Double.POSITIVE_INFINITY) {
                placeholders.clear(); // the workload is over: the placeholder Deployment goes with it
            }
        }
        while (true) {
            tArrival = nextArrival < n ? jobs[nextArrival].arrival() : Double.POSITIVE_INFINITY;
            tCompletion = running.isEmpty() ? Double.POSITIVE_INFINITY : running.peekFinish();
            t = Math.min(Math.min(tArrival, tCompletion), Math.min(allocations.nextArrival(), askAgainAt()));
            // Node events (consolidation, spot notices and interruptions) up to the next arrival or
            // completion come first; only an interruption that stops jobs makes a decision point.
            if (preemptions == null) {
                break;
            }
            int found = preemptions.runUntilInterruption(t, false);
            if (found == Preemptions.NOTHING) {
                break;
            }
            boolean changed = found == Preemptions.CAPACITY_FREED || stopJobsOn(found);
            // Every node taken back at this instant goes before anyone decides.
            while ((found = preemptions.runUntilInterruption(state.now(), true)) != Preemptions.NOTHING) {
                changed |= found == Preemptions.CAPACITY_FREED || stopJobsOn(found);
            }
            if (changed && waiting.size() > 0) {
                return true;
            }
        }
        if (t == Double.POSITIVE_INFINITY) {
            return false;
        }
        state.advanceTo(t);
        while (!running.isEmpty() && running.peekFinish() <= t) {
            int j = running.poll();
            starts.completes(j, jobs[j]);
            dropUnserved(j);
        }
        while (nextArrival < n && jobs[nextArrival].arrival() <= t) {
            admit(nextArrival++);
        }
        allocations.arriveUntil(t, waiting);
        if (config.queue().reordersOverTime()) {
            // A new decision time: orders that move with the clock (HJS weights) are re-ranked. A job
            // with executors already placed stays offered, since those executors hold resources.
            waiting.sort(config.queue().orderAt(t, cluster));
            if (pendingJob >= 0) {
                waiting.moveToFront(pendingJob);
            }
        }
        return true;
    }

    /**
     * Spot nodes are taken back now (slot {@code first} and any other at this instant), or consolidation
     * removes under-used node {@code first}: the jobs with executors there stop and wait again ({@link
     * Preemptions#stopJobs}), an executor-at-a-time job there loses the executors placed so far and is
     * offered again, then the nodes go.
     *
     * @return true when a job was stopped
     */
    private boolean stopJobsOn(int first) {
        boolean[] taken = preemptions.takenNow(first);
        boolean stopped = preemptions.stopJobs(taken, jobs, book, running, waiting);
        // A stopped application's added executors go with it; it asks for them again when it restarts.
        if (pendingJob >= 0 && Preemptions.hasExecutorOn(book, pendingJob, pending, taken)) {
            dropPending();
            stopped = true;
        }
        for (int r : allocations.orphans(j -> !Double.isNaN(book.finish[j]))) {
            if (!Double.isNaN(book.finish[r])) {
                starts.takeBack(r, jobs[r]);
                continue;
            }
            if (r == pendingJob) {
                dropPending();
            }
            waiting.removeJob(r);
            allocations.ended(r, false);
        }
        preemptions.terminate(taken);
        placeholders.settle(); // the placeholders of the nodes gone went pending: placed now
        return stopped;
    }

    /**
     * The requests application {@code j}'s end left unserved are no longer wanted ({@link
     * JobStarts#completes} ended them): off the queue, or one placed later would run without its
     * application, and be started again when the application restarts.
     */
    private void dropUnserved(int j) {
        if (!allocations.any() || allocations.isRequest(j)) {
            return;
        }
        for (int r = allocations.requestsFrom(j); r < allocations.requestsTo(j); r++) {
            if (!allocations.live(r) && Double.isNaN(book.finish[r])) {
                if (r == pendingJob) {
                    dropPending();
                }
                waiting.removeJob(r);
            }
        }
    }

    /** The executors placed so far of the job placed executor by executor go again. */
    void dropPending() {
        starts.free(pendingJob, jobs[pendingJob], pending);
        pending = 0;
        pendingJob = -1;
    }

    private void admit(int j) {
        if (!book.fitsEmpty[j]) {
            Job job = jobs[j];
            book.dropReason[j] = "does not fit the cluster even when it is empty ("
                    + job.executors() + " x " + job.coresPerExecutor() + " cores / " + job.memoryGbPerExecutor() + " GB)";
            return;
        }
        if (arrivalCheck != null) {
            String never = arrivalCheck.neverPlaces(jobs[j], cluster);
            if (never != null) {
                book.dropReason[j] = never;
                return;
            }
        }
        waiting.add(j);
    }

    /** Runs every job still running to completion; on an elastic cluster node events run in time order with them. */
    void drain() {
        if (preemptions == null) {
            while (!running.isEmpty()) {
                state.advanceTo(running.peekFinish());
                int j = running.poll();
                starts.completes(j, jobs[j]);
            }
            return;
        }
        while (!running.isEmpty()) {
            advance();
        }
        preemptions.consolidateAll();
    }

    /** At the end of a run: every node left goes at its consolidation time. */
    void consolidateAll() {
        if (preemptions != null) {
            preemptions.consolidateAll();
        }
    }

    /**
     * What the capacity has done so far in this run: nodes and interruptions on an elastic cluster,
     * executors added by dynamic allocation ({@link CapacityStats#NONE} for a fixed cluster without).
     */
    CapacityStats capacity() {
        CapacityStats counts = resultCapacity();
        if (preemptions == null) {
            return counts;
        }
        double nodeSeconds = 0;
        for (int vm = 0; vm < state.vmCount(); vm++) {
            nodeSeconds += state.busySeconds(vm);
        }
        return counts.withNodeHours(nodeSeconds / 3600);
    }

    /** The capacity counts for a finished run's result (node-hours come from the node lifetimes there). */
    CapacityStats resultCapacity() {
        return preemptions == null && !allocations.any() ? CapacityStats.NONE
                : allocations.addTo(preemptions == null ? CapacityStats.builder() : preemptions.stats()).build();
    }

    /**
     * The jobs running now in job order, and the offered job while its executors are being placed
     * one by one (with its base layout's finish from now, see {@link RunningJob}).
     */
    List<RunningJob> runningJobs(int placed) {
        // A job that waits for room is offered again at every event: while nothing started, ended or
        // moved the list is the same (and policies may skip what they built from it, recognising it by
        // identity) — unless protections are running, whose time left moves with the clock.
        if (placed == 0 && runningList != null && runningListChanges == running.changes()
                && (!book.anyProtection || runningListAt == state.now())) {
            return runningList;
        }
        List<RunningJob> jobsNow = running(placed, true);
        if (placed == 0) {
            runningList = jobsNow;
            runningListChanges = running.changes();
            runningListAt = state.now();
        }
        return jobsNow;
    }

    /**
     * {@link #runningJobs} with each placement as placed (protections as given, not their time left):
     * the same list while nothing started, ended or moved, even as the clock advances with protections
     * running, for readers of the layout and the ends only.
     */
    List<RunningJob> runningLayout(int placed) {
        if (!book.anyProtection) {
            return runningJobs(placed);
        }
        if (placed == 0 && layoutList != null && layoutListChanges == running.changes()) {
            return layoutList;
        }
        List<RunningJob> jobsNow = running(placed, false);
        if (placed == 0) {
            layoutList = jobsNow;
            layoutListChanges = running.changes();
        }
        return jobsNow;
    }

    private List<RunningJob> running(int placed, boolean timeLeft) {
        List<RunningJob> list = new ArrayList<>(running.size() + 1);
        for (int i = 0; i < running.size(); i++) {
            int j = running.jobInOrder(i);
            Placement p = book.placementOf(j);
            list.add(new RunningJob(jobs[j], timeLeft ? book.protectionLeft(j, p, state) : p, book.finish[j]));
        }
        if (placed > 0) {
            Job job = jobs[pendingJob];
            list.add(new RunningJob(job, book.placementSoFar(pendingJob, placed),
                    state.now() + config.durationModel().duration(job, true, starts.allLocal(pendingJob, placed))));
        }
        return Collections.unmodifiableList(list);
    }

    /** {@link #runningJobs}'s last list without an offered job's executors, and the queue's state and the time it is of. */
    private List<RunningJob> runningList;
    private long runningListChanges;
    private double runningListAt;
    /** {@link #runningLayout}'s last list without an offered job's executors, and the queue's state it is of. */
    private List<RunningJob> layoutList;
    private long layoutListChanges;

    /** {@link #placeExecutor}: more executors of the job are to come. */
    static final int EXECUTOR_PLACED = 0;
    /** {@link #placeExecutor}: that was the last executor; the job (or executor request) started. */
    static final int JOB_STARTED = 1;
    /** {@link #placeExecutor}: that was the last executor, but no node can take the application's driver now. */
    static final int DRIVER_WITHOUT_NODE = 2;

    /**
     * Places one executor of job {@code j} (the offered one) on {@code vm}, holding its resources at
     * once; when it is the job's last, the job (or executor request) starts with the duration its whole
     * layout earns. On pools with driver pods the application's driver is placed then, by the kernel's
     * rule ({@link DriverPods#nodeFor}); when no node can take it, the executors placed are freed and
     * the application stays pending, as a whole placement without a driver node leaves it.
     *
     * @return {@link #EXECUTOR_PLACED}, {@link #JOB_STARTED} or {@link #DRIVER_WITHOUT_NODE}
     */
    int placeExecutor(int j, int vm) {
        Job job = jobs[j];
        if (pendingJob != j) {
            pendingJob = j;
            pending = 0;
        }
        // The finish time is known only once the last executor is placed; then the horizon is extended.
        state.addExecutor(vm, job, state.now());
        book.executorVm[book.offset[j] + pending] = vm;
        if (book.anyProtection) {
            book.protectedUntil[book.offset[j] + pending] = Double.NEGATIVE_INFINITY;
        }
        pending++;
        if (pending < job.executors()) {
            return EXECUTOR_PLACED;
        }
        if (allocations.isRequest(j)) {
            pending = 0;
            pendingJob = -1;
            starts.startPlacedRequest(j, job);
            return JOB_STARTED;
        }
        int driver = -1;
        if (starts.drivers().on() && (driver = starts.drivers().nodeFor(job)) < 0) {
            dropPending();
            return DRIVER_WITHOUT_NODE;
        }
        pending = 0;
        pendingJob = -1;
        starts.startPlaced(j, job, driver);
        return JOB_STARTED;
    }

    /** True when nothing would free room on its own: idle, and no pool holds capacity back. */
    boolean idleForGood() {
        return state.idle() && (preemptions == null || !state.nodes().capacityHeldBack());
    }
}
