package io.execplace.liu.pairmanager;

import io.execplace.core.progress.ProgressListener;
import io.execplace.liu.agent.LiuEvaluation;
import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.model.LiuApp;
import io.execplace.liu.model.LiuWorkloadGenerator;
import io.execplace.liu.model.LiuWorkloadSpec;
import io.execplace.liu.sim.LiuSimulation;
import io.execplace.rl.nn.Minibatches;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

import java.util.ArrayList;
import java.util.List;

/**
 * Trains the pair manager on training workloads only, in stages: behaviour cloning of
 * {@code outlook} on the teacher's own episodes; DAgger rounds, in which the learner plays and
 * {@code outlook} labels the states it visits; improvement rounds, in which the learner plays and
 * the blind {@link RolloutPlanner} labels the states it visits with the pair whose rollouts miss
 * fewest deadlines (one step of policy iteration over {@code outlook}); optionally the policy
 * gradient (REINFORCE with a per-category baseline) on the {@link HarmCredit} return of each
 * dispatch. After cloning, after the last DAgger round, after each improvement round and every
 * tenth policy-gradient iteration the greedy manager runs on validation workloads — drawn from the
 * training seed stream, never the held-out one — and the parameters with the fewest missed
 * deadlines there (ties: AJDR) are kept. Seeded: the same seed gives the same agent, bit for bit.
 */
public final class PairTrainer {

    /** Workload seeds from this offset in the training stream are the validation workloads. */
    static final int VALIDATION_OFFSET = 900_000;

    /** One stage's outcome on the validation workloads. */
    public record Stage(String name, int episodes, double tmdl, double ajdr, double agreement, double seconds) {
    }

    /** The trained model (the best stage's parameters) and every stage. */
    public record Result(PairModel model, List<Stage> stages, String best) {
    }

    /**
     * What made a model, for its agent file's {@code training} metadata: the workloads, the seed and
     * the range of workload seeds the training may have drawn (held-out runs refuse to overlap it),
     * the settings and every stage on the validation workloads.
     */
    public ObjectNode metadata(Result r, String arrivals) {
        ObjectMapper json = new ObjectMapper();
        ObjectNode m = json.createObjectNode();
        m.put("arrivals", arrivals);
        m.put("apps", workload.apps());
        m.put("demandScale", workload.demandScale());
        m.put("clusters", clusters.name());
        m.put("seed", seed);
        m.put("firstWorkloadSeed", trainingSeed(seed, 0));
        m.put("workloadSeeds", VALIDATION_OFFSET + config.validationEpisodes());
        m.set("settings", json.valueToTree(config));
        m.set("stages", json.valueToTree(r.stages()));
        m.put("kept", r.best());
        return m;
    }

    private final ExecutorClusters clusters;
    private final double minShare;
    private final LiuWorkloadSpec workload;
    private final PairTrainingConfig config;
    private final long seed;
    private final ProgressListener progress;
    private final int episodes;
    private final LiuSimulation sim;
    private final UniformRandomProvider rng;
    private final List<List<LiuApp>> validation = new ArrayList<>();
    private int nextEpisode;
    private final List<Stage> stages = new ArrayList<>();
    private PairModel best;
    private String bestName;
    private double bestTmdl = Double.POSITIVE_INFINITY;
    private double bestAjdr = Double.POSITIVE_INFINITY;
    private long started;

    public PairTrainer(ExecutorClusters clusters, double minShare, LiuWorkloadSpec workload, PairTrainingConfig config,
                       long seed, ProgressListener progress) {
        this.clusters = clusters;
        this.minShare = minShare;
        this.workload = workload;
        this.config = config;
        this.seed = seed;
        this.progress = progress;
        this.episodes = config.cloneEpisodes() + config.daggerRounds() * config.daggerEpisodes()
                + config.improveRounds() * config.improveEpisodes() + config.rlIterations() * config.rlEpisodes();
        this.sim = new LiuSimulation(clusters, minShare);
        this.rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        for (int i = 0; i < config.validationEpisodes(); i++) {
            validation.add(LiuWorkloadGenerator.generate(workload, trainingSeed(seed, VALIDATION_OFFSET + i)));
        }
    }

