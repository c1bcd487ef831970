package io.execplace.rl.env;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.ClusterState;
import io.execplace.core.sim.EventKernel;

import java.util.Arrays;

/**
 * The base of the environments that drive the simulator's {@link EventKernel} executor by executor
 * ({@link TpdsEnv}, {@link HjsEnv}): the kernel, the observation encoder and the {@link PlacementActions}
 * over it, the spaces, the cached mask, the reset and step guards and the {@link EpisodeOutcome}.
 * A subclass keeps only what makes it itself: which episode a reset runs, what an action does and
 * earns ({@link #act}), and when the episode ends.
 *
 * <p>Actions: {@code 0} waits (skips), {@code k} places one executor of the current job on VM
 * {@code k}. The environment writes the raw observation; {@link #wrapped()} adds the normalisation
 * and the step limit the configuration asks for.
 */
public abstract class KernelEnv implements Env {

    protected final Cluster cluster;
    protected final EventKernel kernel;
    protected final ClusterState state;
    /** The encoder as configured (normalised or not): agent files store it. */
    protected final ObservationEncoder encoder;
    /** Observation and mask over the raw encoder. */
    protected final PlacementActions actions;
    protected final int vms;
    protected final double[] observation;
    protected final StepResult result = new StepResult();

    private final BoxSpace observationSpace;
    private final DiscreteSpace actionSpace;
    private final boolean masking;
    private final boolean normalised;
    private final int maxSteps;
    private final boolean[] mask;
    private boolean maskStale = true;

    private boolean active;
    private boolean started;
    private StepEvent lastEvent;
    /** The completing step's reward, NaN until an episode completes. */
    private double completionReward;
    private int waits;

    /**
     * @param cluster    the cluster
     * @param simulation the kernel's rules (queue order, duration model; exact billing)
     * @param encoder    the observation as configured (normalised or not, busy times or not)
     * @param masking    offer an action mask; when false every action is always allowed
     * @param maxSteps   the {@link TimeLimit} of {@link #wrapped()}, 0 for none
     * @param waitLabel  the name of action 0 ({@code wait}, {@code skip})
     * @param vmLabel    the word before a VM's number in the action names ({@code vm}, {@code node})
     */
    protected KernelEnv(Cluster cluster, SimulationConfig simulation, ObservationEncoder encoder, boolean masking,
                        int maxSteps, String waitLabel, String vmLabel) {
        this.cluster = cluster;
        this.vms = cluster.size();
        this.kernel = new EventKernel(cluster, simulation);
        this.state = kernel.state();
        this.encoder = encoder;
        this.normalised = encoder.normalised();
        this.masking = masking;
        this.maxSteps = maxSteps;
        ObservationEncoder raw = encoder.raw();
        this.observationSpace = raw.space();
        this.actions = new PlacementActions(raw);
        this.actionSpace = PlacementActions.actionSpace(cluster, waitLabel, vmLabel);
        this.observation = new double[encoder.size()];
        this.mask = new boolean[vms + 1];
        if (!masking) {
            Arrays.fill(mask, true);
        }
    }

    // ---- what a subclass provides ----------------------------------------------------------------

    /**
     * Resets the kernel to episode {@code episode} (its own episode numbering) and moves it to the
     * first decision; {@code seed} seeds anything random within the episode.
     */
    protected abstract void startEpisode(long seed, long episode);

    /** Applies a checked action (0 = wait) and writes {@link #result}; a terminal result ends the episode. */
    protected abstract void act(int action);

    /** The job whose executors are being placed now. */
    public abstract Job currentJob();

    /** Executors of the current job placed so far. */
    public abstract int executorsPlaced();

    /** The jobs the episode counts (those that fit the empty cluster). */
    protected abstract int jobCount();

    /** Jobs of the episode's workload left out because they do not fit the empty cluster. */
    protected abstract int droppedJobCount();

    /** The reward of a placement that does not fit (it ends the episode). */
    protected abstract double invalidReward();

    /** Called once when an episode has ended (after its outcome is final). */
    protected void ended() {
    }

    /** The episode with number {@code episode} among {@code n}: {@code floorMod(episode, n)}. */
    protected static int choose(long episode, int n) {
        return (int) Math.floorMod(episode, (long) n);
    }

    // ---- the Env contract ------------------------------------------------------------------------

    @Override
    public final BoxSpace observationSpace() {
        return observationSpace;
    }

    @Override
    public final DiscreteSpace actionSpace() {
        return actionSpace;
    }

    @Override
    public final double[] reset(long seed, long episode) {
        startEpisode(seed, episode);
        waits = 0;
        lastEvent = null;
        completionReward = Double.NaN;
        started = true;
        active = true;
        maskStale = true;
        refresh();
        return observation;
    }

