package io.execplace.rl.train;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.io.InputFileException;
import io.execplace.rl.agent.Diagnostics;
import io.execplace.rl.agent.GreedyPolicy;
import io.execplace.rl.agent.IterationStats;
import io.execplace.rl.agent.Learner;
import io.execplace.rl.agent.Learners;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.KernelEnv;
import io.execplace.rl.nn.ArrayBundle;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The training loop: iterations of the learner, a greedy evaluation every {@code evalInterval}
 * iterations (and after the last) that adds a point to the learning curve, and a checkpoint every
 * {@code checkpointInterval} iterations (and after the last). Single-threaded and deterministic:
 * the same spec, environments and seed give the same curve and parameters bit for bit, whether the
 * run was interrupted and {@linkplain #restore resumed} or not.
 */
public final class Trainer {

    private final TrainingSpec spec;
    private final Env trainEnv;
    private final Env evalEnv;
    /** Writes the agent files' observation record (what the agent observes and where it applies). */
    private final Consumer<ObjectNode> observation;
    private final Path dir;
    private final ObjectNode setup;
    private final Learner learner;
    private LearningCurve curve = new LearningCurve();
    private int iteration;
    private double windowSum;
    private long windowCount;
    /** Per diagnostic figure: its sum over the interval's iterations that measured it, and their count. */
    private final double[] diagnosticSum = new double[Diagnostics.SIZE];
    private final double[] diagnosticCount = new double[Diagnostics.SIZE];
    private Map<String, double[]> extra = Map.of();

    /**
     * A trainer for any environment. Its files record what the agent observes, read from the
     * innermost environment ({@link AgentFiles#observationOf(Env, boolean)}): the encoder and cluster
     * of a kernel environment, or the pair schema and training clusters of the size-free one.
     *
     * @param spec     what to train
     * @param trainEnv the environment the learner trains in; a bare kernel environment gets the
     *                 wrappers its configuration asks for ({@link KernelEnv#wrapped()})
     * @param evalEnv  a separate environment for evaluation episodes (same shape), wrapped the same way
     * @param dir      where the model, checkpoint and curve go; null to write nothing
     * @param setup    how the environments were built (cluster, workload, ...), stored in the files
     *                 so that a run can be resumed and an agent described; may be null
     */
    public Trainer(TrainingSpec spec, Env trainEnv, Env evalEnv, Path dir, ObjectNode setup) {
        this(spec, ready(trainEnv), ready(evalEnv), AgentFiles.observationOf(trainEnv, spec.environment().busyTime()),
                dir, setup);
    }

    private static Env ready(Env env) {
        return env instanceof KernelEnv k ? k.wrapped() : env;
    }

    private Trainer(TrainingSpec spec, Env trainEnv, Env evalEnv, Consumer<ObjectNode> observation, Path dir,
                    ObjectNode setup) {
        if (trainEnv.actionCount() != evalEnv.actionCount() || trainEnv.observationSize() != evalEnv.observationSize()) {
            throw new IllegalArgumentException("training and evaluation environments differ in shape");
        }
        this.spec = spec;
        this.trainEnv = trainEnv;
        this.evalEnv = evalEnv;
        this.observation = observation;
        this.dir = dir;
        this.setup = setup;
        this.learner = Learners.create(spec.agent(), trainEnv, spec.seed());
    }

    public Learner learner() {
        return learner;
    }

    public TrainingSpec spec() {
        return spec;
    }

    /** Iterations done. */
    public int iteration() {
        return iteration;
    }

    public LearningCurve curve() {
        return curve;
    }

    /**
     * Continues from a checkpoint written by a trainer with the same settings (the iteration count may differ).
     *
     * @throws InputFileException when the checkpoint is of another algorithm or shape
     */
    public void restore(ArrayBundle checkpoint) {
        String src = checkpoint.source();
        if (!AgentFiles.KIND_CHECKPOINT.equals(checkpoint.kind())) {
            throw new InputFileException(src, 0, null, "is a '" + checkpoint.kind() + "', not a training checkpoint");
        }
        String algorithm = checkpoint.field("algorithm").asText();
        if (!algorithm.equals(learner.algorithm().label())) {
            throw new InputFileException(src, 0, "algorithm", "checkpoint is of " + algorithm + ", not "
                    + learner.algorithm().label());
        }
        int[] sizes = learner.policyNetwork().sizes();
        var stored = checkpoint.field("network").get("sizes");
        int[] storedSizes = new int[stored.size()];
        for (int i = 0; i < storedSizes.length; i++) {
            storedSizes[i] = stored.get(i).asInt();
        }
        if (!Arrays.equals(sizes, storedSizes)) {
            throw new InputFileException(src, 0, "network.sizes", "checkpoint network " + Arrays.toString(storedSizes)
                    + " differs from " + Arrays.toString(sizes));
        }
        learner.restore(checkpoint);
        int width = checkpoint.has("train.curve.width") ? (int) checkpoint.doubles("train.curve.width", 1)[0]
                : CurvePoint.OLD_WIDTH;
        curve = LearningCurve.fromArray(checkpoint.doubles("train.curve"), width);
        double[] window = checkpoint.doubles("train.window", 2);
        windowSum = window[0];
        windowCount = (long) window[1];
        Arrays.fill(diagnosticSum, 0);
        Arrays.fill(diagnosticCount, 0);
        if (checkpoint.has("train.diagnostics")) {
            double[] d = checkpoint.doubles("train.diagnostics", 2 * Diagnostics.SIZE);
            System.arraycopy(d, 0, diagnosticSum, 0, Diagnostics.SIZE);
            System.arraycopy(d, Diagnostics.SIZE, diagnosticCount, 0, Diagnostics.SIZE);
        }
        iteration = checkpoint.field("training").path("iteration").asInt();
    }

    /** Trains up to {@code spec.iterations()}, continuing from where a restore left off. */
    public LearningCurve run(TrainingListener listener) throws IOException {
        return run(listener, spec.iterations());
    }

    /**
     * Trains up to iteration {@code upTo} (at most {@code spec.iterations()}), evaluating and
     * checkpointing as {@link #run(TrainingListener)} does, and after iteration {@code upTo}.
     */
    public LearningCurve run(TrainingListener listener, int upTo) throws IOException {
        for (int i = iteration + 1; i <= Math.min(upTo, spec.iterations()); i++) {
            IterationStats s = learner.iterate();
            iteration = i;
            if (s.episodesFinished() > 0) {
                windowSum += s.meanReturn() * s.episodesFinished();
                windowCount += s.episodesFinished();
            }
            double[] d = s.diagnostics().toArray();
            for (int k = 0; k < d.length; k++) {
                if (!Double.isNaN(d[k])) {
                    diagnosticSum[k] += d[k];
                    diagnosticCount[k]++;
                }
            }
            listener.iterationDone(i, spec.iterations(), s, windowCount == 0 ? Double.NaN : windowSum / windowCount);
            boolean last = i == Math.min(upTo, spec.iterations());
            if (i % spec.evalInterval() == 0 || last) {
                CurvePoint p = evaluate();
                curve.add(p);
                windowSum = 0;
                windowCount = 0;
                Arrays.fill(diagnosticSum, 0);
                Arrays.fill(diagnosticCount, 0);
                if (dir != null) {
                    curve.writeCsv(dir.resolve(AgentFiles.CURVE_FILE));
                }
                listener.evaluated(p, curve);
            }
            if (dir != null && (i % spec.checkpointInterval() == 0 || last)) {
                saveFiles();
                listener.checkpointed(i, dir.resolve(AgentFiles.CHECKPOINT_FILE));
            }
        }
        return curve;
    }

    private CurvePoint evaluate() {
        Evaluation.Result r = Evaluation.run(new GreedyPolicy(learner.policyNetwork()), evalEnv, spec.evalEpisodes());
        return CurvePoint.at(iteration, learner.totalSteps(), learner.totalEpisodes())
                .trainMeanReturn(windowCount == 0 ? Double.NaN : windowSum / windowCount)
                .evaluation(r)
                .training(intervalDiagnostics())
                .build();
    }

    /** The mean of each diagnostic over the interval's iterations that measured it (NaN when none did). */
    private Diagnostics intervalDiagnostics() {
        double[] mean = new double[Diagnostics.SIZE];
        for (int k = 0; k < mean.length; k++) {
            mean[k] = diagnosticCount[k] == 0 ? Double.NaN : diagnosticSum[k] / diagnosticCount[k];
        }
        return Diagnostics.fromArray(mean, 0);
    }

    /**
     * Arrays every later checkpoint also holds: a driver's own state, e.g. the rounds of expert
     * iteration done (names must not start with {@code train.} or a learner's prefix).
     */
    public void recordInCheckpoints(Map<String, double[]> extra) {
        // In name order: Map.copyOf's order changes from one JVM to the next, and with it the checkpoint's bytes.
        this.extra = Collections.unmodifiableSortedMap(new TreeMap<>(extra));
    }

    /** Writes the model and the checkpoint (each atomically) for the current iteration. */
    public void saveFiles() throws IOException {
        ArrayBundle model = AgentFiles.bundle(AgentFiles.KIND_MODEL, learner, spec, observation, setup, iteration);
        ArrayBundle checkpoint = AgentFiles.bundle(AgentFiles.KIND_CHECKPOINT, learner, spec, observation, setup, iteration);
        checkpoint.put("train.curve", curve.toArray());
        checkpoint.put("train.window", new double[]{windowSum, windowCount});
        checkpoint.put("train.curve.width", new double[]{LearningCurve.width()});
        double[] diagnostics = new double[2 * Diagnostics.SIZE];
        System.arraycopy(diagnosticSum, 0, diagnostics, 0, Diagnostics.SIZE);
        System.arraycopy(diagnosticCount, 0, diagnostics, Diagnostics.SIZE, Diagnostics.SIZE);
        checkpoint.put("train.diagnostics", diagnostics);
        extra.forEach(checkpoint::put);
        // The checkpoint first: a crash between the two leaves a model that is at most one interval old.
        checkpoint.write(dir.resolve(AgentFiles.CHECKPOINT_FILE));
        model.write(dir.resolve(AgentFiles.MODEL_FILE));
    }
}
