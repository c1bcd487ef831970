package io.execplace.rl.env;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Site;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.sim.ClusterState;
import io.execplace.core.sim.CompletionQueue;
import io.execplace.core.rules.DurationModel;

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
 * <p>Free resources, busy intervals and cost come from the simulator's {@link ClusterState}, durations
 * from its {@link DurationModel} and the completion order from its {@link CompletionQueue}: one
 * implementation of the physics. Steps do not allocate.
 */
public final class TpdsEnv implements Env {

    private final Cluster cluster;
    private final DurationModel durationModel;
    private final TpdsEnvConfig config;
    private final List<EpisodeWorkload> workloads;
    private final ClusterState state;
    private final CompletionQueue running = new CompletionQueue();
    private final ObservationEncoder encoder;
    private final BoxSpace observationSpace;
    private final DiscreteSpace actionSpace;
    private final int vms;
    private final boolean[] localVm;

    private final double[] observation;
    private final boolean[] mask;
    private boolean maskStale = true;
    private final StepResult result = new StepResult();
    /** Executors of the current job that still fit on each VM, and their sum. */
    private final int[] fit;
    private int fitTotal;

    // The running episode.
    private EpisodeWorkload workload;
    private Job[] jobs;
    private final int[] executorVm;
    private int job;
    private int placed;
    private boolean active;
    private int steps;
    private double totalReward;
    private int waits;
    private int goodPlacements;
    private int jobsStarted;
    private double sumDuration;
    private double sumTurnaround;
    private EpisodeStats lastEpisode;
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
        if (workloads.isEmpty()) {
            throw new IllegalArgumentException("the environment needs at least one workload");
        }
        this.cluster = cluster;
        this.durationModel = durationModel;
        this.config = config;
        this.vms = cluster.size();
        List<EpisodeWorkload> prepared = new ArrayList<>(workloads.size());
        int maxExecutors = 1;
        int maxTotal = 0;
        double longest = 0;
        for (Workload w : workloads) {
            EpisodeWorkload e = new EpisodeWorkload(w, cluster, durationModel);
            prepared.add(e);
            maxExecutors = Math.max(maxExecutors, e.maxExecutors);
            maxTotal = Math.max(maxTotal, e.totalExecutors());
            longest = Math.max(longest, e.longestDuration);
        }
        this.workloads = List.copyOf(prepared);
        this.state = new ClusterState(cluster, durationModel);
        this.encoder = new ObservationEncoder(cluster, config.normalised(), config.busyTime(),
                scales != null ? scales : new ObservationEncoder.Scales(maxExecutors, longest > 0 ? longest : 1));
        this.observationSpace = encoder.space();
        List<String> actions = new ArrayList<>(vms + 1);
        actions.add("wait");
        for (int i = 0; i < vms; i++) {
            actions.add("place on vm" + (i + 1) + " (" + cluster.vm(i).type().name() + ")");
        }
        this.actionSpace = new DiscreteSpace(actions);
        this.localVm = new boolean[vms];
        for (int i = 0; i < vms; i++) {
            localVm[i] = cluster.vm(i).site() == Site.LOCAL;
        }
        this.observation = new double[encoder.size()];
        this.mask = new boolean[vms + 1];
        this.fit = new int[vms];
        this.executorVm = new int[maxTotal];
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

    public TpdsEnvConfig config() {
        return config;
    }

    public Cluster cluster() {
        return cluster;
    }

    public DurationModel durationModel() {
        return durationModel;
    }

