package io.execplace.liu.env;

import io.execplace.rl.env.BoxSpace;
import io.execplace.rl.env.DiscreteSpace;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.EpisodeOutcome;
import io.execplace.rl.env.StepEvent;
import io.execplace.rl.env.StepResult;

import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.model.LiuApp;
import io.execplace.liu.model.LiuWorkloadGenerator;
import io.execplace.liu.model.LiuWorkloadSpec;
import io.execplace.liu.sim.LiuEpisode;
import io.execplace.liu.sim.LiuSimulation;
import io.execplace.liu.sim.LiuView;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongFunction;

/**
 * The LIU multi-cluster environment (LIU §IV): at each decision the observation is the Table I
 * state of the <em>current</em> waiting application, and the action is the cluster it is sent to.
 * The current application is the earliest waiting one unless the agent {@link #select selects}
 * another: that is how the paper's agent chooses among several waiting applications, by scoring
 * every (application, cluster) pair with {@link #observe} and selecting the best (§IV-C1).
 *
 * <p>The reward of a step is minus the deadlines missed from that decision to the next, so an
 * episode's undiscounted return is {@code −TMDL}; the paper's agent learns from the Monte-Carlo
 * values of Eqs. 1–2 instead, which it computes from {@link #episode()}. Episode {@code e} of
 * {@link #reset(long, long)} is the workload generated from {@code e} (the paper trains on
 * randomised workloads), or the workload source's {@code e}-th when one is given.
 */
public final class LiuEnv implements Env {

    private final LiuSimulation sim;
    private final LiuObservation encoder;
    private final LongFunction<List<LiuApp>> workloads;
    private final BoxSpace observationSpace;
    private final DiscreteSpace actionSpace;
    private final double[] observation;
    private final boolean[] mask;
    private final StepResult result = new StepResult();
    private boolean running;
    /** An episode has been reset at least once (the outcome exists from then on). */
    private boolean started;
    private int current;
    private int missesBefore;
    private int steps;
    private int jobs;
    private int[] arrivals = new int[0];
    private StepEvent lastEvent;
    private double lastReward;

    /** Random workloads of a spec, one per episode number. */
    public LiuEnv(ExecutorClusters clusters, LiuWorkloadSpec spec, LiuObservation encoder, double minShare) {
        this(clusters, seed -> LiuWorkloadGenerator.generate(spec, seed), encoder, minShare);
    }

    /** Workloads from a source (e.g. the fixed test workloads). */
    public LiuEnv(ExecutorClusters clusters, LongFunction<List<LiuApp>> workloads, LiuObservation encoder,
                  double minShare) {
        if (encoder.clusters() != clusters.count()) {
            throw new IllegalArgumentException("the observation is for " + encoder.clusters() + " clusters, the set has "
                    + clusters.count());
        }
        this.sim = new LiuSimulation(clusters, minShare);
        this.encoder = encoder;
        this.workloads = workloads;
        this.observationSpace = encoder.space();
        List<String> labels = new ArrayList<>();
        for (int k = 0; k < clusters.count(); k++) {
            labels.add("cluster-" + k + " (" + clusters.slots(k) + ")");
        }
        this.actionSpace = new DiscreteSpace(labels);
        this.observation = new double[encoder.size()];
        this.mask = new boolean[clusters.count()];
        Arrays.fill(mask, true);
    }

    @Override
    public BoxSpace observationSpace() {
        return observationSpace;
    }

    @Override
    public DiscreteSpace actionSpace() {
        return actionSpace;
    }

    public LiuObservation encoder() {
        return encoder;
    }

    @Override
    public double[] reset(long seed, long episode) {
        List<LiuApp> w = workloads.apply(episode);
        sim.reset(w);
        jobs = w.size();
        arrivals = new int[jobs];
        for (int i = 0; i < jobs; i++) {
            arrivals[i] = w.get(i).arrival();
        }
        lastEvent = null;
        lastReward = Double.NaN;
        started = true;
        running = sim.decisionPending();
        current = 0;
        missesBefore = 0;
        steps = 0;
        fill();
        return observation;
    }

