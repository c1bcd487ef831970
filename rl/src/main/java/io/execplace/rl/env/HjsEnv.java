package io.execplace.rl.env;

import io.execplace.core.metrics.HjsTarget;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.Billing;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.ClusterState;
import io.execplace.core.sim.EventKernel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The HJS environment (HJS §4.2, Table 1; SPEC §5 HJS): a driver of the {@link EventKernel} whose
 * waiting queue is ordered by {@code hjs-weight} (Eqs. 6–8, re-ranked at every decision time). At each
 * decision point the kernel offers the highest-weight waiting job and the agent places its executors
 * one by one.
 *
 * <ul>
 *   <li>Observation and mask: {@link PlacementActions}' (as the TPDS environment and trained agents
 *       running as schedulers), the {@link ObservationEncoder}'s — free cores and memory of every node, then the
 *       offered job's type, cores and memory per executor and executors left. The paper's state has
 *       no type; we keep it (it decides the ×1.3 penalty, which costs money and deadlines).</li>
 *   <li>Actions: {@code 0} skips, {@code k} places one executor on node {@code k}.</li>
 *   <li>Rewards (Table 1): the job's last executor placed +1 (earlier executors 0); a node without
 *       room −200 and the episode ends; a skip −1 and the clock moves to the next event (arrival or
 *       completion; with executors of the job already placed, to the next completion, the executors
 *       kept); every job that completes during a step +10; a skip while nothing runs −200 and the
 *       episode ends (nothing could free room).</li>
 *   <li>When the last job has started, the running jobs are run to completion (their +10 each) and
 *       the step also earns {@code Target} (Eq. 5, {@link HjsTarget}) as the final reward.</li>
 * </ul>
 * Physics, queue order and records are the kernel's, so an episode and a simulation of the same
 * decisions agree to the bit.
 */
public final class HjsEnv implements Env {

    private final Cluster cluster;
    private final HjsEnvConfig config;
    private final List<Workload> workloads;
    private final List<Job[]> jobArrays;
    private final EventKernel kernel;
    private final ClusterState state;
    private final ObservationEncoder encoder;
    private final BoxSpace observationSpace;
    private final DiscreteSpace actionSpace;
    private final int vms;
    private final double[] observation;
    private final boolean[] mask;
    private final PlacementActions actions;
    private final StepResult result = new StepResult();

    private boolean active;
    private int current;
    private int steps;
    private int skips;
    private double totalReward;
    private Episode lastEpisode;
    /** The records of an episode that just completed, until {@link #end} files them. */
    private RunResult lastEpisodeRun;
    private boolean started;
    private StepEvent lastEvent;
    /** The completing step's reward (Target plus that step's Table 1 rewards), NaN before. */
    private double completionReward;
    private final int[] fittingJobs;

    /**
     * The outcome of a finished episode.
     *
     * @param completed    every job started (the episode earned its Target)
     * @param endEvent     the event that ended it
     * @param steps        actions taken
     * @param totalReward  undiscounted sum of rewards
     * @param target       HJS Target (Eq. 5) with cost and deadline counts, or null when not completed
     *                     or the workload has no deadline job
     * @param run          the kernel's records of the episode as a simulation result, or null when not completed
     * @param skips        skip actions taken
     */
    public record Episode(boolean completed, StepEvent endEvent, int steps, double totalReward, HjsTarget target,
                          RunResult run, int skips) {
    }

