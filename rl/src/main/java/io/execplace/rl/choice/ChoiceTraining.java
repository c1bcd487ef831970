package io.execplace.rl.choice;

import io.execplace.core.metrics.HjsTarget;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Vm;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.progress.RoundResults;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import io.execplace.rl.agent.GreedyPolicy;
import io.execplace.rl.nn.Adam;
import io.execplace.rl.nn.Minibatches;
import io.execplace.rl.pairs.PairNetwork;
import io.execplace.schedulers.lookahead.CandidatePlacements;
import io.execplace.schedulers.lookahead.Lookahead;
import io.execplace.schedulers.lookahead.LookaheadOptions;
import io.execplace.schedulers.spi.SchedulerContext;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.spi.SchedulerRegistry;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Trains a {@code choice} agent by regression on a clairvoyant teacher's scores. On each training
 * workload a policy acts (the first candidate, milp's by default, in the first round; the agent
 * itself afterwards, on the states it visits, as in DAgger), and at every decision {@code
 * lookahead}, told the workload's true next arrivals, scores each candidate placement by a
 * rollout. The agent learns to predict, from
 * what it can see, each candidate's score relative to the first candidate's; over many workloads
 * the prediction is the expected difference given the observation, which is what an online
 * decision needs — the future itself is never an input.
 */
public final class ChoiceTraining {

    /**
     * Targets are clipped to this many units: for the cost objective one mean-priced VM for the
     * job's duration; for the Target objective one point of HJS Eq. 5's Target ({@code C_max / 100}).
     */
    static final double CLIP = 5;

    /** One decision: its observation, how many candidates it had, and each one's target. */
    public record Sample(double[] observation, int candidates, double[] target) {
    }

    /**
     * One training workload with the cluster and rules it runs under, and the seed of its policies.
     *
     * @param others other workloads of the same generator whose later arrivals make the teacher's
     *               further futures ({@link Lookahead#knowing(List, List)}); empty: the true future only
     */
    public record Episode(Cluster cluster, Workload workload, SimulationConfig config, long seed, List<Workload> others) {
        public Episode {
            others = List.copyOf(others);
        }

        /** An episode whose teacher sees the true future only. */
        public Episode(Cluster cluster, Workload workload, SimulationConfig config, long seed) {
            this(cluster, workload, config, seed, List.of());
        }
    }

    /**
     * How the agent learns.
     *
     * @param rounds       rounds of collecting labels and fitting (labels of every round are kept)
     * @param epochs       passes over all labels per round
     * @param learningRate Adam's step size
     * @param hidden       hidden widths of the network's two MLPs
     * @param seed         seeds the network's initial weights and the shuffling
     */
    public record Settings(int rounds, int epochs, double learningRate, List<Integer> hidden, long seed) {
        public Settings {
            if (rounds < 1 || rounds > 100) {
                throw new IllegalArgumentException("rounds must be between 1 and 100, got " + rounds);
            }
            if (epochs < 1 || epochs > 10_000) {
                throw new IllegalArgumentException("epochs must be between 1 and 10000, got " + epochs);
            }
            if (!(learningRate > 0 && learningRate < 1)) {
                throw new IllegalArgumentException("the learning rate must be in (0, 1), got " + learningRate);
            }
            hidden = List.copyOf(hidden);
            if (hidden.isEmpty() || hidden.stream().anyMatch(h -> h < 1 || h > 4096)) {
                throw new IllegalArgumentException("hidden widths must be 1 to 4096, at least one layer, got " + hidden);
            }
        }
    }

    /** What a finished round reports. */
    public record Round(int round, int samples, double meanSquaredError, double seconds, PairNetwork network) {
    }

    /** Minibatch size of the fit. */
    static final int BATCH = 64;