    @Override
    public final StepResult step(int action) {
        if (!active) {
            throw new IllegalStateException("no episode is running: call reset first");
        }
        PlacementActions.checkAction(action, vms);
        maskStale = true;
        if (action == 0) {
            waits++;
        }
        act(action);
        return recorded();
    }

    /**
     * Ends the episode as a placement that does not fit does ({@link StepEvent#INVALID_PLACEMENT},
     * with the invalid-placement reward), for a caller whose action space is wider than this
     * cluster ({@code PairEnv}'s unused slots), so that those actions behave as every other
     * masked-out action instead of being refused.
     *
     * @throws IllegalStateException when no episode is running
     */
    public final StepResult stepInvalid() {
        if (!active) {
            throw new IllegalStateException("no episode is running: call reset first");
        }
        maskStale = true;
        result.set(observation, invalidReward(), true, false, StepEvent.INVALID_PLACEMENT);
        return recorded();
    }

    private StepResult recorded() {
        if (lastEvent != result.event()) { // a reference store costs a write barrier: only when it changes
            lastEvent = result.event();
        }
        if (result.done()) {
            active = false;
            if (lastEvent == StepEvent.COMPLETED) {
                completionReward = result.reward();
            }
            ended();
        }
        return result;
    }

    @Override
    public final boolean[] actionMask() {
        if (masking && maskStale) {
            if (active) {
                int placed = executorsPlaced();
                actions.mask(mask, currentJob().executors() - placed, placed > 0, kernel.runningCount() > 0);
            } else {
                Arrays.fill(mask, false);
            }
            maskStale = false;
        }
        return mask;
    }

    /**
     * The mask as bytes and the allowed actions listed, while an episode runs with masking, straight
     * from the fit counts ({@link PlacementActions#writeMask}): no boolean mask on the way, which a
     * batch's step otherwise wrote and converted for every environment (profiled: a fifth of a
     * batched step in the Python process went into the mask). Otherwise as {@link #actionMask()}.
     */
    @Override
    public final int writeActionMask(byte[] rows, int base, int[] allowed) {
        if (!masking || !active) {
            return Env.super.writeActionMask(rows, base, allowed);
        }
        int placed = executorsPlaced();
        return actions.writeMask(rows, base, allowed, currentJob().executors() - placed, placed > 0,
                kernel.runningCount() > 0);
    }

    /**
     * What the episode has achieved so far; cost and durations once it has completed. {@code
     * episodeReward} is the completing step's reward, {@code waits} counts the wait (skip) actions.
     */
    @Override
    public final EpisodeOutcome outcome() {
        if (!started) {
            throw new IllegalStateException("no episode yet: call reset first");
        }
        boolean completed = lastEvent == StepEvent.COMPLETED;
        int jobsStarted = kernel.tally().jobsStarted();
        return EpisodeOutcome.builder()
                .completed(completed)
                .endEvent(lastEvent)
                .episodeReward(completionReward)
                .cost(completed ? state.costSoFar() : Double.NaN)
                .meanDuration(completed ? kernel.tally().sumDuration() / jobsStarted : Double.NaN)
                .meanTurnaround(completed ? kernel.tally().sumTurnaround() / jobsStarted : Double.NaN)
                .deadlineMetPercent(kernel.tally().deadlineMetPercent())
                .jobsPlaced(jobsStarted)
                .jobs(jobCount())
                .jobsDropped(droppedJobCount())
                .goodPlacements(kernel.tally().goodPlacements())
                .waits(waits)
                .capacity(kernel.capacity())
                .build();
    }

    /**
     * This environment with the wrappers its configuration asks for: {@link NormalizeObservation}
     * when normalised, then a {@link TimeLimit} when a step limit is set. Train, evaluate and
     * benchmark on this, not on the bare environment.
     */
    public final Env wrapped() {
        Env env = normalised ? new NormalizeObservation(this, encoder) : this;
        return TimeLimit.ifLimited(env, maxSteps);
    }

    /** Rewrites the whole observation and the fit counts for the current job. */
    protected final void refresh() {
        Job job = currentJob();
        actions.observe(observation, state, job, job.executors() - executorsPlaced());
    }

    // ---- inspection (trainers, tests, tools) ----------------------------------------------------

    public final Cluster cluster() {
        return cluster;
    }

    /**
     * The observation encoder as configured, normalised or not (stored with a trained agent, which
     * uses it as a scheduler). The environment itself writes the raw observation.
     */
    public final ObservationEncoder encoder() {
        return encoder;
    }

    /** True while an episode runs. */
    public final boolean active() {
        return active;
    }

    /** The clock, seconds. */
    public final double now() {
        return state.now();
    }

    /** Jobs running now. */
    public final int runningJobs() {
        return kernel.runningCount();
    }

    /** A read-only view of the cluster now (free resources, busy VMs). */
    public final ClusterView clusterView() {
        return state;
    }

    /** The cost so far (price × busy seconds). */
    public final double costSoFar() {
        return state.costSoFar();
    }
}