    /** Seed of training workload {@code e} of a training seeded {@code seed} (disjoint from every held-out seed). */
    public static long trainingSeed(long seed, int e) {
        return seed * 1_000_003L + e;
    }

    public Result train() {
        started = System.nanoTime();
        PairModel model = PairModel.create(config.hidden(), rng);
        List<PairRollout.Decision> data = new ArrayList<>();
        PairRollout.Labeler outlook = PairRollout.outlook();
        for (int e = 0; e < config.cloneEpisodes(); e++) {
            data.addAll(PairRollout.play(sim, nextWorkload(), (f, rows, s, teacher) -> teacher, outlook).decisions);
        }
        imitate(model, data);
        validate(model, "clone", 1);
        for (int r = 1; r <= config.daggerRounds(); r++) {
            int agree = 0;
            int seen = 0;
            for (int e = 0; e < config.daggerEpisodes(); e++) {
                PairRollout ro = PairRollout.play(sim, nextWorkload(), (f, rows, s, teacher) -> model.greedy(f, rows), outlook);
                for (PairRollout.Decision d : ro.decisions) {
                    agree += d.taken() == d.teacher() ? 1 : 0;
                }
                seen += ro.decisions.size();
                data.addAll(ro.decisions);
            }
            log(String.format("dagger %d: the learner agreed with outlook on %.1f %% of %d decisions it made",
                    r, 100.0 * agree / seen, seen));
            imitate(model, data);
            if (r == config.daggerRounds()) {
                validate(model, "dagger-" + r, (double) agree / seen);
            }
        }
        data.clear();
        improve(model, outlook);
        model.learningRate(config.rlRate());
        for (int it = 1; it <= config.rlIterations(); it++) {
            policyGradient(model);
            if (it % 10 == 0 || it == config.rlIterations()) {
                validate(model, "rl-" + it, Double.NaN);
            }
        }
        log("kept " + bestName + " (validation TMDL " + fmt(bestTmdl) + ", AJDR " + fmt(bestAjdr) + ")");
        return new Result(best, List.copyOf(stages), bestName);
    }

    private List<LiuApp> nextWorkload() {
        if (nextEpisode >= VALIDATION_OFFSET) {
            throw new IllegalStateException("training would reach the validation workloads' seeds");
        }
        return LiuWorkloadGenerator.generate(workload, trainingSeed(seed, nextEpisode++));
    }

    /**
     * Improvement rounds: the learner plays training workloads, every state it visits is labelled
     * with the pair whose blind look-ahead (computed with the state's features) misses fewest
     * deadlines, ties to {@code outlook}'s pair, and the learner is trained towards those labels
     * (aggregated over the rounds).
     */
    private void improve(PairModel model, PairRollout.Labeler outlook) {
        List<PairRollout.Decision> planned = new ArrayList<>();
        for (int r = 1; r <= config.improveRounds(); r++) {
            int[] departs = new int[1];
            int agree = 0;
            int seen = 0;
            for (int e = 0; e < config.improveEpisodes(); e++) {
                PairRollout ro = PairRollout.play(sim, nextWorkload(), (f, rows, s, label) -> model.greedy(f, rows), (s, written) -> {
                    int preferred = outlook.label(s, written);
                    int p = RolloutPlanner.fewest(written::lookaheadCost, s.waitingCount() * s.clusterCount(), preferred);
                    departs[0] += p != preferred ? 1 : 0;
                    return p;
                });
                for (PairRollout.Decision d : ro.decisions) {
                    agree += d.taken() == d.teacher() ? 1 : 0;
                }
                seen += ro.decisions.size();
                planned.addAll(ro.decisions);
            }
            log(String.format("improve %d: the planner departed from outlook in %.1f %% of %d decisions; "
                    + "the learner agreed with the planner in %.1f %%", r, 100.0 * departs[0] / seen, seen,
                    100.0 * agree / seen));
            imitate(model, planned);
            validate(model, "improve-" + r, (double) agree / seen);
        }
    }

