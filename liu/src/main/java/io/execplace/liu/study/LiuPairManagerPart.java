package io.execplace.liu.study;

import io.execplace.core.progress.ProgressListener;
import io.execplace.experiments.heldout.HeldOutEvaluation.Interval;
import io.execplace.liu.agent.LiuAgentManager;
import io.execplace.liu.agent.LiuEvaluation;
import io.execplace.liu.agent.LiuTrainingSpec;
import io.execplace.liu.managers.LiuBaselines;
import io.execplace.liu.managers.LiuReferenceManagers;
import io.execplace.liu.model.ArrivalPattern;
import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.model.LiuApp;
import io.execplace.liu.model.LiuWorkloadGenerator;
import io.execplace.liu.model.LiuWorkloadSpec;
import io.execplace.liu.pairmanager.HarmCredit;
import io.execplace.liu.pairmanager.PairAgentFiles;
import io.execplace.liu.pairmanager.PairManager;
import io.execplace.liu.pairmanager.PairTrainer;
import io.execplace.liu.pairmanager.PairTrainingConfig;
import io.execplace.liu.sim.LiuEpisode;
import io.execplace.liu.sim.LiuManager;
import io.execplace.liu.sim.LiuRunner;
import io.execplace.liu.sim.LiuSimulation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The study's part beyond the paper: the pair manager ({@code liu.pairmanager}) trained on each guided
 * run's pattern, with the same training workload stream as the value agent, then set beside it —
 * training and held-out workloads side by side, and a per-category diagnosis of where each
 * manager's misses come from.
 */
final class LiuPairManagerPart {

    /** Training workloads (the first of the training stream) that the side-by-side table evaluates on. */
    static final int TRAINING_WORKLOADS = 10;

    /** One pair-manager training. */
    record PairRun(ArrivalPattern.Kind pattern, List<PairTrainer.Stage> stages, String kept, LiuEvaluation test,
                   double seconds, PairManager manager) {
    }

    /** One manager on training and on held-out workloads of a pattern. */
    record SideBySide(String pattern, String manager, Interval training, Interval heldOut, double heldOutAjdr) {
    }

    /**
     * Where one manager's misses come from on the test workloads (sums over them, per workload).
     *
     * @param timeCriticalMisses  misses of time-critical applications
     * @param streamingMisses     misses of streaming batches
     * @param regularOnSmallShare share of regular applications sent to the two smallest clusters
     * @param blamedOnRegular     misses of others blamed on regular applications ({@link HarmCredit})
     */
    record Diagnosis(String pattern, String manager, double timeCriticalMisses, double streamingMisses,
                     double regularOnSmallShare, double blamedOnRegular) {
    }

    private final ExecutorClusters clusters;
    private final double minShare;
    private final PairTrainingConfig config;

    LiuPairManagerPart(ExecutorClusters clusters, double minShare, PairTrainingConfig config) {
        this.clusters = clusters;
        this.minShare = minShare;
        this.config = config;
    }

    /** Trains the pair manager of a run's pattern, writes {@code pairs.xprl} into {@code folder}, evaluates it on the test workloads. */
    PairRun train(LiuStudy.Run r, LiuStudy.Settings s, List<List<LiuApp>> test, Path folder, ProgressListener progress)
            throws IOException {
        long t0 = System.nanoTime();
        long seed = LiuStudy.trainingSpec(r, s).seed();
        PairTrainer trainer = new PairTrainer(clusters, minShare, LiuStudy.spec(r.pattern(), s, 1), config, seed,
                (done, total, line) -> progress.advanced(done, total, r.pattern().label() + " pairs " + line));
        PairTrainer.Result res = trainer.train();
        Files.createDirectories(folder);
        PairAgentFiles.write(folder.resolve("pairs.xprl"), res.model(), trainer.metadata(res, r.pattern().label()));
        PairManager manager = new PairManager(res.model(), "pairs");
        LiuEvaluation ev = LiuEvaluation.run(clusters, minShare, manager, test);
        return new PairRun(r.pattern(), res.stages(), res.best(), ev, (System.nanoTime() - t0) / 1e9, manager);
    }