    /**
     * @param cluster       the cluster
     * @param workloads     the episodes' workloads; {@link #reset(long) reset(seed)} runs
     *                      {@code workloads.get(floorMod(seed, size))}
     * @param durationModel how placements change durations (as in the simulator)
     * @param config        λ, rewards and options
     * @param scales        what normalised observations divide by (a trained agent's); null to derive
     *                      them from {@code workloads}
     */
    public HjsEnv(Cluster cluster, List<Workload> workloads, DurationModel durationModel, HjsEnvConfig config,
                  ObservationEncoder.Scales scales) {
        if (workloads.isEmpty()) {
            throw new IllegalArgumentException("the environment needs at least one workload");
        }
        this.cluster = cluster;
        this.config = config;
        this.workloads = List.copyOf(workloads);
        this.vms = cluster.size();
        List<Job[]> arrays = new ArrayList<>(workloads.size());
        int maxExecutors = 1;
        double longest = 1;
        for (Workload w : workloads) {
            boolean fits = false;
            for (Job j : w.jobs()) {
                maxExecutors = Math.max(maxExecutors, j.executors());
                longest = Math.max(longest, durationModel.maxDuration(j, cluster));
                fits |= cluster.executorCapacityWhenEmpty(j.coresPerExecutor(), j.memoryGbPerExecutor()) >= j.executors();
            }
            if (!fits) {
                throw new IllegalArgumentException("workload '" + w.name() + "' has no job that fits cluster '"
                        + cluster.name() + "'");
            }
            arrays.add(w.jobs().toArray(new Job[0]));
        }
        this.fittingJobs = new int[arrays.size()];
        for (int i = 0; i < fittingJobs.length; i++) {
            for (Job j : arrays.get(i)) {
                if (cluster.executorCapacityWhenEmpty(j.coresPerExecutor(), j.memoryGbPerExecutor()) >= j.executors()) {
                    fittingJobs[i]++;
                }
            }
        }
        this.jobArrays = arrays;
        SimulationConfig simulation = new SimulationConfig(config.queue(), false, false, durationModel,
                Billing.EXACT);
        this.kernel = new EventKernel(cluster, simulation);
        this.kernel.setDecider("hjs environment");
        this.state = kernel.state();
        this.encoder = new ObservationEncoder(cluster, config.normalised(), false,
                scales != null ? scales : new ObservationEncoder.Scales(maxExecutors, longest));
        // The environment writes the raw observation; normalisation is the NormalizeObservation wrapper.
        ObservationEncoder raw = encoder.raw();
        this.observationSpace = raw.space();
        this.actionSpace = PlacementActions.actionSpace(cluster, "skip", "node");
        this.observation = new double[encoder.size()];
        this.mask = new boolean[vms + 1];
        this.actions = new PlacementActions(raw);
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

    public HjsEnvConfig config() {
        return config;
    }

    public Cluster cluster() {
        return cluster;
    }

    /**
     * The observation encoder as the config asks (normalised or not), which agent files store and
     * trained agents running as placement policies use; the environment itself writes raw values.
     */
    public ObservationEncoder encoder() {
        return encoder;
    }

    /** Number of workloads the seeds choose from. */
    public int workloadCount() {
        return workloads.size();
    }

    /**
     * This environment with the wrappers its config asks for: {@link NormalizeObservation} when
     * {@link HjsEnvConfig#normalised()}, a {@link TimeLimit} when {@link HjsEnvConfig#maxSteps()} is set.
     */
    public Env wrapped() {
        Env env = config.normalised() ? new NormalizeObservation(this, encoder) : this;
        return TimeLimit.ifLimited(env, config.maxSteps());
    }

    @Override
    public double[] reset(long seed) {
        current = (int) Math.floorMod(seed, (long) jobArrays.size());
        kernel.reset(jobArrays.get(current));
        steps = 0;
        skips = 0;
        totalReward = 0;
        active = true;
        started = true;
        lastEvent = null;
        completionReward = Double.NaN;
        if (!kernel.nextDecision()) {
            throw new IllegalStateException("the workload offers no job"); // excluded by the constructor
        }
        refresh();
        return observation;
    }

    @Override
    public StepResult step(int action) {
        if (!active) {
            throw new IllegalStateException("no episode is running: call reset first");
        }
        PlacementActions.checkAction(action, vms);
        steps++;
        if (action == 0) {
            skip();
        } else {
            place(action - 1);
        }
        totalReward += result.reward();
        lastEvent = result.event();
        if (result.done()) {
            end(result.event());
        }
        return result;
    }

    private void place(int vm) {
        Job job = kernel.offeredJob();
        if (!state.fits(vm, job)) {
            result.set(observation, config.rewards().invalid(), true, false, StepEvent.INVALID_PLACEMENT);
            return;
        }
        if (!kernel.placeExecutor(vm)) {
            actions.placed(observation, job, vm, state.freeCores(vm), state.freeMemoryGb(vm),
                    job.executors() - kernel.executorsPlaced());
            result.set(observation, 0, false, false, StepEvent.PLACED);
            return;
        }
        moveOn(config.rewards().jobPlaced(), StepEvent.PLACED);
    }

    private void skip() {
        skips++;
        if (kernel.runningCount() == 0) {
            result.set(observation, config.rewards().deadEnd(), true, false, StepEvent.IDLE_WAIT);
            return;
        }
        if (kernel.executorsPlaced() > 0) {
            kernel.waitForCompletion();
        } else {
            kernel.skip();
        }
        moveOn(config.rewards().skip(), StepEvent.WAITED);
    }

    /** Goes to the next decision point, paying +10 per job that completes on the way; ends the episode when none is left. */
    private void moveOn(double reward, StepEvent event) {
        int before = completed();
        boolean more = kernel.nextDecision();
        if (more) {
            refresh();
            result.set(observation, reward + config.rewards().jobCompleted() * (completed() - before), false, false, event);
            return;
        }
        kernel.drain();
        double r = reward + config.rewards().jobCompleted() * (completed() - before);
        actions.encoder().clearJob(observation);
        RunResult run = kernel.result("hjs environment", new long[0], 0);
        HjsTarget target = HjsTarget.of(run);
        double finalReward = target == null ? 0 : target.target();
        lastEpisodeRun = run;
        completionReward = r + finalReward;
        result.set(observation, completionReward, true, false, StepEvent.COMPLETED);
    }

    /** Jobs that have finished so far. */
    private int completed() {
        return kernel.jobsStarted() - kernel.runningCount();
    }

    private void refresh() {
        Job job = kernel.offeredJob();
        actions.observe(observation, state, job, job.executors() - kernel.executorsPlaced());
    }

    private void end(StepEvent event) {
        active = false;
        boolean completed = event == StepEvent.COMPLETED;
        RunResult run = completed ? lastEpisodeRun : null;
        lastEpisode = new Episode(completed, event, steps, totalReward, run == null ? null : HjsTarget.of(run), run,
                skips);
        lastEpisodeRun = null;
    }

    /**
     * What the episode achieved so far. {@code episodeReward} is the completing step's reward: the
     * Target plus that step's own Table 1 rewards (+1 for the last job, +10 per job that finished
     * during it); {@code waits} counts skips.
     */
    @Override
    public EpisodeOutcome outcome() {
        if (!started) {
            throw new IllegalStateException("no episode yet: call reset first");
        }
        boolean completed = lastEvent == StepEvent.COMPLETED;
        int started = kernel.jobsStarted();
        int jobs = fittingJobs[current];
        return EpisodeOutcome.builder()
                .completed(completed)
                .endEvent(lastEvent)
                .episodeReward(completed ? completionReward : Double.NaN)
                .cost(completed ? state.costSoFar() : Double.NaN)
                .meanDuration(completed ? kernel.sumStartedDuration() / started : Double.NaN)
                .meanTurnaround(completed ? kernel.sumStartedTurnaround() / started : Double.NaN)
                .deadlineMetPercent(kernel.deadlineMetPercent())
                .jobsPlaced(started)
                .jobs(jobs)
                .jobsDropped(jobArrays.get(current).length - jobs)
                .goodPlacements(kernel.goodPlacements())
                .waits(skips)
                .build();
    }

    @Override
    public boolean[] actionMask() {
        if (!config.masking()) {
            return mask;
        }
        if (!active) {
            Arrays.fill(mask, false);
            return mask;
        }
        actions.mask(mask, kernel.offeredJob().executors() - kernel.executorsPlaced(), kernel.executorsPlaced() > 0,
                kernel.runningCount() > 0);
        return mask;
    }

    // ---- inspection (tests, tools) -------------------------------------------------------------

    /** True while an episode runs. */
    public boolean active() {
        return active;
    }

    /** The clock, seconds. */
    public double now() {
        return kernel.now();
    }

    /** The job offered now. */
    public Job offeredJob() {
        return kernel.offeredJob();
    }

    /** Executors of the offered job placed so far. */
    public int executorsPlaced() {
        return kernel.executorsPlaced();
    }

    /** The outcome of the last finished episode, or null before the first one ends. */
    public Episode lastEpisode() {
        return lastEpisode;
    }
}