    /** Epochs of cross-entropy towards the teacher's pairs, in shuffled mini-batches. */
    private void imitate(PairModel model, List<PairRollout.Decision> data) {
        model.learningRate(config.imitationRate());
        int[] order = new int[data.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        double[] buf = new double[0];
        for (int epoch = 0; epoch < config.epochs(); epoch++) {
            Minibatches.shuffle(order, order.length, rng);
            double loss = 0;
            for (int i = 0; i < order.length; i++) {
                PairRollout.Decision d = data.get(order[i]);
                buf = widen(d, buf);
                loss += model.accumulate(buf, d.rows(), d.teacher(), 1);
                if ((i + 1) % config.miniBatch() == 0 || i == order.length - 1) {
                    model.step();
                }
            }
            if (epoch == config.epochs() - 1) {
                log(String.format("imitation: %d decisions, cross-entropy %.4f", order.length, loss / order.length));
            }
        }
    }

    /** One REINFORCE iteration: sampled episodes, each dispatch weighted by its return minus its category's mean. */
    private void policyGradient(PairModel model) {
        List<PairRollout> batch = new ArrayList<>();
        for (int e = 0; e < config.rlEpisodes(); e++) {
            batch.add(PairRollout.play(sim, nextWorkload(), (f, rows, s, teacher) -> model.sample(f, rows, rng), null));
        }
        double[] sum = new double[3];
        int[] count = new int[3];
        List<double[]> returns = new ArrayList<>();
        double sq = 0;
        for (PairRollout ro : batch) {
            double[] g = new double[ro.decisions.size()];
            double[] harm = HarmCredit.harmToOthers(ro.episode);
            for (int i = 0; i < g.length; i++) {
                int app = ro.decisions.get(i).app();
                g[i] = HarmCredit.value(ro.episode, harm, app, config.delayWeight());
                sq += g[i] * g[i];
                int cat = ro.episode.app(app).category().ordinal();
                sum[cat] += g[i];
                count[cat]++;
            }
            returns.add(g);
        }
        // Advantages are scaled by the returns' root mean square, so the step size means the same
        // whatever the load (a stressed workload's returns are several times larger).
        int total = count[0] + count[1] + count[2];
        double scale = 1 / Math.max(1e-9, Math.sqrt(sq / Math.max(1, total)));
        double[] buf = new double[0];
        int n = 0;
        for (int b = 0; b < batch.size(); b++) {
            PairRollout ro = batch.get(b);
            for (int i = 0; i < ro.decisions.size(); i++) {
                PairRollout.Decision d = ro.decisions.get(i);
                int cat = ro.episode.app(d.app()).category().ordinal();
                double advantage = (returns.get(b)[i] - sum[cat] / count[cat]) * scale;
                if (advantage != 0) {
                    buf = widen(d, buf);
                    // accumulate descends on weight · (−log π): a positive advantage must raise π, so weight = A.
                    model.accumulate(buf, d.rows(), d.taken(), advantage);
                }
                if (++n % config.miniBatch() == 0) {
                    model.step();
                }
            }
        }
        model.step();
    }

    private void validate(PairModel model, String name, double agreement) {
        LiuEvaluation ev = LiuEvaluation.run(clusters, minShare, new PairManager(model, "pairs"), validation);
        double seconds = (System.nanoTime() - started) / 1e9;
        stages.add(new Stage(name, nextEpisode, ev.meanTmdl(), ev.meanAjdr(), agreement, seconds));
        log(String.format("%s: %d training episodes, validation TMDL %s AJDR %s (%.0f s)", name, nextEpisode,
                fmt(ev.meanTmdl()), fmt(ev.meanAjdr()), seconds));
        if (ev.meanTmdl() < bestTmdl || ev.meanTmdl() == bestTmdl && ev.meanAjdr() < bestAjdr) {
            best = model.copy();
            bestName = name;
            bestTmdl = ev.meanTmdl();
            bestAjdr = ev.meanAjdr();
        }
    }

    private static double[] widen(PairRollout.Decision d, double[] buf) {
        float[] f = d.features();
        if (buf.length < f.length) {
            buf = new double[Math.max(f.length, 2 * buf.length)];
        }
        for (int i = 0; i < f.length; i++) {
            buf[i] = f[i];
        }
        return buf;
    }

    /** A stage's line, told with the training episodes played so far of all the training plays. */
    private void log(String line) {
        progress.advanced(nextEpisode, episodes, line);
    }

    private static String fmt(double v) {
        return String.format("%.2f", v);
    }
}
