package io.execplace.schedulers.lookahead;

import io.execplace.core.metrics.HjsTarget;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.policy.RunningJob;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.sim.ClusterState;
import io.execplace.core.sim.ResumedRun;
import io.execplace.schedulers.spi.SchedulerContext;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * {@code lookahead}: for each job, a handful of candidate placements — the rollout policy's own,
 * {@code milp}'s per-job optimum, the heuristics' choices — and waiting, each scored by simulating
 * the jobs running now plus sampled future arrivals with a fast rollout policy on a copy of the
 * state; the candidate with the least mean cost from now on wins (ties: the earlier candidate:
 * milp's, then the rollout policy's own).
 *
 * <p>It is an online scheduler: it never sees the workload. It learns from the jobs offered to it —
 * their shapes and arrival gaps — and samples each future as {@code horizon} jobs drawn from those
 * shapes with gaps drawn from those gaps (seeded: runs are reproducible; {@link Forecast}, which may
 * also draw on a pool of training jobs). It knows which jobs run
 * where from the view when the view reports them ({@link ClusterView#runningJobs()}: the simulator's
 * and the environments' do, so it can also label the decisions of another policy, as expert
 * iteration needs). Otherwise it remembers every placement it makes and checks them against the
 * view's executor counts; if they disagree, e.g. because deadline admission dropped a job after
 * placing it, it forgets what it cannot reconcile and acts as the rollout policy for that decision.
 *
 * <p>With horizon 0 it is exactly its rollout policy.
 *
 * <p>On an elastic cluster it weighs the elastic policies' decisions instead and rolls them out on the
 * event kernel resumed from the run's state ({@link ElasticRollouts}); its rollout policy is then
 * {@code finish-together-spot} unless another is named.
 *
 * <p>{@link #knowing(List)} makes a <em>clairvoyant</em> copy for measurements, not for use: its
 * rollouts see the true next arrivals of the workload instead of sampled ones, which tells how much
 * of the gap to a better schedule is due to not knowing the future.
 */
public final class Lookahead implements PlacementPolicy {

    /** Registry name. */
    public static final String NAME = "lookahead";

    private final LookaheadOptions options;
    /** The placements weighed per job; they include the rollout policy's own. */
    private final CandidatePlacements candidates;
    /** A second instance for rollouts, so that they never disturb the state of the one that decides. */
    private final PlacementPolicy rolloutCopy;
    private final SplittableRandom random;
    private final SchedulerContext context;
    /** The candidates and kernel rollouts on an elastic cluster, made when one is first seen. */
    private ElasticRollouts elastic;
    private final List<RolloutSimulator.Running> running = new ArrayList<>();
    /** What it expects to arrive, learnt from the jobs offered. */
    private final Forecast forecast;
    private RolloutSimulator simulator;
    private Cluster cluster;
    /** The true futures when clairvoyant, else null. */
    private Clairvoyance known;
    /** The last miss penalty and the number of jobs it was computed from. */
    private double penalty;
    private int penaltyJobs = -1;

    /**
     * A policy whose rollout policy and candidate sources are made by the registry in {@code context}
     * (with the run's seed and options), so any registered scheduler, a trained agent included, can
     * be the rollout policy.
     */
    public Lookahead(SchedulerContext context) {
        this.options = LookaheadOptions.of(context.options());
        this.candidates = new CandidatePlacements(context, options.rollout(), options.proposer(), options.candidates());
        this.rolloutCopy = context.create(options.rollout());
        this.random = new SplittableRandom(context.seed());
        this.forecast = new Forecast(ForecastPool.of(context.options()));
        this.context = context;
    }

    /**
     * Makes this scheduler clairvoyant (a reference for measurements): its rollouts simulate the
     * true next {@code horizon} jobs of {@code jobs} (the whole workload) after the one being
     * decided, one future per decision.
     *
     * @return this scheduler
     */
    public Lookahead knowing(List<Job> jobs) {
        return knowing(jobs, List.of());
    }

    /**
     * As {@link #knowing(List)}, and each decision is also scored on one future per workload of
     * {@code others} (a teacher's labels, averaged over futures): the true jobs that have arrived
     * by now after the one being decided, then the other workload's jobs arriving after now. When
     * the other workloads come from the same generator as {@code jobs} (another seed of the same
     * preset) and arrivals are a Poisson process, such a future is a draw of what could follow the
     * state, where the true future is only one draw; the mean score over them is a less noisy label.
     *
     * @return this scheduler
     */
    public Lookahead knowing(List<Job> jobs, List<List<Job>> others) {
        known = new Clairvoyance(jobs, others, Clairvoyance.Knows.ALL);
        penaltyJobs = -1;
        return this;
    }

    /**
     * A clairvoyant reference told only part of the truth, to tell which part of a forecast's error
     * matters: with {@code arrivalsOnly} the true next arrival times with shapes sampled from the jobs
     * seen, else the true next shapes and deadline slacks with arrival gaps sampled.
     *
     * @return this scheduler
     */
    public Lookahead knowingPart(List<Job> jobs, boolean arrivalsOnly) {
        known = new Clairvoyance(jobs, List.of(), arrivalsOnly ? Clairvoyance.Knows.ARRIVALS : Clairvoyance.Knows.SHAPES);
        penaltyJobs = -1;
        return this;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** As its rollout policy: a job the rollout policy would drop on arrival is dropped here too. */
    @Override
    public String neverPlaces(Job job, Cluster cluster) {
        return candidates.neverPlaces(job, cluster);
    }

    @Override
    public Placement place(Job job, ClusterView view) {
        if (view.cluster().isElastic() && ResumedRun.canResume(view)) {
            return placeElastic(job, (ClusterState) view);
        }
        Placement own = candidates.own(job, view);
        if (options.horizon() == 0) {
            return own;
        }
        boolean ready = prepare(job, view);
        if (own == null || own.isNone() || !ready) {
            return remember(job, own, view);
        }
        List<Placement> weighed = candidates.of(job, view, own);
        double[] score = score(job, view, weighed);
        // Another candidate must beat the first (milp's) by the margin: small differences are mostly noise.
        int best = 0;
        double toBeat = score[0] * (1 - options.margin());
        for (int c = 1; c < score.length; c++) {
            if (score[c] < toBeat && score[c] < score[best] * (1 - 1e-12)) {
                best = c;
            }
        }
        return remember(job, weighed.get(best), view);
    }

    /** Elastic cluster: the elastic policies' decisions and waiting, rolled out on the kernel resumed here ({@link ElasticRollouts}). */
    private Placement placeElastic(Job job, ClusterState state) {
        if (elastic == null) {
            elastic = new ElasticRollouts(context, options);
        }
        Placement own = elastic.own(job, state);
        if (options.horizon() == 0 || !prepare(job, state)) {
            return own;
        }
        List<Placement> weighed = elastic.candidates(job, state, own);
        if (weighed.size() < 2) {
            return own;
        }
        int samples = futures();
        List<List<Job>> futures = new ArrayList<>(samples);
        long[] seeds = new long[samples];
        for (int s = 0; s < samples; s++) {
            futures.add(future(s, job, state.now(), true));
            seeds[s] = random.nextLong();
        }
        return weighed.get(elastic.choose(job, state, weighed, futures, seeds, options.margin(), options.guardsMean()));
    }

    /**
     * The mean rollout score (cost from now on, plus missed deadlines' worth with the Target
     * objective) of each of {@code placements} for {@code job}, without deciding: how a teacher
     * labels the decisions of another policy. Null when this planner cannot score yet (before the
     * second arrival, or when the running jobs are not known).
     */
    public double[] scores(Job job, ClusterView view, List<Placement> placements) {
        if (options.horizon() == 0 || placements.isEmpty() || !prepare(job, view)) {
            return null;
        }
        double[] sum = score(job, view, placements);
        int samples = futures();
        for (int c = 0; c < sum.length; c++) {
            sum[c] /= samples;
        }
        return sum;
    }

    /** Learns from the job and the view; true when the running jobs are known and arrivals can be sampled. */
    private boolean prepare(Job job, ClusterView view) {
        if (view.cluster() != cluster) {
            // Another cluster (a policy object reused across runs): nothing known carries over.
            cluster = view.cluster();
            running.clear();
            simulator = null;
            forecast.clear();
            penaltyJobs = -1;
        }
        forecast.observe(job);
        boolean runningKnown = view.runningJobs().map(this::takeRunning).orElseGet(() -> reconcile(view));
        return runningKnown && forecast.ready();
    }

    private double[] score(Job job, ClusterView view, List<Placement> placements) {
        if (simulator == null) {
            simulator = new RolloutSimulator(view.cluster(), view.durationModel());
        }
        double[] score = new double[placements.size()];
        double missPenalty = options.scoresTarget() ? missPenalty(view.cluster(), view.durationModel()) : 0;
        int samples = futures();
        for (int s = 0; s < samples; s++) {
            List<Job> future = future(s, job, view.now(), false);
            for (int c = 0; c < placements.size(); c++) {
                score[c] += simulator.cost(view.now(), running, job, placements.get(c), future, rolloutCopy, missPenalty);
            }
        }
        return score; // sums: the mean times the samples
    }

    /**
     * What one missed deadline is worth in cost under HJS Eq. 5's Target, {@code C_max / D_num}, from
     * the workload's jobs when clairvoyant, else from those seen so far (both terms grow with the
     * jobs, so their ratio is estimated from a sample); 0 before any deadline job.
     */
    private double missPenalty(Cluster c, DurationModel model) {
        List<Job> jobs = known != null ? known.jobs() : forecast.seen();
        if (jobs.size() == penaltyJobs) {
            return penalty; // nothing new seen since it was computed
        }
        penaltyJobs = jobs.size();
        int deadlineJobs = 0;
        for (Job j : jobs) {
            deadlineJobs += j.hasDeadline() ? 1 : 0;
        }
        penalty = deadlineJobs == 0 ? 0 : HjsTarget.maxCost(jobs, c, model) / deadlineJobs;
        return penalty;
    }

    private Placement remember(Job job, Placement p, ClusterView view) {
        if (p != null && !p.isNone()) {
            running.add(new RolloutSimulator.Running(job, p,
                    view.now() + view.durationModel().duration(job, p, view.cluster())));
        }
        return p;
    }

    /** Starts from the running jobs the view reports (a simulator's view knows them exactly). */
    private boolean takeRunning(List<RunningJob> jobs) {
        running.clear();
        for (RunningJob r : jobs) {
            running.add(new RolloutSimulator.Running(r.job(), r.placement(), r.finish()));
        }
        return true;
    }

    /**
     * Drops jobs finished by now and checks the rest against the view's executor counts; returns
     * false (and forgets them) if they do not match.
     */
    private boolean reconcile(ClusterView view) {
        double now = view.now();
        running.removeIf(r -> r.finish() <= now);
        for (int attempt = 0; attempt < 2; attempt++) {
            if (matches(view)) {
                return true;
            }
            if (!running.isEmpty()) {
                running.remove(running.size() - 1); // most likely placed, then dropped by admission
            }
        }
        if (matches(view)) {
            return true;
        }
        running.clear();
        return false;
    }

    private boolean matches(ClusterView view) {
        int[] count = new int[view.vmCount()];
        for (RolloutSimulator.Running r : running) {
            for (int e = 0; e < r.placement().executors(); e++) {
                int vm = r.placement().vm(e);
                if (vm >= count.length) {
                    return false;
                }
                count[vm]++;
            }
        }
        for (int v = 0; v < count.length; v++) {
            if (count[v] != view.executorsOn(v)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Future {@code s} of a decision on {@code job}: sampled by the forecast, or when clairvoyant the
     * true one and the other workloads'; with {@code elastic} sampled jobs keep their deadline slack
     * and the true future leaves out the jobs arrived by now (the kernel's rollouts carry the waiting ones).
     */
    private List<Job> future(int s, Job job, double now, boolean elastic) {
        return known == null ? forecast.sample(now, options.horizon(), elastic, random)
                : known.future(s, job, now, options.horizon(), elastic, forecast, random);
    }

    /** Futures scored per decision: the sampled ones, or the true one and one per other workload. */
    private int futures() {
        return known != null ? known.futures() : options.samples();
    }
}