    /** The managers of a pattern on its first training workloads and on its test workloads. */
    List<SideBySide> sideBySide(ArrivalPattern.Kind k, LiuStudy.Settings s, List<List<LiuApp>> test,
                                Map<String, LiuManager> managers) {
        List<List<LiuApp>> training = trainingWorkloads(k, s);
        List<SideBySide> rows = new ArrayList<>();
        for (Map.Entry<String, LiuManager> m : managers.entrySet()) {
            LiuEvaluation tr = LiuEvaluation.run(clusters, minShare, m.getValue(), training);
            LiuEvaluation te = LiuEvaluation.run(clusters, minShare, m.getValue(), test);
            rows.add(new SideBySide(k.label(), m.getKey(), Interval.of(tr.tmdl()), Interval.of(te.tmdl()), te.meanAjdr()));
        }
        return rows;
    }

    /** The study's managers of a pattern, by report name: SF-E, outlook, the value agent and the pair manager when trained. */
    static Map<String, LiuManager> managers(LiuStudy.TrainedRun value, PairRun pairs) {
        Map<String, LiuManager> m = new LinkedHashMap<>();
        m.put("sf-e", LiuBaselines.of("sf-e"));
        m.put("outlook", LiuReferenceManagers.of("outlook"));
        if (value != null) {
            m.put("rl (paper)", new LiuAgentManager(value.agent(), "rl"));
        }
        if (pairs != null) {
            m.put("pairs", pairs.manager());
        }
        return m;
    }

    /** The per-category diagnosis of each manager on the test workloads. */
    List<Diagnosis> diagnose(ArrivalPattern.Kind k, List<List<LiuApp>> test, Map<String, LiuManager> managers) {
        int[] bySize = clusterOrderBySize();
        List<Diagnosis> rows = new ArrayList<>();
        LiuSimulation sim = new LiuSimulation(clusters, minShare);
        for (Map.Entry<String, LiuManager> m : managers.entrySet()) {
            double tc = 0;
            double streaming = 0;
            double regular = 0;
            double regularSmall = 0;
            double blamed = 0;
            for (int i = 0; i < test.size(); i++) {
                LiuEpisode e = LiuRunner.run(sim, m.getValue(), test.get(i), 1_000_003L * (i + 1));
                double[] harm = HarmCredit.harmToOthers(e);
                for (int a = 0; a < e.apps(); a++) {
                    LiuEpisode.AppOutcome o = e.app(a);
                    switch (o.category()) {
                        case TIME_CRITICAL -> tc += o.missed();
                        case STREAMING -> streaming += o.missed();
                        case REGULAR -> {
                            regular++;
                            regularSmall += o.cluster() == bySize[0] || o.cluster() == bySize[1] ? 1 : 0;
                            blamed += harm[a];
                        }
                    }
                }
            }
            int n = test.size();
            rows.add(new Diagnosis(k.label(), m.getKey(), tc / n, streaming / n, regular == 0 ? 0 : regularSmall / regular,
                    blamed / n));
        }
        return rows;
    }

    private int[] clusterOrderBySize() {
        Integer[] idx = new Integer[clusters.count()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        java.util.Arrays.sort(idx, (x, y) -> Integer.compare(clusters.slots()[x], clusters.slots()[y]));
        int[] out = new int[idx.length];
        for (int i = 0; i < idx.length; i++) {
            out[i] = idx[i];
        }
        return out;
    }

    /** The first {@link #TRAINING_WORKLOADS} workloads of the pattern's training stream (both agents trained on them). */
    static List<List<LiuApp>> trainingWorkloads(ArrivalPattern.Kind k, LiuStudy.Settings s) {
        LiuTrainingSpec ts = LiuStudy.trainingSpec(new LiuStudy.Run(k, true), s);
        LiuWorkloadSpec spec = LiuStudy.spec(k, s, 1);
        List<List<LiuApp>> t = new ArrayList<>();
        for (int e = 0; e < Math.min(TRAINING_WORKLOADS, s.episodes()); e++) {
            t.add(LiuWorkloadGenerator.generate(spec, ts.trainingSeed(e)));
        }
        return t;
    }
}
