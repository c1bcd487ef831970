package io.execplace.rl.env;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.rules.Billing;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.ClusterState;
import io.execplace.core.sim.EventKernel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The TPDS executor-placement environment (TPDS §4 and §6, Table 3; SPEC §5): an agent places the
 * executors of the jobs of a workload one by one, in arrival order (FCFS).
 *
 * <ul>
 *   <li>Observation: see {@link ObservationEncoder}.</li>
 *   <li>Actions: {@code 0} waits; {@code k} (1..N) places one executor of the current job on VM {@code k}.</li>
 *   <li>A valid placement earns +1. When it is the job's last executor the job starts, its duration
 *       fixed by the {@link DurationModel} (type mismatch ×1.3) and the next job is presented; if that
 *       job has not arrived yet the clock moves to its arrival, finishing the jobs that complete on the way.</li>
 *   <li>A wait with nothing of the current job placed earns −1 and moves the clock to the next job
 *       completion, which frees its executors' resources.</li>
 *   <li>A placement on a VM without room, a wait while nothing runs and a wait after part of the job
 *       was placed earn −200 and end the episode.</li>
 *   <li>Placing the last executor of the last job ends the episode with {@code R_epi} (Eq. 14)
 *       instead of +1; the cost is computed after every running job has finished.</li>
 * </ul>
 *
 * <p>The environment is a driver of the simulator's {@link EventKernel} (FCFS, executor-at-a-time
 * decisions): clock, arrivals, completions, durations, busy intervals and cost are the kernel's, so
 * there is one implementation of the physics. Observation and mask come from {@link PlacementActions},
 * shared with trained agents running as schedulers. Steps do not allocate.
 */
public final class TpdsEnv implements Env {

    private final Cluster cluster;
    private final DurationModel durationModel;
    private final TpdsEnvConfig config;
    private final List<EpisodeWorkload> workloads;
    private final EventKernel kernel;
    private final ClusterState state;
    private final ObservationEncoder encoder;
    private final PlacementActions actions;
    private final BoxSpace observationSpace;
    private final DiscreteSpace actionSpace;
    private final int vms;

    private final double[] observation;
    private final boolean[] mask;
    private boolean maskStale = true;
    private final StepResult result = new StepResult();

    // The running episode.
    private EpisodeWorkload workload;
    private Job[] jobs;
    /** Index of the current job in {@link #jobs} (the kernel's offered job, FCFS). */
    private int job;
    private int placed;
    private boolean active;
    private boolean started;
    private int waits;
    private StepEvent lastEvent;
    /** The reward of the completing step (R_epi, less what per-job rewards paid before), NaN until then. */
    private double completionReward;
    // Per-job reward (TpdsEnvConfig.perJobReward): the cost committed so far, the part of R_epi paid
    // so far, and the extra duration of the job started by the current step.
    private double committedCost;
    private double paidSoFar;
    private double startedExcess;
    private boolean jobStarted;

    /**
     * An environment whose normalised observations divide executor counts by the largest count in
     * {@code workloads} and busy times by their longest possible job duration.
     */
    public TpdsEnv(Cluster cluster, List<Workload> workloads, DurationModel durationModel, TpdsEnvConfig config) {
        this(cluster, workloads, durationModel, config, null);
    }

