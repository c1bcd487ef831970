package io.execplace.core.sim;

import io.execplace.core.metrics.CapacityStats;
import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ExecutorDemand;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.policy.RunningJob;
import io.execplace.core.rules.Deadlines;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The one event kernel of execplace: the clock, arrivals and completions, the waiting queue with its
 * order and admission, job start and finish, and the per-job and per-VM records. The simulator
 * ({@link Simulation}) and every RL environment are thin <em>drivers</em> of it.
 *
 * <h2>Driver contract</h2>
 * The kernel is pulled, never pushes: a driver calls {@link #nextDecision()}, which moves the clock
 * through arrivals and completions (completions first at one instant, then arrivals, as in the
 * papers' simulators) until some job waits, and stops there — a <em>decision point</em>. At a decision
 * point the driver sees the time ({@link #now()}), the cluster ({@link #view()}), every waiting job
 * in queue order ({@link #waitingCount()}, {@link #waitingJob(int)}) and the position the queue
 * discipline offers next ({@link #offered()}). It answers with one of:
 * <ul>
 *   <li>{@link #start(int, Placement)}: a whole placement for any waiting job (the simulator's
 *       policies and a live Kubernetes placement decide for the offered job; a multi-job dispatcher
 *       may pick another position);</li>
 *   <li>{@link #placeExecutor(int)}: one executor of the offered job at a time (RL environments);
 *       the job starts when its last executor is placed, the partial placement holds resources
 *       meanwhile;</li>
 *   <li>{@link #skip()}: the offered job is not placed now — it is dropped when the cluster is idle
 *       (it would wait forever), the next waiting job is offered with backfilling, and otherwise the
 *       queue waits for the next event (head-of-line blocking);</li>
 *   <li>{@link #waitForCompletion()}: move straight to the next completion (arrivals on the way join
 *       the queue silently);</li>
 * </ul>
 * then calls {@link #nextDecision()} again. When it returns false the run is over: nothing runs,
 * nothing will arrive, and what still waits has been dropped. {@link #result} then builds the
 * {@link RunResult}; {@link #drain()} runs what is still running to completion (an episode that ends
 * when its last job starts).
 *
 * <h2>Rules the kernel applies</h2>
 * A job that does not fit the empty cluster is dropped on arrival. With deadline admission a job is
 * dropped when it is offered and even its base duration would miss its deadline, and a placement
 * whose predicted completion misses the deadline is refused by dropping the job. Durations come from
 * the {@link DurationModel} of the {@link SimulationConfig}; busy intervals and cost from
 * {@link ClusterState}; completions are processed in {@link CompletionQueue} order (time, then job
 * index), so every driver sees the same physics to the bit.
 *
 * <p>Steps do not allocate: the state is kept in primitive arrays sized at {@link #reset}, which
 * reuses them when the next workload is not larger. Not thread-safe.
 */
public final class EventKernel {

    private final Cluster cluster;
    private final SimulationConfig config;
    private final DurationModel durationModel;
    private final boolean admission;
    private final ClusterState state;
    private final CompletionQueue running = new CompletionQueue();

    private Job[] jobs = new Job[0];
    /** The jobs as given; {@link #jobs} is a copy whose stopped jobs carry what is left of their work. */
    private Job[] givenJobs = jobs;
    private int n;
    /** Spot interruptions: the node events and the jobs they stop (null for a fixed cluster). */
    private final Preemptions preemptions;
    /** Dynamic allocation: the executors applications add over their floors, as request entries. */
    private final Allocations allocations = new Allocations();
    private String decider = "driver";
    /** The deciding policy, asked on arrival whether it could ever place a job; null for none. */
    private PlacementPolicy arrivalCheck;
    private final WaitingQueue waiting;
    private final JobBook book = new JobBook();
    private int nextArrival;
    private int cursor;
    /** Executors of the offered job placed one by one so far (executor-at-a-time decisions). */
    private int pending;
    private int pendingJob = -1;

    // Running aggregates over started jobs, in start order (for environments' episode summaries).
    private final StartTally tally = new StartTally();
    private final JobStarts starts;

    /**
     * @param cluster the cluster
     * @param config  queue order, admission, backfilling, duration model and billing of the run
     */
    public EventKernel(Cluster cluster, SimulationConfig config) {
        this.cluster = cluster;
        this.config = config;
        this.durationModel = config.durationModel();
        this.admission = config.deadlineAdmission();
        this.state = new ClusterState(cluster, durationModel);
        state.reportRunningJobsFrom(this::runningJobs);
        this.preemptions = cluster.isElastic() ? new Preemptions(state) : null;
        this.waiting = new WaitingQueue(jobs, config.queue());
        this.starts = new JobStarts(state, book, running, tally, allocations, cluster, durationModel);
    }

    /** Starts a run of the workload's jobs (in arrival order) on an empty cluster at time 0. */
    public void reset(Workload workload) {
        reset(workload.jobs().toArray(new Job[0]), workload.demands());
    }

    /**
     * Starts a run of {@code jobs} on an empty cluster at time 0.
     *
     * @param jobs the jobs sorted by arrival time; the kernel keeps the array (do not change it during the run)
     */
    public void reset(Job[] jobs) {
        reset(jobs, Map.of());
    }

    /**
     * Starts a run of {@code jobs}, the applications among them with an executor demand using dynamic
     * allocation ({@link Allocations}).
     *
     * @param jobs    the jobs sorted by arrival time; the kernel keeps the array (do not change it during the run)
     * @param demands executor demands by job id
     */
    public void reset(Job[] jobs, Map<Integer, ExecutorDemand> demands) {
        this.givenJobs = jobs;
        Job[] all = allocations.prepare(jobs, demands);
        allocations.reset();
        // Interruptions leave what is left of a stopped job in the array: a copy of the caller's.
        this.jobs = preemptions == null || allocations.any() ? all : all.clone();
        this.n = jobs.length;
        book.reset(this.jobs, n, cluster);
        waiting.reset(this.jobs);
        state.reset(config.capacitySeed());
        if (preemptions != null) {
            preemptions.reset();
        }
        running.clear();
        nextArrival = 0;
        cursor = 0;
        pending = 0;
        pendingJob = -1;
        tally.reset();
    }

    /** The name used in drop reasons for jobs the driver would not place on an idle cluster. */
    public void setDecider(String name) {
        this.decider = name;
        this.arrivalCheck = null;
    }

    /**
     * Names the deciding policy in drop reasons and drops, on arrival, the jobs it says it could
     * never place on this cluster ({@link PlacementPolicy#neverPlaces}; e.g. asq's jobs that neither
     * site holds alone).
     */
    public void setDecider(PlacementPolicy policy) {
        this.decider = policy.name();
        this.arrivalCheck = policy;
    }

    // ---- the clock ---------------------------------------------------------------------------

    /**
     * Moves to the next decision point: offers the next waiting job, processing events (and deadline
     * admission) as needed.
     *
     * @return true at a decision point; false when the run is over (the jobs still waiting are dropped)
     */
    public boolean nextDecision() {
        while (true) {
            while (cursor < waiting.size()) {
                int j = waiting.get(cursor);
                Job job = jobs[j];
                if (allocations.isRequest(j)) {
                    if (!allocations.live(j)) {
                        removeAt(cursor); // cancelled when its application reached its end
                        continue;
                    }
                    if (j != pendingJob && state.now() >= allocations.wantedUntil(j)) {
                        removeAt(cursor);
                        starts.cancel(j);
                        continue;
                    }
                    return true;
                }
                if (admission && j != pendingJob
                        && Deadlines.missed(job, state.now() + job.baseDuration())) {
                    dropAt(cursor, "deadline can no longer be met (admission)");
                    continue;
                }
                return true;
            }
            if (!advance()) {
                // Nothing runs and nothing arrives: whatever still waits can never start.
                for (int i = 0; i < waiting.size(); i++) {
                    book.dropReason[waiting.get(i)] = "could not be placed and nothing was left running";
                }
                waiting.clear();
                return false;
            }
        }
    }

    /** Processes the next event time (completions, then arrivals); false when there is none. */
    private boolean advance() {
        double tArrival;
        double tCompletion;
        double t;
        while (true) {
            tArrival = nextArrival < n ? jobs[nextArrival].arrival() : Double.POSITIVE_INFINITY;
            tCompletion = running.isEmpty() ? Double.POSITIVE_INFINITY : running.peekFinish();
            t = Math.min(Math.min(tArrival, tCompletion), allocations.nextArrival());
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
                cursor = 0;
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
        cursor = 0;
        return true;
    }

    /**
     * Spot nodes are taken back now (slot {@code first} and any other at this instant): the jobs with
     * executors there stop and wait again ({@link Preemptions#stopJobs}), an executor-at-a-time job
     * there loses the executors placed so far and is offered again, then the nodes go.
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
        return stopped;
    }

    /** The executors placed so far of the job placed executor by executor go again. */
    private void dropPending() {
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


    /** The clock, seconds. */
    public double now() {
        return state.now();
    }

    /** The cluster now, read-only (what placement policies see). */
    public ClusterView view() {
        return state;
    }

    /** The cluster state now (free resources, busy intervals, cost so far); drivers must not change it. */
    public ClusterState state() {
        return state;
    }

    public Cluster cluster() {
        return cluster;
    }

    public SimulationConfig config() {
        return config;
    }

    // ---- the decision point ------------------------------------------------------------------

    /** Number of jobs waiting (arrived, admitted, not started, not dropped). */
    public int waitingCount() {
        return waiting.size();
    }

    /** The waiting job at queue position {@code position} (0 = head, in the queue order). */
    public Job waitingJob(int position) {
        return jobs[waiting.get(position)];
    }

    /** The index in the run's jobs of the waiting job at queue position {@code position}. */
    public int waitingJobIndex(int position) {
        return waiting.get(position);
    }

    /** The queue position offered at this decision point (the head, or a later job with backfilling). */
    public int offered() {
        return cursor;
    }

    /** The job offered at this decision point. */
    public Job offeredJob() {
        return jobs[waiting.get(cursor)];
    }

    /**
     * The jobs running now in job order, and the offered job while its executors are being placed
     * one by one (with its base layout's finish from now, see {@link RunningJob}).
     */
    public List<RunningJob> runningJobs() {
        int[] started = new int[running.size()];
        for (int i = 0; i < started.length; i++) {
            started[i] = running.jobAt(i);
        }
        Arrays.sort(started);
        List<RunningJob> list = new ArrayList<>(started.length + 1);
        for (int j : started) {
            list.add(new RunningJob(jobs[j], book.placementOf(j), book.finish[j]));
        }
        int placed = executorsPlaced();
        if (placed > 0) {
            Job job = jobs[pendingJob];
            list.add(new RunningJob(job, book.placementSoFar(pendingJob, placed),
                    state.now() + durationModel.duration(job, true, starts.allLocal(pendingJob, placed))));
        }
        return list;
    }

    /** Number of jobs running now. */
    public int runningCount() {
        return running.size();
    }

    /** True when no VM hosts an executor. */
    public boolean idle() {
        return state.idle();
    }

    /** True when every job of the run has arrived. */
    public boolean allArrived() {
        return nextArrival >= n;
    }

    /**
     * Starts the waiting job at {@code position} with a whole placement.
     *
     * @return true when it started; false when deadline admission dropped it because the placement
     *         would miss its deadline, or (elastic clusters) when the nodes it would buy together exceed
     *         their pool's limit — then the job is skipped as by {@link #skip()}
     * @throws InvalidPlacementException when the placement does not fit the free resources
     */
    public boolean start(int position, Placement p) {
        int j = waiting.get(position);
        Job job = jobs[j];
        String error = state.validate(job, p);
        if (error != null && preemptions != null && state.overPoolLimit(p)) {
            // The nodes fit one by one but not together: the provisioner refuses the launches beyond the
            // pool's limit, as Karpenter does, and the job stays pending.
            skip();
            return false;
        }
        if (error != null) {
            throw new InvalidPlacementException("policy " + decider + " returned an invalid placement at t="
                    + state.now() + ": " + error + " " + p);
        }
        if (allocations.isRequest(j)) {
            removeAt(position);
            return starts.startRequest(j, job, p);
        }
        double at = starts.readyAt(p);
        double duration = starts.duration(job, p);
        if (admission && Deadlines.missed(job, at + duration)) {
            dropAt(position, "predicted to miss its deadline with this placement (admission)");
            return false;
        }
        removeAt(position);
        starts.startWhole(j, job, p, at, duration);
        return true;
    }

    /**
     * Places one executor of the offered job on {@code vm}; the caller has checked that it fits
     * ({@link ClusterState#fits}). The executor holds its resources at once; the job starts, with the
     * duration the model gives the whole layout, when its last executor is placed.
     *
     * @return true when this was the job's last executor and the job started
     */
    public boolean placeExecutor(int vm) {
        int j = waiting.get(cursor);
        Job job = jobs[j];
        if (pendingJob != j) {
            pendingJob = j;
            pending = 0;
        }
        // The finish time is known only once the last executor is placed; then the horizon is extended.
        state.addExecutor(vm, job, state.now());
        book.executorVm[book.offset[j] + pending] = vm;
        pending++;
        if (pending < job.executors()) {
            return false;
        }
        startPending(j, job);
        return true;
    }

    /** The offered job's last executor is placed: it starts with the duration its layout earns. */
    private void startPending(int j, Job job) {
        pending = 0;
        pendingJob = -1;
        removeAt(cursor);
        if (allocations.isRequest(j)) {
            starts.startPlacedRequest(j, job);
        } else {
            starts.startPlaced(j, job);
        }
    }

    /** Executors of the offered job placed so far by {@link #placeExecutor}. */
    public int executorsPlaced() {
        return cursor < waiting.size() && waiting.get(cursor) == pendingJob ? pending : 0;
    }

    /**
     * The offered job is not placed now. On an idle cluster it is dropped (nothing would ever free
     * room for it); otherwise, with backfilling, the next waiting job is offered, and without it the
     * queue waits for the next event.
     */
    public void skip() {
        if (state.idle() && (preemptions == null || !state.nodes().capacityHeldBack())) {
            dropAt(cursor, "policy " + decider + " would not place it on an idle cluster");
            return;
        }
        if (config.backfilling()) {
            cursor++;
        } else {
            cursor = waiting.size();
        }
    }

    /**
     * Moves the clock straight to the next completion (finishing every job that completes by then at
     * its own time; arrivals on the way join the queue), keeping any executors placed so far. The
     * offered job stays offered unless the queue order puts an arrival before it.
     *
     * @throws IllegalStateException when nothing runs
     */
    public void waitForCompletion() {
        if (running.isEmpty()) {
            throw new IllegalStateException("nothing runs: no completion to wait for");
        }
        double t = running.peekFinish();
        while (state.now() < t || (!running.isEmpty() && running.peekFinish() <= t)) {
            advance();
        }
    }

    private void dropAt(int position, String reason) {
        int j = waiting.get(position);
        if (j == pendingJob) {
            throw new IllegalStateException("job " + jobs[j].id() + " has executors placed; it cannot be dropped");
        }
        book.dropReason[j] = reason;
        removeAt(position);
        if (allocations.isRequest(j)) {
            starts.cancel(j);
        }
    }

    private void removeAt(int position) {
        waiting.remove(position);
        if (position < cursor) {
            cursor--;
        }
    }

    /**
     * Runs every job still running to completion (each at its own completion time). On an elastic
     * cluster the node events between completions run in time order with them (a node consolidated,
     * cordoned or taken back on the way); a job an interruption stops then waits again and is left
     * for the caller, as no decision follows.
     */
    public void drain() {
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

    /**
     * What the capacity has done so far in this run: nodes and interruptions on an elastic cluster,
     * executors added by dynamic allocation ({@link CapacityStats#NONE} for a fixed cluster without).
     */
    public CapacityStats capacity() {
        if (preemptions == null) {
            return allocations.any() ? allocations.addTo(CapacityStats.builder()).build() : CapacityStats.NONE;
        }
        double nodeSeconds = 0;
        for (int vm = 0; vm < state.vmCount(); vm++) {
            nodeSeconds += state.busySeconds(vm);
        }
        return allocations.addTo(preemptions.stats()).build().withNodeHours(nodeSeconds / 3600);
    }

    // ---- records -----------------------------------------------------------------------------

    /** What the jobs started so far in this run add up to (the episode statistics of environments). */
    public StartTally tally() {
        return tally;
    }

    /** Number of jobs in the run. */
    public int jobCount() {
        return n;
    }

    /** The run's jobs in arrival order (the kernel's array: do not change it). */
    public Job job(int index) {
        return jobs[index];
    }

    /** The placement of a started job (the kernel's own for executor-at-a-time jobs), or null. */
    public Placement placementOf(int j) {
        return book.placementOf(j);
    }

    /**
     * The results of a finished run: a record per job (in workload order), the busy intervals of
     * every VM and the summary, cost billed by the config's rule.
     *
     * @param scheduler the scheduler name shown in the results
     * @param delays    the wall time of every placement decision, nanoseconds (the first {@code decisions})
     * @param decisions number of placement decisions
     */
    public RunResult result(String scheduler, long[] delays, int decisions) {
        if (preemptions != null && running.isEmpty()) {
            preemptions.consolidateAll();
        }
        JobRecord[] records = book.records(givenJobs);
        return RunResults.of(scheduler, cluster, config, records, state.vmRecords(), delays, decisions,
                preemptions == null && !allocations.any() ? CapacityStats.NONE
                        : allocations.addTo(preemptions == null ? CapacityStats.builder() : preemptions.stats()).build());
    }
}
