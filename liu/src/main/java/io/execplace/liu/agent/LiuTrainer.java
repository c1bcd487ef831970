package io.execplace.liu.agent;

import io.execplace.core.io.AtomicFiles;
import io.execplace.core.progress.ProgressListener;
import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.model.LiuApp;
import io.execplace.liu.env.LiuEnv;
import io.execplace.liu.env.LiuObservation;
import io.execplace.rl.train.AgentFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Algorithm 1 of LIU: for each episode play a fresh randomised workload with the ε-greedy of
 * Eq. 3, value the decisions by Eqs. 1–2, push them into the replay, train on 1,000 of them, and
 * lower ε1. Every {@code evalInterval} episodes (and at the end) the greedy agent is run on the
 * test workloads; that curve is Fig. 4. With a folder it writes checkpoints, the final agent and
 * the curve there, and can resume from the checkpoint bit for bit.
 */
public final class LiuTrainer {

    /** A finished (or resumed and finished) training. */
    public record Result(LiuValueAgent agent, List<LiuCurvePoint> curve) {
    }

    private LiuTrainer() {
    }

    public static Result train(ExecutorClusters clusters, double minShare, LiuAgentConfig config, LiuObservation encoder,
                               LiuTrainingSpec spec, List<List<LiuApp>> test, Path folder, boolean resume,
                               ProgressListener progress) throws IOException {
        LiuValueAgent agent;
        int start = 0;
        List<LiuCurvePoint> curve = new ArrayList<>();
        Path checkpoint = folder == null ? null : folder.resolve(AgentFiles.CHECKPOINT_FILE);
        if (resume && checkpoint != null && Files.isRegularFile(checkpoint)) {
            LiuAgentFiles.Loaded loaded = LiuAgentFiles.read(checkpoint);
            agent = loaded.agent();
            if (!loaded.agent().config().equals(config)) {
                throw new IllegalArgumentException(checkpoint + ": the checkpoint was trained with other agent settings");
            }
            start = loaded.episode();
            double[] c = loaded.curve();
            for (int off = 0; off + 6 <= c.length; off += 6) {
                curve.add(LiuCurvePoint.fromArray(c, off));
            }
        } else {
            agent = new LiuValueAgent(config, encoder, spec.seed());
        }
        if (folder != null) {
            Files.createDirectories(folder);
        }
        LiuEnv env = new LiuEnv(clusters, spec.workload(), agent.encoder(), minShare);
        double loss = Double.NaN;
        if (start == 0 && curve.isEmpty()) {
            curve.add(point(0, config.epsilonAt(0), agent, clusters, minShare, test, loss));
            progress.advanced(0, spec.episodes(), evaluation(curve.get(0)));
        }
        for (int e = start; e < spec.episodes(); e++) {
            double eps = config.epsilonAt(e);
            env.reset(spec.trainingSeed(e));
            agent.playEpisode(env, eps);
            double l = agent.endEpisode(env.episode());
            if (!Double.isNaN(l)) {
                loss = l;
            }
            int done = e + 1;
            progress.advanced(done, spec.episodes(), null);
            if (done % spec.evalInterval() == 0 || done == spec.episodes()) {
                LiuCurvePoint p = point(done, eps, agent, clusters, minShare, test, loss);
                curve.add(p);
                progress.advanced(done, spec.episodes(), evaluation(p));
            }
            boolean last = done == spec.episodes();
            if (folder != null && (last || spec.checkpointInterval() > 0 && done % spec.checkpointInterval() == 0)) {
                LiuAgentFiles.bundle(AgentFiles.KIND_CHECKPOINT, agent, clusters, minShare, done, flatten(curve))
                        .write(checkpoint);
            }
        }
        if (folder != null) {
            LiuAgentFiles.bundle(AgentFiles.KIND_MODEL, agent, clusters, minShare, spec.episodes(), new double[0])
                    .write(folder.resolve(AgentFiles.MODEL_FILE));
            writeCurve(curve, folder.resolve(AgentFiles.CURVE_FILE));
        }
        return new Result(agent, List.copyOf(curve));
    }

    /** A point of the curve as {@code progress} is told it ({@code episode 40: TMDL 12.3 AJDR 1.45 Eval 0.1234}). */
    static String evaluation(LiuCurvePoint p) {
        return String.format("episode %d: TMDL %.1f AJDR %.2f Eval %.4f", p.episode(), p.meanTmdl(), p.meanAjdr(), p.eval());
    }

    private static LiuCurvePoint point(int episode, double eps, LiuValueAgent agent, ExecutorClusters clusters,
                                       double minShare, List<List<LiuApp>> test, double loss) {
        LiuEvaluation ev = LiuEvaluation.run(clusters, minShare, new LiuAgentManager(agent, "rl"), test);
        return new LiuCurvePoint(episode, eps, ev.meanTmdl(), ev.meanAjdr(), ev.eval(), loss);
    }

    private static double[] flatten(List<LiuCurvePoint> curve) {
        double[] a = new double[curve.size() * 6];
        for (int i = 0; i < curve.size(); i++) {
            System.arraycopy(curve.get(i).toArray(), 0, a, 6 * i, 6);
        }
        return a;
    }

    /** Writes the curve as CSV. */
    public static void writeCurve(List<LiuCurvePoint> curve, Path file) throws IOException {
        AtomicFiles.write(file, w -> {
            w.write(LiuCurvePoint.HEADER + "\n");
            for (LiuCurvePoint p : curve) {
                w.write(String.format(Locale.ROOT, "%d,%.6g,%.6g,%.6g,%.6g,%s%n", p.episode(), p.epsilon(), p.meanTmdl(),
                        p.meanAjdr(), p.eval(), Double.isNaN(p.loss()) ? "" : String.format(Locale.ROOT, "%.6g", p.loss())));
            }
        });
    }
}