    /**
     * Trains a choice agent: each round runs every episode (the first candidate acting in round 1,
     * the previous round's agent afterwards), adds the teacher's labels to those of earlier rounds
     * and fits the network on all of them, starting from the previous round's weights.
     *
     * @param rounds told after every round (e.g. to evaluate or save it)
     * @return the last round's network
     */
    public PairNetwork train(List<Episode> episodes, Settings settings, RoundResults<Round> rounds) throws IOException {
        PairNetwork network = PairNetwork.policy(ChoiceObservation.SCHEMA, ChoicePolicy.CANDIDATES + 1,
                settings.hidden(), RandomSource.XO_RO_SHI_RO_128_PP.create(settings.seed()));
        List<Sample> all = new ArrayList<>();
        PairNetwork actor = null;
        for (int r = 1; r <= settings.rounds(); r++) {
            long t0 = System.nanoTime();
            for (Episode e : episodes) {
                all.addAll(collect(e, actor));
            }
            if (all.isEmpty()) {
                throw new IllegalArgumentException("the training workloads offered no decision with two candidates to learn from");
            }
            // Each round shuffles with its own stream, so that a round's fit depends only on its inputs.
            double loss = fit(network, all, settings.epochs(), BATCH, settings.learningRate(),
                    RandomSource.XO_RO_SHI_RO_128_PP.create(new long[] {settings.seed(), r}));
            actor = network.copy();
            rounds.roundDone(new Round(r, all.size(), loss, (System.nanoTime() - t0) / 1e9, actor));
        }
        return actor;
    }

    private final SchedulerRegistry registry;
    private final List<String> candidates;
    private final SchedulerOptions options;
    private final LookaheadOptions teacherOptions;
    private final double holdCharge;

    /**
     * @param registry makes the candidates' policies and the teacher's rollout policy
     * @param teacher  the teacher's settings (horizon, rollout policy, objective)
     * @param candidates the schedulers whose placements the agent weighs ({@link ChoicePolicy})
     */
    public ChoiceTraining(SchedulerRegistry registry, LookaheadOptions teacher, List<String> candidates) {
        this(registry, teacher, candidates, 0);
    }

    /**
     * As {@link #ChoiceTraining(SchedulerRegistry, LookaheadOptions, List)}, and every decision to
     * wait is charged {@code holdCharge} units in the labels (one Target point with the Target
     * objective), as HJS Table 1 charges a skip: neither cost nor Target counts how long a job
     * without a deadline waits, so without a charge holding it back looks free.
     */
    public ChoiceTraining(SchedulerRegistry registry, LookaheadOptions teacher, List<String> candidates, double holdCharge) {
        if (!(holdCharge >= 0 && holdCharge <= CLIP)) {
            throw new IllegalArgumentException("the hold charge must be between 0 and " + CLIP + ", got " + holdCharge);
        }
        this.registry = registry;
        this.candidates = List.copyOf(candidates);
        this.options = SchedulerOptions.defaults().with(teacher);
        this.teacherOptions = teacher;
        this.holdCharge = holdCharge;
    }

    /**
     * Runs one training workload with {@code network} choosing (the first candidate when null) and
     * returns the teacher's labels of the decisions it made.
     */
    public List<Sample> collect(Episode episode, PairNetwork network) {
        Cluster cluster = episode.cluster();
        Workload workload = episode.workload();
        SimulationConfig config = episode.config();
        SchedulerContext context = new SchedulerContext(episode.seed(), options, registry);
        Lookahead teacher = new Lookahead(context).knowing(workload.jobs(),
                episode.others().stream().map(Workload::jobs).toList());
        Recorder recorder = new Recorder(ChoicePolicy.candidatePlacements(context, candidates), teacher, network,
                teacherOptions.scoresTarget() ? HjsTarget.maxCost(workload.jobs(), cluster, config.durationModel()) / 100 : 0,
                holdCharge);
        Simulation.run(cluster, workload, recorder, config);
        return recorder.samples;
    }

