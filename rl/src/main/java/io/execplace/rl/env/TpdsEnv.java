package io.execplace.rl.env;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.Billing;
import io.execplace.core.rules.Deadlines;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.EventKernel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The TPDS executor-placement environment (TPDS §4 and §6, Table 3): an agent places the
 * executors of the jobs of a workload one by one, in arrival order (FCFS; or in the order of
 * {@link TpdsEpisodeRules#queue()}, with the Target reward for deadlines, execplace extensions).
 *
 * <ul>
 *   <li>Observation: see {@link ObservationEncoder}.</li>
 *   <li>Actions: {@code 0} waits; {@code k} (1..N) places one executor of the current job on VM {@code k}.</li>
 *   <li>A valid placement earns +1. When it is the job's last executor the job starts, its duration
 *       fixed by the {@link DurationModel} (type mismatch ×1.3) and the next job is presented; if that
 *       job has not arrived yet the clock moves to its arrival, finishing the jobs that complete on the way.</li>
 *   <li>A wait with nothing of the current job placed earns −1 and moves the clock to the next job
 *       completion, which frees its executors' resources (with another queue order than FCFS, or on
 *       a workload with executor demands, to the next event: an arrival may then be offered first).</li>
 *   <li>A placement on a VM without room, a wait while nothing runs and a wait after part of the job
 *       was placed earn −200 and end the episode.</li>
 *   <li>Placing the last executor of the last job ends the episode with {@code R_epi} (Eq. 14)
 *       instead of +1; the cost is computed after every running job has finished.</li>
 * </ul>
 *
 * <p>The environment is a driver of the simulator's {@link EventKernel} (FCFS, executor-at-a-time
 * decisions; the {@link KernelEnv} base): clock, arrivals, completions, durations, busy intervals and
 * cost are the kernel's, so there is one implementation of the physics. Observation and mask come
 * from {@link PlacementActions}, shared with trained agents running as schedulers. Steps do not
 * allocate. Episode {@code e} ({@link #reset(long, long)}) runs workload {@code floorMod(e, count)}.
 *
 * <p>Dynamic allocation: on a workload with executor demands the kernel turns an application's
 * executors above its floor into executor requests, offered like jobs (the current job is then a
 * request, with its application's id and shape), and the episode runs on until the kernel has
 * nothing left to decide, so an episode follows the simulator's physics. A request is not a job:
 * placing it earns the place reward and starts no job; {@code R_epi} counts the floors.
 *
 * <p>Driver pods: on pools that model them the kernel places each application's driver with its last
 * executor, by the rule it applies to a policy's placement that names none; when no node can take the
 * driver the executors go, the job waits again and the step earns the wait reward ({@link StepEvent#WAITED}).
 */
public final class TpdsEnv extends KernelEnv {

    private final DurationModel durationModel;
    private final TpdsEnvConfig config;
    private final List<EpisodeWorkload> workloads;
    /** The queue is FCFS (TPDS): nothing but a completion can change the offered job's prospects. */
    private final boolean fcfs;

    // The running episode.
    private EpisodeWorkload workload;
    private Job[] jobs;
    /** The running episode's jobs as a list (one object per episode). */
    private List<Job> episodeJobs = List.of();
    /** Index of the current job in {@link #jobs} (the kernel's offered job, FCFS). */
    private int job;
    private int placed;
    private final AccruingReward accruing;
    /** The episode reward is paid as it accrues (per job or Target): otherwise a step need not visit {@link #accruing}. */
    private final boolean accrues;

    /** Normalised observations divide executor counts by the largest in {@code workloads}, busy times by their longest job. */
    public TpdsEnv(Cluster cluster, List<Workload> workloads, DurationModel durationModel, TpdsEnvConfig config) {
        this(cluster, workloads, durationModel, config, null);
    }

    /**
     * @param cluster       the cluster
     * @param workloads     the episodes' workloads; episode {@code e} runs {@code workloads.get(floorMod(e, size))}
     * @param durationModel how placements change durations (as in the simulator)
     * @param config        rewards and options
     * @param scales        what normalised observations divide by (a trained agent's, to evaluate it
     *                      on other workloads); null to derive them from {@code workloads}
     */
    public TpdsEnv(Cluster cluster, List<Workload> workloads, DurationModel durationModel, TpdsEnvConfig config,
                   ObservationEncoder.Scales scales) {
        this(cluster, prepare(cluster, workloads, durationModel), durationModel, config, scales, 0);
    }

    /** ({@code unused} only tells it from the public constructor, whose list has the same erasure.) */
    private TpdsEnv(Cluster cluster, List<EpisodeWorkload> prepared, DurationModel durationModel, TpdsEnvConfig config,
                    ObservationEncoder.Scales scales, int unused) {
        this(cluster, prepared, durationModel, config, new ObservationEncoder(cluster, config.normalised(),
                config.busyTime(), scales != null ? scales : scalesOf(prepared)));
    }

    private static List<EpisodeWorkload> prepare(Cluster cluster, List<Workload> workloads, DurationModel durationModel) {
        if (workloads.isEmpty()) {
            throw new IllegalArgumentException("the environment needs at least one workload");
        }
        List<EpisodeWorkload> prepared = new ArrayList<>(workloads.size());
        for (Workload w : workloads) {
            prepared.add(new EpisodeWorkload(w, cluster, durationModel));
        }
        return List.copyOf(prepared);
    }

    /**
     * The same cluster, workloads and options with its own state (no episode running); shares the
     * prepared workloads and the observation encoder, which are immutable (a batch's environments
     * then read one copy of them: in the Python process each environment's own encoder was fetched
     * from memory at every step).
     */
    public TpdsEnv copy() {
        return new TpdsEnv(cluster, workloads, durationModel, config, encoder);
    }

    /** The shared constructor; the episode workloads and the encoder are immutable, so copies share them. */
    private TpdsEnv(Cluster cluster, List<EpisodeWorkload> prepared, DurationModel durationModel, TpdsEnvConfig config,
                    ObservationEncoder encoder) {
        super(cluster, new SimulationConfig(config.queuePolicy(), false, false, durationModel, Billing.EXACT),
                encoder, config.masking(), config.maxSteps(), "wait", "vm");
        this.durationModel = durationModel;
        this.config = config;
        this.workloads = prepared;
        this.fcfs = config.queuePolicy() == QueuePolicy.FCFS;
        this.accruing = new AccruingReward(config.rules());
        this.accrues = config.rules().perJobReward() || config.rules().targetReward();
    }

    private static ObservationEncoder.Scales scalesOf(List<EpisodeWorkload> prepared) {
        int maxExecutors = 1;
        double longest = 0;
        for (EpisodeWorkload e : prepared) {
            maxExecutors = Math.max(maxExecutors, e.maxExecutors);
            longest = Math.max(longest, e.longestDuration);
        }
        return new ObservationEncoder.Scales(maxExecutors, longest > 0 ? longest : 1);
    }

    public TpdsEnvConfig config() {
        return config;
    }

    public DurationModel durationModel() {
        return durationModel;
    }

    /** True when some workload's jobs ask for executors above their floors (dynamic allocation). */
    public boolean hasExecutorDemands() {
        return workloads.stream().anyMatch(w -> w.dynamic);
    }

    /** Number of workloads the episodes cycle through. */
    public int workloadCount() {
        return workloads.size();
    }

    /** Jobs of workload {@code i} that do not fit the empty cluster and are left out of its episodes. */
    public int droppedJobs(int i) {
        return workloads.get(i).dropped;
    }

    @Override
    protected void startEpisode(long seed, long episode) {
        workload = workloads.get(choose(episode, workloads.size()));
        jobs = workload.jobs;
        episodeJobs = Collections.unmodifiableList(Arrays.asList(jobs));
        kernel.reset(jobs, workload.demands);
        kernel.nextDecision();
        job = kernel.waitingJobIndex(kernel.offered());
        placed = 0;
        accruing.reset();
    }

    @Override
    protected void act(int action) {
        if (action == 0) {
            wait0();
        } else {
            place(action - 1);
        }
        if (accrues) {
            accruing.pay(result, observation, kernel, workload);
        }
    }

    private void wait0() {
        TpdsEpisodeRules.Rewards r = config.rewards();
        if (placed > 0 && config.partialWaitEnds()) {
            finish(r.partialWait(), StepEvent.PARTIAL_WAIT);
            return;
        }
        if (kernel.runningCount() == 0) {
            // Nothing runs, so nothing can ever free room: waiting is a dead end.
            finish(r.idleWait(), StepEvent.IDLE_WAIT);
            return;
        }
        if (placed == 0 && (!fcfs || workload.dynamic)) {
            // Another order may put an arrival first, and executor requests arrive and lapse between
            // completions: move to the next event, as the simulator does.
            kernel.skip();
            if (!kernel.nextDecision()) {
                // Only lapsed executor requests were left: the run is over.
                complete();
                return;
            }
            job = kernel.waitingJobIndex(kernel.offered());
        } else {
            kernel.waitForCompletion();
        }
        refresh();
        if (placed > 0) {
            result.set(observation, r.partialWait(), false, false, StepEvent.PARTIAL_WAIT);
        } else {
            result.set(observation, r.waitReward(), false, false, StepEvent.WAITED);
        }
    }

    private void place(int vm) {
        TpdsEpisodeRules.Rewards r = config.rewards();
        Job current = kernel.job(job);
        if (!state.fits(vm, current)) {
            finish(r.invalid(), StepEvent.INVALID_PLACEMENT);
            return;
        }
        boolean started = kernel.placeExecutor(vm);
        placed++;
        actions.placed(observation, state, current, vm, current.executors() - placed);
        if (!started) {
            if (config.lookAhead() && !PlacementActions.lookAheadHolds(state, current, current.executors() - placed)) {
                finish(r.lookAhead(), StepEvent.LOOKAHEAD_FAILED);
                return;
            }
            result.set(observation, r.place(), false, false, StepEvent.PLACED);
            return;
        }
        // On pools with driver pods, no node may take the driver: the job waits again, as a wait would leave it.
        boolean driverless = kernel.driverWithoutNode();
        if (job < jobs.length && !driverless) {
            // The job started with the duration the kernel's model gives its layout (an executor request
            // of dynamic allocation is not a job: its application started before).
            double duration = kernel.tally().lastDuration();
            accruing.jobStarted(duration - workload.minDuration[job],
                    current.hasDeadline() && Deadlines.met(current, kernel.now() + duration));
        }
        if (!nextDecisionAfterStart()) {
            complete();
            return;
        }
        job = kernel.waitingJobIndex(kernel.offered());
        placed = 0;
        refresh();
        Job next = kernel.job(job);
        if (config.lookAhead() && !PlacementActions.lookAheadHolds(state, next, next.executors())) {
            finish(r.lookAhead(), StepEvent.LOOKAHEAD_FAILED);
            return;
        }
        result.set(observation, driverless ? r.waitReward() : r.place(), false, false,
                driverless ? StepEvent.WAITED : StepEvent.PLACED);
    }

    /**
     * Moves the kernel to the next decision after a start; false when the episode is over: once every
     * job has started (none waits, none is to arrive; on an elastic cluster a job an interruption
     * stopped waits again and its restart counts as a start), or, with executor demands, whose
     * requests arrive while applications run, once the kernel has nothing left to decide.
     */
    private boolean nextDecisionAfterStart() {
        if (workload.dynamic) {
            return kernel.nextDecision();
        }
        if (kernel.allArrived() && kernel.waitingCount() == 0) {
            return false;
        }
        return kernel.nextDecision(); // the next job in arrival order; the clock moves to its arrival if need be
    }

    /** Runs what still runs to its end and ends the episode with {@code R_epi} (Eq. 14). */
    private void complete() {
        kernel.drain();
        double reward = EpisodeReward.of(config.beta(), config.fixedReward(), state.costSoFar(), workload.maxCost,
                kernel.tally().sumDuration() / jobs.length, workload.minMeanDuration, workload.maxMeanDuration);
        actions.encoder().clearJob(observation);
        finish(reward, StepEvent.COMPLETED);
    }

    private void finish(double reward, StepEvent event) {
        result.set(observation, reward, true, false, event);
    }

    @Override
    protected double invalidReward() {
        return config.rewards().invalid();
    }

    @Override
    protected int jobCount() {
        return jobs.length;
    }

    @Override
    protected int droppedJobCount() {
        return workload.dropped;
    }

    // ---- inspection (tests, benchmarks, tools) -------------------------------------------------

    /** Index of the current job in the episode's jobs (arrival order); a dynamic-allocation request's is past them. */
    public int currentJobIndex() {
        return job;
    }

    @Override
    public Job currentJob() {
        return kernel.job(job);
    }

    /** The episode's jobs in arrival order (same list until reset): for clairvoyant references, never for agents. */
    public List<Job> episodeJobs() {
        return episodeJobs;
    }

    @Override
    public int executorsPlaced() {
        return placed;
    }
}
