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

import java.util.List;
import java.util.Map;

/**
 * The one event kernel of execplace: the clock, arrivals and completions, the waiting queue with its
 * order and admission, job start and finish, and the per-job and per-VM records. The simulator
 * ({@link Simulation}) and every RL environment are thin <em>drivers</em> of it.
 *
 * <p>The kernel is pulled, never pushes: {@link #nextDecision()} moves the clock ({@link KernelClock})
 * until some job waits — a decision point — and the driver answers with {@link #start(int, Placement)}
 * (a whole placement), {@link #placeExecutor(int)} (one executor of the offered job), {@link #skip()}
 * or {@link #waitForCompletion()}; {@link #result} builds the {@link RunResult}. docs/kernel.md holds
 * the whole driver contract and the rules, identical for every driver: completions before arrivals at
 * one instant; a job that does not fit the empty cluster dropped on arrival; deadline admission;
 * durations from the {@link DurationModel}; completions in {@link CompletionQueue} order.
 *
 * <p>Steps do not allocate: the state is kept in primitive arrays sized at {@link #reset}, which
 * reuses them when the next workload is not larger. Not thread-safe.
 */
public final class EventKernel {

    private final SimulationConfig config;
    private final ClusterState state;
    // Package-private: a resumed run (ResumedRun) takes over another kernel's run from these.
    final CompletionQueue running = new CompletionQueue();

    /** The jobs as given; the clock's array is a copy whose stopped jobs carry what is left of their work. */
    Job[] givenJobs = new Job[0];
    /** Dynamic allocation: the executors applications add over their floors, as request entries. */
    final Allocations allocations = new Allocations();
    private String decider = "driver";
    final WaitingQueue waiting;
    final JobBook book = new JobBook();
    private int cursor;
    // Running aggregates over started jobs, in start order (for environments' episode summaries).
    private final StartTally tally = new StartTally();
    final JobStarts starts;
    final KernelClock clock;
    private boolean driverWithoutNode;

    /** A kernel for {@code cluster} under {@code config}: queue order, admission, backfilling, duration model, billing. */
    public EventKernel(Cluster cluster, SimulationConfig config) {
        this.config = config;
        this.state = new ClusterState(cluster, config.durationModel());
        state.drivenBy(this);
        this.waiting = new WaitingQueue(new Job[0], config.queue());
        this.starts = new JobStarts(state, book, running, tally, allocations, cluster, config.durationModel());
        this.clock = new KernelClock(state, book, running, waiting, allocations, starts, config, cluster);
    }

    /** Starts a run of the workload's jobs (in arrival order) on an empty cluster at time 0. */
    public void reset(Workload workload) {
        reset(workload.jobs().toArray(new Job[0]), workload.demands());
    }

    /** Starts a run of {@code jobs} (in arrival order; the kernel keeps the array) on an empty cluster at time 0. */
    public void reset(Job[] jobs) {
        reset(jobs, Map.of());
    }

    /** Starts a run of {@code jobs}, the applications among them with an executor demand using dynamic allocation.
     * @param jobs    the jobs sorted by arrival time; the kernel keeps the array (do not change it during the run)
     * @param demands executor demands by job id
     */
    public void reset(Job[] jobs, Map<Integer, ExecutorDemand> demands) {
        this.givenJobs = jobs;
        Job[] all = allocations.prepare(jobs, demands);
        allocations.reset();
        // Interruptions leave what is left of a stopped job in the array: a copy of the caller's.
        Job[] run = !clock.elastic() || allocations.any() ? all : all.clone();
        book.reset(run, jobs.length, state.cluster());
        waiting.reset(run);
        state.reset(config.capacitySeed());
        clock.reset(run, jobs.length);
        cursor = 0;
        tally.reset();
    }

    /** The name used in drop reasons for jobs the driver would not place on an idle cluster. */
    public void setDecider(String name) {
        this.decider = name;
        clock.arrivalCheck = null;
    }

    /** Names the deciding policy in drop reasons and drops, on arrival, the jobs it says it could never place on
     *  this cluster ({@link PlacementPolicy#neverPlaces}; e.g. asq's jobs that neither site holds alone). */
    public void setDecider(PlacementPolicy policy) {
        this.decider = policy.name();
        clock.arrivalCheck = policy;
    }

    /** Moves to the next decision point: offers the next waiting job, processing events (and admission) as needed.
     * @return true at a decision point; false when the run is over (the jobs still waiting are dropped)
     */
    public boolean nextDecision() {
        while (true) {
            while (cursor < waiting.size()) {
                int j = waiting.get(cursor);
                Job job = clock.jobs[j];
                if (allocations.isRequest(j)) {
                    boolean live = allocations.live(j); // not when cancelled at its application's end
                    if (live && (j == clock.pendingJob || state.now() < allocations.wantedUntil(j))) {
                        return true;
                    }
                    removeAt(cursor);
                    if (live) {
                        starts.cancel(j); // no longer wanted
                    }
                    continue;
                }
                if (config.deadlineAdmission() && j != clock.pendingJob
                        && Deadlines.missed(job, state.now() + job.baseDuration())) {
                    dropAt(cursor, "deadline can no longer be met (admission)");
                    continue;
                }
                return true;
            }
            if (!clock.advance()) {
                // Nothing runs and nothing arrives: whatever still waits can never start.
                for (int i = 0; i < waiting.size(); i++) {
                    book.dropReason[waiting.get(i)] = "could not be placed and nothing was left running";
                }
                waiting.clear();
                return false;
            }
            cursor = 0;
        }
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
        return state.cluster();
    }

    public SimulationConfig config() {
        return config;
    }

