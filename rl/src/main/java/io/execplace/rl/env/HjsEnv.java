package io.execplace.rl.env;

import io.execplace.core.metrics.HjsTarget;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ExecutorDemand;
import io.execplace.core.model.Job;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.Billing;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.EventKernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The HJS environment (HJS §4.2, Table 1): a driver of the {@link EventKernel} whose
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
 * Physics, queue order and records are the kernel's (the {@link KernelEnv} base), so an episode and
 * a simulation of the same decisions agree to the bit. Episode {@code e} runs workload
 * {@code floorMod(e, count)}. On a workload with executor demands the kernel's executor requests
 * (dynamic allocation) are offered like jobs; placing one's last executor earns the job reward. On
 * pools with driver pods the kernel places an application's driver with its last executor; when no
 * node can take it, the executors go and the step counts as a skip ({@link EventKernel#placeExecutor}).
 */
public final class HjsEnv extends KernelEnv {

    private final HjsEnvConfig config;
    private final List<Job[]> jobArrays;
    /** Per workload: its executor demands by job id (dynamic allocation). */
    private final List<Map<Integer, ExecutorDemand>> demands;
    /** Per workload: its jobs that fit the empty cluster. */
    private final int[] fittingJobs;

    private int current;
    private int steps;
    private int skips;
    private double totalReward;
    private Episode lastEpisode;
    /** The records of an episode that just completed, until {@link #ended} files them. */
    private RunResult lastEpisodeRun;

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
     * @param workloads     the episodes' workloads; episode {@code e} runs {@code workloads.get(floorMod(e, size))}
     * @param durationModel how placements change durations (as in the simulator)
     * @param config        λ, rewards and options
     * @param scales        what normalised observations divide by (a trained agent's); null to derive
     *                      them from {@code workloads}
     */
    public HjsEnv(Cluster cluster, List<Workload> workloads, DurationModel durationModel, HjsEnvConfig config,
                  ObservationEncoder.Scales scales) {
        super(cluster, new SimulationConfig(config.queue(), false, false, durationModel, Billing.EXACT),
                new ObservationEncoder(cluster, config.observation().normalised(), false,
                        scales != null ? scales : scalesOf(cluster, workloads, durationModel)),
                config.observation().masking(), config.observation().maxSteps(), "skip", "node");
        this.config = config;
        List<Job[]> arrays = new ArrayList<>(workloads.size());
        List<Map<Integer, ExecutorDemand>> demandMaps = new ArrayList<>(workloads.size());
        this.fittingJobs = new int[workloads.size()];
        for (Workload w : workloads) {
            int fitting = 0;
            for (Job j : w.jobs()) {
                if (cluster.executorCapacityWhenEmpty(j.coresPerExecutor(), j.memoryGbPerExecutor()) >= j.executors()) {
                    fitting++;
                }
            }
            if (fitting == 0) {
                throw new IllegalArgumentException("workload '" + w.name() + "' has no job that fits cluster '"
                        + cluster.name() + "'");
            }
            fittingJobs[arrays.size()] = fitting;
            arrays.add(w.jobs().toArray(new Job[0]));
            demandMaps.add(w.demands());
        }
        this.jobArrays = arrays;
        this.demands = demandMaps;
        this.kernel.setDecider("hjs environment");
    }

    private static ObservationEncoder.Scales scalesOf(Cluster cluster, List<Workload> workloads,
                                                      DurationModel durationModel) {
        if (workloads.isEmpty()) {
            throw new IllegalArgumentException("the environment needs at least one workload");
        }
        int maxExecutors = 1;
        double longest = 1;
        for (Workload w : workloads) {
            for (Job j : w.jobs()) {
                maxExecutors = Math.max(maxExecutors, j.executors());
                longest = Math.max(longest, durationModel.maxDuration(j, cluster));
            }
        }
        return new ObservationEncoder.Scales(maxExecutors, longest);
    }

    public HjsEnvConfig config() {
        return config;
    }

    /** True when some workload has executor demands (dynamic allocation). */
    public boolean hasExecutorDemands() {
        return demands.stream().anyMatch(d -> !d.isEmpty());
    }

    /** Number of workloads the episodes cycle through. */
    public int workloadCount() {
        return jobArrays.size();
    }

    @Override
    protected void startEpisode(long seed, long episode) {
        current = choose(episode, jobArrays.size());
        kernel.reset(jobArrays.get(current), demands.get(current));
        steps = 0;
        skips = 0;
        totalReward = 0;
        if (!kernel.nextDecision()) {
            throw new IllegalStateException("the workload offers no job"); // excluded by the constructor
        }
    }

    @Override
    protected void act(int action) {
        steps++;
        if (action == 0) {
            skip();
        } else {
            place(action - 1);
        }
        totalReward += result.reward();
    }

    private void place(int vm) {
        Job job = kernel.offeredJob();
        if (!state.fits(vm, job)) {
            result.set(observation, config.rewards().invalid(), true, false, StepEvent.INVALID_PLACEMENT);
            return;
        }
        if (!kernel.placeExecutor(vm)) {
            actions.placed(observation, state, job, vm, job.executors() - kernel.executorsPlaced());
            result.set(observation, 0, false, false, StepEvent.PLACED);
            return;
        }
        if (kernel.driverWithoutNode()) {
            // No node can take the application's driver (pools with driver pods): it waits again, as after a skip.
            moveOn(config.rewards().skip(), StepEvent.WAITED);
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
        result.set(observation, r + finalReward, true, false, StepEvent.COMPLETED);
    }

    /** Jobs that have finished so far (executor requests of dynamic allocation are not jobs). */
    private int completed() {
        return kernel.tally().jobsStarted() - kernel.runningJobCount();
    }

    @Override
    protected void ended() {
        boolean completed = result.event() == StepEvent.COMPLETED;
        RunResult run = completed ? lastEpisodeRun : null;
        lastEpisode = new Episode(completed, result.event(), steps, totalReward, run == null ? null : HjsTarget.of(run),
                run, skips);
        lastEpisodeRun = null;
    }

    @Override
    protected double invalidReward() {
        return config.rewards().invalid();
    }

    @Override
    protected int jobCount() {
        return fittingJobs[current];
    }

    @Override
    protected int droppedJobCount() {
        return jobArrays.get(current).length - fittingJobs[current];
    }

    // ---- inspection (tests, tools) -------------------------------------------------------------

    @Override
    public Job currentJob() {
        return kernel.offeredJob();
    }

    @Override
    public int executorsPlaced() {
        return kernel.executorsPlaced();
    }

    /** The outcome of the last finished episode, or null before the first one ends. */
    public Episode lastEpisode() {
        return lastEpisode;
    }
}