    /** Applications waiting now (at least 1 while the episode runs). */
    public int waitingCount() {
        return running ? sim.waitingCount() : 0;
    }

    /** Makes waiting application {@code k} the current one (the one the next step dispatches). */
    public double[] select(int k) {
        requireRunning();
        if (k < 0 || k >= sim.waitingCount()) {
            throw new IndexOutOfBoundsException("waiting application " + k + " of " + sim.waitingCount());
        }
        current = k;
        fill();
        return observation;
    }

    /** The waiting application the next step dispatches. */
    public int current() {
        return current;
    }

    /**
     * Writes the observations of all waiting applications as rows of {@code dst} (row-major,
     * {@link #observationSize()} wide), for scoring them in one batch; returns the row count.
     */
    public int observeAll(double[] dst) {
        requireRunning();
        int n = sim.waitingCount();
        int w = encoder.size();
        encoder.writeClusters(sim, dst, 0);
        for (int k = 1; k < n; k++) {
            System.arraycopy(dst, 0, dst, k * w, encoder.appOffset());
        }
        for (int k = 0; k < n; k++) {
            encoder.writeApp(sim.waiting(k), dst, k * w + encoder.appOffset());
        }
        return n;
    }

    /** Read-only view of the clusters and the pool (for rule-based guidance). */
    public LiuView view() {
        return sim;
    }

    @Override
    public StepResult step(int action) {
        requireRunning();
        if (!actionSpace.contains(action)) {
            throw new IllegalArgumentException("action " + action + " is not a cluster in 0.." + (mask.length - 1));
        }
        sim.dispatch(current, action);
        steps++;
        int misses = sim.missedDeadlines();
        double reward = -(misses - missesBefore);
        missesBefore = misses;
        running = sim.decisionPending();
        current = 0;
        fill();
        lastEvent = running ? StepEvent.PLACED : StepEvent.COMPLETED;
        lastReward = reward;
        result.set(observation, reward, !running, false, lastEvent);
        return result;
    }

    @Override
    public boolean[] actionMask() {
        return mask;
    }

    /**
     * The episode's results in the common form: {@code cost} is the executor-slices occupied (LIU
     * has no prices), durations are in slices (dispatch → last run finished; arrival → last run
     * finished), deadline-met is over runs with a deadline; TMDL and AJDR are in {@link #episode()}.
     * While the episode runs only the decisions so far are filled in.
     *
     * @throws IllegalStateException before the first {@link #reset}
     */
    @Override
    public EpisodeOutcome outcome() {
        if (!started) {
            throw new IllegalStateException("no episode yet: call reset first");
        }
        if (lastEvent == null || running) {
            return EpisodeOutcome.builder().endEvent(lastEvent).jobsPlaced(steps).jobs(jobs).build();
        }
        LiuEpisode e = sim.episode();
        double duration = 0;
        double turnaround = 0;
        for (int i = 0; i < e.apps(); i++) {
            duration += e.app(i).end() - e.app(i).dispatched();
            turnaround += e.app(i).end() - arrivals[i];
        }
        return EpisodeOutcome.builder().completed(true).endEvent(lastEvent).episodeReward(lastReward)
                .cost(e.executorSlices()).meanDuration(duration / e.apps()).meanTurnaround(turnaround / e.apps())
                .deadlineMetPercent(e.deadlineRuns() == 0 ? Double.NaN
                        : 100.0 * (e.deadlineRuns() - e.totalMissed()) / e.deadlineRuns())
                .jobsPlaced(steps).jobs(jobs).build();
    }

    /** Decisions taken in this episode. */
    public int steps() {
        return steps;
    }

    /** The finished episode's records (TMDL, AJDR, per-application outcomes). */
    public LiuEpisode episode() {
        return sim.episode();
    }

    private void fill() {
        if (running) {
            encoder.writeClusters(sim, observation, 0);
            encoder.writeApp(sim.waiting(current), observation, encoder.appOffset());
        }
    }

    private void requireRunning() {
        if (!running) {
            throw new IllegalStateException("no episode is running: call reset first");
        }
    }
}