    /** The observation encoder (shared with trained agents running as placement policies). */
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
        state.reset();
        running.clear();
        job = 0;
        placed = 0;
        steps = 0;
        totalReward = 0;
        waits = 0;
        goodPlacements = 0;
        jobsStarted = 0;
        sumDuration = 0;
        sumTurnaround = 0;
        committedCost = 0;
        paidSoFar = 0;
        startedExcess = 0;
        jobStarted = false;
        active = true;
        maskStale = true;
        state.advanceTo(jobs[0].arrival());
        refreshAll();
        return observation;
    }

    @Override
    public StepResult step(int action) {
        if (!active) {
            throw new IllegalStateException("no episode is running: call reset first");
        }
        if (action < 0 || action > vms) {
            throw new IllegalArgumentException("action must be in 0.." + vms + ", got " + action);
        }
        steps++;
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
        totalReward += result.reward();
        if (!result.terminated() && config.maxSteps() > 0 && steps >= config.maxSteps()) {
            result.set(observation, result.reward(), false, true, result.event());
        }
        if (result.done()) {
            endEpisode(result.event(), result.reward());
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
        if (running.isEmpty()) {
            // Nothing runs, so nothing can ever free room: waiting is a dead end.
            finish(r.idleWait(), StepEvent.IDLE_WAIT);
            return;
        }
        advanceTo(running.peekFinish());
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
        // The finish time is known only once the last executor is placed; startJob extends the horizon.
        state.addExecutor(vm, current, state.now());
        executorVm[workload.offset[job] + placed] = vm;
        placed++;
        encoder.writeVm(observation, vm, state.freeCores(vm), state.freeMemoryGb(vm));
        int before = fit[vm];
        fit[vm] = Capacity.executorsThatFit(state.freeCores(vm), state.freeMemoryGb(vm),
                current.coresPerExecutor(), current.memoryGbPerExecutor());
        fitTotal += fit[vm] - before;
        if (placed < current.executors()) {
            encoder.writeExecutorsLeft(observation, current.executors() - placed);
            if (config.lookAhead() && !lookAheadHolds(current, current.executors() - placed)) {
                finish(r.lookAhead(), StepEvent.LOOKAHEAD_FAILED);
                return;
            }
            result.set(observation, r.place(), false, false, StepEvent.PLACED);
            return;
        }
        startJob();
        if (job == jobs.length - 1) {
            drain();
            double reward = EpisodeReward.of(config.beta(), config.fixedReward(), state.costSoFar(), workload.maxCost,
                    sumDuration / jobs.length, workload.minMeanDuration, workload.maxMeanDuration);
            encoder.clearJob(observation);
            finish(reward, StepEvent.COMPLETED);
            return;
        }
        job++;
        placed = 0;
        double arrival = jobs[job].arrival();
        if (arrival > state.now()) {
            advanceTo(arrival);
        }
        refreshAll();
        if (config.lookAhead() && !lookAheadHolds(jobs[job], jobs[job].executors())) {
            finish(r.lookAhead(), StepEvent.LOOKAHEAD_FAILED);
            return;
        }
        result.set(observation, r.place(), false, false, StepEvent.PLACED);
    }

    /** The current job's executors are all placed: it starts now and runs for the model's duration. */
    private void startJob() {
        Job current = jobs[job];
        int from = workload.offset[job];
        int e = current.executors();
        boolean matches = DurationModel.matchesType(current, e, DurationModel.distinctVms(executorVm, from, e));
        boolean allLocal = true;
        for (int i = 0; i < e; i++) {
            allLocal &= localVm[executorVm[from + i]];
        }
        double duration = durationModel.duration(current, matches, allLocal);
        startedExcess = duration - workload.minDuration[job];
        jobStarted = true;
        double finishTime = state.now() + duration;
        for (int i = 0; i < e; i++) {
            state.extendBusyUntil(executorVm[from + i], finishTime);
        }
        running.add(job, finishTime);
        jobsStarted++;
        goodPlacements += matches ? 1 : 0;
        sumDuration += duration;
        sumTurnaround += finishTime - current.arrival();
    }

    /** Moves the clock to {@code time}, finishing every job that completes by then at its own completion time. */
    private void advanceTo(double time) {
        while (!running.isEmpty() && running.peekFinish() <= time) {
            state.advanceTo(running.peekFinish());
            release(running.poll());
        }
        state.advanceTo(time);
    }

    /** Runs every job still running to completion, so that the cost covers all busy time. */
    private void drain() {
        while (!running.isEmpty()) {
            state.advanceTo(running.peekFinish());
            release(running.poll());
        }
    }

    private void release(int j) {
        Job done = jobs[j];
        int from = workload.offset[j];
        for (int i = 0; i < done.executors(); i++) {
            state.removeExecutor(executorVm[from + i], done);
        }
    }

    /** Rewrites the whole observation and the fit counts for the current job. */
    private void refreshAll() {
        Job current = jobs[job];
        int cores = current.coresPerExecutor();
        double memory = current.memoryGbPerExecutor();
        int total = 0;
        for (int vm = 0; vm < vms; vm++) {
            int freeCores = state.freeCores(vm);
            double freeMemory = state.freeMemoryGb(vm);
            encoder.writeVm(observation, vm, freeCores, freeMemory);
            encoder.writeBusyTime(observation, vm, state.remainingBusyTime(vm));
            int f = Capacity.executorsThatFit(freeCores, freeMemory, cores, memory);
            fit[vm] = f;
            total += f;
        }
        fitTotal = total;
        encoder.writeJob(observation, current, current.executors() - placed);
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

    private void endEpisode(StepEvent event, double lastReward) {
        active = false;
        boolean completed = event == StepEvent.COMPLETED;
        lastEpisode = new EpisodeStats(completed, event, steps, totalReward, completed ? lastReward : Double.NaN,
                completed ? state.costSoFar() : Double.NaN,
                completed ? sumDuration / jobs.length : Double.NaN,
                completed ? sumTurnaround / jobs.length : Double.NaN,
                jobsStarted, jobs.length, goodPlacements, waits);
    }

    @Override
    public boolean[] actionMask() {
        if (config.masking() && maskStale) {
            computeMask();
            maskStale = false;
        }
        return mask;
    }

    /**
     * Allowed: a wait when nothing of the current job is placed and some job runs (its completion
     * will free room); a placement on a VM with room, provided the VMs together still hold every
     * executor the job needs. Placing one identical executor lowers the fit count of its VM by
     * exactly one, so the whole job stays placeable after any such placement, and a masked agent
     * never meets a penalty.
     */
    private void computeMask() {
        if (!active) {
            Arrays.fill(mask, false);
            return;
        }
        int needed = jobs[job].executors() - placed;
        boolean placeable = fitTotal >= needed;
        boolean any = false;
        for (int vm = 0; vm < vms; vm++) {
            boolean ok = placeable && fit[vm] > 0;
            mask[vm + 1] = ok;
            any |= ok;
        }
        mask[0] = placed == 0 && !running.isEmpty();
        if (!any && !mask[0]) {
            // Only reachable without the mask's guidance (e.g. after the look-ahead variant's
            // choices): every action is penalised, so let the agent wait and take the penalty.
            mask[0] = true;
        }
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
        return running.size();
    }

    /** A read-only view of the cluster now (free resources, busy VMs). */
    public ClusterView clusterView() {
        return state;
    }

    /** The cost so far (price × busy seconds). */
    public double costSoFar() {
        return state.costSoFar();
    }

    /** Steps taken in the current (or last) episode. */
    public int steps() {
        return steps;
    }

    /** The outcome of the last finished episode, or null before the first one ends. */
    public EpisodeStats lastEpisode() {
        return lastEpisode;
    }
}