    /**
     * @param cluster       the cluster
     * @param workloads     the episodes' workloads; {@link #reset(long) reset(seed)} runs
     *                      {@code workloads.get(floorMod(seed, size))}
     * @param durationModel how placements change durations (as in the simulator)
     * @param config        rewards and options
     * @param scales        what normalised observations divide by (a trained agent's, to evaluate it
     *                      on other workloads); null to derive them from {@code workloads}
     */
    public TpdsEnv(Cluster cluster, List<Workload> workloads, DurationModel durationModel, TpdsEnvConfig config,
                   ObservationEncoder.Scales scales) {
        this(cluster, prepare(cluster, workloads, durationModel), durationModel, config, scales, 0);
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
     * An environment of the same cluster, workloads and options with its own state (no episode
     * running), for running several copies side by side. Shares the prepared workloads.
     */
    public TpdsEnv copy() {
        return new TpdsEnv(cluster, workloads, durationModel, config, encoder.scales(), 0);
    }

    /**
     * The shared constructor; the episode workloads are immutable, so copies share them. ({@code
     * unused} only tells it from the public constructor, whose list has the same erasure.)
     */
    private TpdsEnv(Cluster cluster, List<EpisodeWorkload> prepared, DurationModel durationModel, TpdsEnvConfig config,
                    ObservationEncoder.Scales scales, int unused) {
        this.cluster = cluster;
        this.durationModel = durationModel;
        this.config = config;
        this.vms = cluster.size();
        int maxExecutors = 1;
        double longest = 0;
        for (EpisodeWorkload e : prepared) {
            maxExecutors = Math.max(maxExecutors, e.maxExecutors);
            longest = Math.max(longest, e.longestDuration);
        }
        this.workloads = prepared;
        this.kernel = new EventKernel(cluster, new SimulationConfig(QueuePolicy.FCFS, false, false, durationModel,
                Billing.EXACT));
        this.state = kernel.state();
        this.encoder = new ObservationEncoder(cluster, config.normalised(), config.busyTime(),
                scales != null ? scales : new ObservationEncoder.Scales(maxExecutors, longest > 0 ? longest : 1));
        // The environment writes the raw observation; normalisation is the NormalizeObservation wrapper.
        ObservationEncoder raw = encoder.raw();
        this.observationSpace = raw.space();
        this.actions = new PlacementActions(raw);
        this.actionSpace = PlacementActions.actionSpace(cluster, "wait", "vm");
        this.observation = new double[encoder.size()];
        this.mask = new boolean[vms + 1];
        if (!config.masking()) {
            Arrays.fill(mask, true);
        }
    }

    @Override
    public BoxSpace observationSpace() {
        return observationSpace;
    }

    @Override
    public DiscreteSpace actionSpace() {
        return actionSpace;
    }

    /**
     * This environment with the wrappers its config asks for: {@link NormalizeObservation} when
     * {@link TpdsEnvConfig#normalised()}, then a {@link TimeLimit} when {@link TpdsEnvConfig#maxSteps()}
     * is set. Train, evaluate and benchmark on this, not on the bare environment.
     */
    public Env wrapped() {
        Env env = config.normalised() ? new NormalizeObservation(this, encoder) : this;
        return TimeLimit.ifLimited(env, config.maxSteps());
    }

    public TpdsEnvConfig config() {
        return config;
    }

    public Cluster cluster() {
        return cluster;
    }

    public DurationModel durationModel() {
        return durationModel;
    }

    /**
     * The observation encoder as configured, normalised or not (stored with a trained agent, which
     * uses it as a scheduler). The environment itself writes the raw observation; {@link #wrapped()}
     * adds the normalisation.
     */
    public ObservationEncoder encoder() {
        return encoder;
    }

    /** Number of workloads the seeds choose from. */
    public int workloadCount() {
        return workloads.size();
    }

    /** Jobs of workload {@code i} that do not fit the empty cluster and are left out of its episodes. */
    public int droppedJobs(int i) {
        return workloads.get(i).dropped;
    }

    @Override
    public double[] reset(long seed) {
        workload = workloads.get((int) Math.floorMod(seed, (long) workloads.size()));
        jobs = workload.jobs;
        kernel.reset(jobs);
        kernel.nextDecision();
        job = kernel.waitingJobIndex(kernel.offered());
        placed = 0;
        waits = 0;
        lastEvent = null;
        completionReward = Double.NaN;
        started = true;
        committedCost = 0;
        paidSoFar = 0;
        startedExcess = 0;
        jobStarted = false;
        active = true;
        maskStale = true;
        refreshAll();
        return observation;
    }

    @Override
    public StepResult step(int action) {
        if (!active) {
            throw new IllegalStateException("no episode is running: call reset first");
        }
        PlacementActions.checkAction(action, vms);
        maskStale = true;
        if (action == 0) {
            waits++;
            wait0();
        } else {
            place(action - 1);
        }
        if (config.perJobReward()) {
            payAsItAccrues();
        }
        lastEvent = result.event();
        if (result.terminated()) {
            active = false;
            if (lastEvent == StepEvent.COMPLETED) {
                completionReward = result.reward();
            }
        }
        return result;
    }

    /**
     * Per-job reward: adds this step's share of {@code R_epi} to the immediate reward — {@code R_fixed/n}
     * when a job starts, minus the cost it commits and the job's extra duration in the units of
     * Eq. 14 — and gives the completing step {@code R_epi} minus everything paid before, so a
     * completed episode returns exactly what it returns without the option. Penalties are unchanged.
     */
    private void payAsItAccrues() {
        StepEvent event = result.event();
        if (event == StepEvent.COMPLETED) {
            result.set(observation, result.reward() - paidSoFar, true, false, event);
            return;
        }
        if (result.terminated()) {
            return;
        }
        double committed = state.committedCost();
        double share = 0;
        if (jobStarted) {
            // R_fixed, the part of R_epi every completed episode earns, in equal parts per job.
            share += config.fixedReward() / jobs.length;
        }
        if (workload.maxCost > 0) {
            share -= config.fixedReward() * config.beta() * (committed - committedCost) / workload.maxCost;
        }
        double spread = workload.maxMeanDuration - workload.minMeanDuration;
        if (startedExcess > 0 && spread > 0) {
            share -= config.fixedReward() * (1 - config.beta()) * startedExcess / (jobs.length * spread);
        }
        committedCost = committed;
        startedExcess = 0;
        jobStarted = false;
        paidSoFar += share;
        result.set(observation, result.reward() + share, false, result.truncated(), event);
    }

    private void wait0() {
        TpdsEnvConfig.Rewards r = config.rewards();
        if (placed > 0 && config.partialWaitEnds()) {
            finish(r.partialWait(), StepEvent.PARTIAL_WAIT);
            return;
        }
        if (kernel.runningCount() == 0) {
            // Nothing runs, so nothing can ever free room: waiting is a dead end.
            finish(r.idleWait(), StepEvent.IDLE_WAIT);
            return;
        }
        kernel.waitForCompletion();
        refreshAll();
        if (placed > 0) {
            result.set(observation, r.partialWait(), false, false, StepEvent.PARTIAL_WAIT);
        } else {
            result.set(observation, r.waitReward(), false, false, StepEvent.WAITED);
        }
    }

    private void place(int vm) {
        TpdsEnvConfig.Rewards r = config.rewards();
        Job current = jobs[job];
        if (!state.fits(vm, current)) {
            finish(r.invalid(), StepEvent.INVALID_PLACEMENT);
            return;
        }
        boolean started = kernel.placeExecutor(vm);
        placed++;
        actions.placed(observation, current, vm, state.freeCores(vm), state.freeMemoryGb(vm),
                current.executors() - placed);
        if (!started) {
            if (config.lookAhead() && !lookAheadHolds(current, current.executors() - placed)) {
                finish(r.lookAhead(), StepEvent.LOOKAHEAD_FAILED);
                return;
            }
            result.set(observation, r.place(), false, false, StepEvent.PLACED);
            return;
        }
        // The job started with the duration the kernel's model gives its layout.
        startedExcess = kernel.lastStartedDuration() - workload.minDuration[job];
        jobStarted = true;
        if (job == jobs.length - 1) {
            kernel.drain();
            double reward = EpisodeReward.of(config.beta(), config.fixedReward(), state.costSoFar(), workload.maxCost,
                    kernel.sumStartedDuration() / jobs.length, workload.minMeanDuration, workload.maxMeanDuration);
            actions.encoder().clearJob(observation);
            finish(reward, StepEvent.COMPLETED);
            return;
        }
        // The next job in arrival order; the kernel moves the clock to its arrival if it has not arrived.
        kernel.nextDecision();
        job = kernel.waitingJobIndex(kernel.offered());
        placed = 0;
        refreshAll();
        if (config.lookAhead() && !lookAheadHolds(jobs[job], jobs[job].executors())) {
            finish(r.lookAhead(), StepEvent.LOOKAHEAD_FAILED);
            return;
        }
        result.set(observation, r.place(), false, false, StepEvent.PLACED);
    }

    /** Rewrites the whole observation and the fit counts for the current job. */
    private void refreshAll() {
        Job current = jobs[job];
        actions.observe(observation, state, current, current.executors() - placed);
    }

    /**
     * The reference code's check: the free resources, counted fractionally per VM as
     * {@code min(freeCores / cores, freeMemory / memory)}, must add up to the executors still needed.
     */
    private boolean lookAheadHolds(Job next, int needed) {
        double possible = 0;
        for (int vm = 0; vm < vms; vm++) {
            possible += Math.min((double) state.freeCores(vm) / next.coresPerExecutor(),
                    state.freeMemoryGb(vm) / next.memoryGbPerExecutor());
        }
        return possible >= needed;
    }

    private void finish(double reward, StepEvent event) {
        result.set(observation, reward, true, false, event);
    }

    @Override
    public EpisodeOutcome outcome() {
        if (!started) {
            throw new IllegalStateException("no episode yet: call reset first");
        }
        boolean completed = lastEvent == StepEvent.COMPLETED;
        return EpisodeOutcome.builder()
                .completed(completed)
                .endEvent(lastEvent)
                .episodeReward(completionReward)
                .cost(completed ? state.costSoFar() : Double.NaN)
                .meanDuration(completed ? kernel.sumStartedDuration() / jobs.length : Double.NaN)
                .meanTurnaround(completed ? kernel.sumStartedTurnaround() / jobs.length : Double.NaN)
                .deadlineMetPercent(kernel.deadlineMetPercent())
                .jobsPlaced(kernel.jobsStarted())
                .jobs(jobs.length)
                .jobsDropped(workload.dropped)
                .goodPlacements(kernel.goodPlacements())
                .waits(waits)
                .build();
    }

    @Override
    public boolean[] actionMask() {
        if (config.masking() && maskStale) {
            computeMask();
            maskStale = false;
        }
        return mask;
    }

    private void computeMask() {
        if (!active) {
            Arrays.fill(mask, false);
            return;
        }
        actions.mask(mask, jobs[job].executors() - placed, placed > 0, kernel.runningCount() > 0);
    }

    // ---- inspection (tests, benchmarks, tools) -------------------------------------------------

    /** True while an episode runs. */
    public boolean active() {
        return active;
    }

    /** The clock, seconds. */
    public double now() {
        return state.now();
    }

    /** Index of the current job within the episode's jobs (arrival order). */
    public int currentJobIndex() {
        return job;
    }

    /** The current job. */
    public Job currentJob() {
        return jobs[job];
    }

    /** Executors of the current job placed so far. */
    public int executorsPlaced() {
        return placed;
    }

    /** Jobs running now. */
    public int runningJobs() {
        return kernel.runningCount();
    }

    /** A read-only view of the cluster now (free resources, busy VMs). */
    public ClusterView clusterView() {
        return state;
    }

    /** The cost so far (price × busy seconds). */
    public double costSoFar() {
        return state.costSoFar();
    }
}