    /** Number of jobs waiting (arrived, admitted, not started, not dropped). */
    public int waitingCount() {
        return waiting.size();
    }

    /** The waiting job at queue position {@code position} (0 = head, in the queue order). */
    public Job waitingJob(int position) {
        return clock.jobs[waiting.get(position)];
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
        return clock.jobs[waiting.get(cursor)];
    }

    /** The jobs running now in job order, and the offered job while placed executor by executor ({@link RunningJob}). */
    public List<RunningJob> runningJobs() {
        return clock.runningJobs(executorsPlaced());
    }

    /** {@link #runningJobs()} with placements as placed, not protections' time left ({@link ClusterView#runningLayout}). */
    public List<RunningJob> runningLayout() {
        return clock.runningLayout(executorsPlaced());
    }

    /** Number of jobs running now. */
    public int runningCount() {
        return running.size();
    }

    /** Number of the workload's jobs running now: {@link #runningCount()} without executor requests. */
    public int runningJobCount() {
        return running.size() - allocations.requestsAmong(running);
    }

    /** True when no VM hosts an executor. */
    public boolean idle() {
        return state.idle();
    }

    /** True when every job of the run has arrived. */
    public boolean allArrived() {
        return clock.nextArrival >= clock.n;
    }

    /**
     * Starts the waiting job at {@code position} with a whole placement.
     * @return true when it started; false when deadline admission dropped it because the placement
     *         would miss its deadline, or (elastic clusters) when the nodes it would buy together exceed
     *         their pool's limit — then the job is skipped as by {@link #skip()}
     * @throws InvalidPlacementException when the placement does not fit the free resources
     */
    public boolean start(int position, Placement p) {
        int j = waiting.get(position);
        Job job = clock.jobs[j];
        if (!allocations.isRequest(j) && (p = starts.drivers().complete(job, p)) == null) {
            skip(); // no node can take the application's driver now: it stays pending
            return false;
        }
        String error = state.validate(job, p);
        error = error == null ? starts.drivers().check(job, p) : error;
        if (error != null && clock.elastic() && state.overPoolLimit(p)) {
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
        if (config.deadlineAdmission() && Deadlines.missed(job, at + duration)) {
            dropAt(position, "predicted to miss its deadline with this placement (admission)");
            return false;
        }
        removeAt(position);
        starts.startWhole(j, job, p, at, duration);
        return true;
    }

    /**
     * Places one executor of the offered job on {@code vm} (the caller has checked it fits, {@link ClusterState#fits});
     * it holds its resources at once. The last one starts the job with the duration the model gives the layout and,
     * on pools with driver pods, its driver where {@link #start}'s rule puts it — or, when no node can take the
     * driver, frees the executors and leaves the job waiting as {@link #skip()} does ({@link #driverWithoutNode()}).
     *
     * @return true when this was the job's last executor: the offer is over (the job started or waits again)
     */
    public boolean placeExecutor(int vm) {
        int outcome = clock.placeExecutor(waiting.get(cursor), vm);
        driverWithoutNode = outcome == KernelClock.DRIVER_WITHOUT_NODE;
        if (outcome == KernelClock.JOB_STARTED) {
            removeAt(cursor);
        } else if (driverWithoutNode) {
            skip();
        }
        return outcome != KernelClock.EXECUTOR_PLACED;
    }

    /** True when the last {@link #placeExecutor} ended an offer without a start: no node could take the driver. */
    public boolean driverWithoutNode() {
        return driverWithoutNode;
    }

    /** Executors of the offered job placed so far by {@link #placeExecutor}. */
    public int executorsPlaced() {
        return cursor < waiting.size() && waiting.get(cursor) == clock.pendingJob ? clock.pending : 0;
    }

    /**
     * The offered job is not placed now. On an idle cluster it is dropped (nothing would ever free
     * room for it); otherwise, with backfilling, the next waiting job is offered, and without it the
     * queue waits for the next event.
     */
    public void skip() {
        if (clock.idleForGood()) {
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
            if (clock.advance()) {
                cursor = 0;
            }
        }
    }

    private void dropAt(int position, String reason) {
        int j = waiting.get(position);
        if (j == clock.pendingJob) {
            throw new IllegalStateException("job " + clock.jobs[j].id() + " has executors placed; it cannot be dropped");
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

    /** Runs every running job to completion, node events in time order between; a job an interruption stops is left waiting. */
    public void drain() {
        clock.drain();
    }

    /** What the capacity has done so far: nodes, interruptions, executors added ({@link CapacityStats#NONE} when none). */
    public CapacityStats capacity() {
        return clock.capacity();
    }

    /** What the jobs started so far in this run add up to (the episode statistics of environments). */
    public StartTally tally() {
        return tally;
    }

    /** Number of jobs in the run. */
    public int jobCount() {
        return clock.n;
    }

    /** The run's jobs in arrival order (the kernel's array: do not change it). */
    public Job job(int index) {
        return clock.jobs[index];
    }

    /** The placement of a started job (the kernel's own for executor-at-a-time jobs), or null. */
    public Placement placementOf(int j) {
        return book.placementOf(j);
    }

    /** The results of a finished run: job records (workload order), VMs' busy intervals, the summary billed by the
     *  config's rule; {@code delays}: the wall time of the first {@code decisions} placement decisions, nanoseconds. */
    public RunResult result(String scheduler, long[] delays, int decisions) {
        if (running.isEmpty()) {
            clock.consolidateAll();
        }
        JobRecord[] records = book.records(givenJobs);
        return RunResults.of(scheduler, state.cluster(), config, records, state.vmRecords(), delays, decisions,
                clock.resultCapacity());
    }
}