    /**
     * Fits {@code network}'s candidate scores to the samples' targets (squared error, Adam,
     * shuffled minibatches of {@code batch}); returns the last epoch's mean squared error.
     */
    public static double fit(PairNetwork network, List<Sample> samples, int epochs, int batch, double learningRate,
                             UniformRandomProvider rng) {
        int in = network.inputSize();
        int out = network.outputSize();
        Adam adam = new Adam(network.parameterCount(), learningRate, 1.0);
        int[] order = new int[samples.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        double[] x = new double[batch * in];
        double[] d = new double[batch * out];
        double loss = 0;
        for (int epoch = 0; epoch < epochs; epoch++) {
            Minibatches.shuffle(order, order.length, rng);
            loss = 0;
            int terms = 0;
            for (int start = 0; start < order.length; start += batch) {
                int n = Math.min(batch, order.length - start);
                for (int b = 0; b < n; b++) {
                    System.arraycopy(samples.get(order[start + b]).observation(), 0, x, b * in, in);
                }
                double[] y = network.forward(x, n);
                Arrays.fill(d, 0, n * out, 0);
                for (int b = 0; b < n; b++) {
                    Sample s = samples.get(order[start + b]);
                    for (int k = 0; k < s.candidates(); k++) {
                        double err = y[b * out + 1 + k] - s.target()[k];
                        loss += err * err;
                        terms++;
                        d[b * out + 1 + k] = 2 * err / n;
                    }
                }
                network.zeroGradients();
                network.backward(d, n);
                adam.step(network.parameters(), network.gradients());
            }
            loss /= Math.max(1, terms);
        }
        return loss;
    }

    /** Acts (the first candidate or the network's choice) and records the teacher's scores. */
    private static final class Recorder extends CandidateChooser {

        private final Lookahead teacher;
        private final GreedyPolicy policy;
        private final List<Sample> samples = new ArrayList<>();
        private ChoiceObservation writer;
        private Cluster cluster;
        private double meanPrice;

        /** The Target unit (C_max / 100), or 0 to measure cost by the job's own scale. */
        private final double targetUnit;

        /** Units charged to waiting. */
        private final double holdCharge;

        Recorder(CandidatePlacements candidates, Lookahead teacher, PairNetwork network, double targetUnit, double holdCharge) {
            super(candidates);
            this.targetUnit = targetUnit;
            this.holdCharge = holdCharge;
            this.teacher = teacher;
            this.policy = network == null ? null : new GreedyPolicy(network.withSlots(ChoicePolicy.CANDIDATES + 1));
        }

        @Override
        public String name() {
            return "choice-recorder";
        }

        @Override
        Placement choose(Job job, ClusterView view, List<Placement> options) {
            if (cluster != view.cluster()) {
                cluster = view.cluster();
                writer = new ChoiceObservation(cluster, view.durationModel(), ChoicePolicy.CANDIDATES + 1);
                meanPrice = cluster.vms().stream().mapToDouble(Vm::pricePerSecond).average().orElse(1);
            }
            double[] obs = new double[writer.size()];
            writer.write(obs, job, view, options);
            double[] scores = teacher.scores(job, view, options);
            if (scores != null) {
                double unit = Math.max(targetUnit > 0 ? targetUnit : meanPrice * job.baseDuration(), 1e-12);
                double[] target = new double[options.size()];
                double first = scores[0] + (options.get(0).isNone() ? holdCharge * unit : 0);
                for (int k = 0; k < target.length; k++) {
                    double t = -(scores[k] + (options.get(k).isNone() ? holdCharge * unit : 0) - first) / unit;
                    target[k] = Double.isNaN(t) ? -CLIP : Math.max(-CLIP, Math.min(CLIP, t));
                }
                samples.add(new Sample(obs, options.size(), target));
            }
            if (policy == null) {
                return options.get(0);
            }
            return options.get(ChoicePolicy.best(policy.scores(obs), options.size(), 0));
        }
    }
}
