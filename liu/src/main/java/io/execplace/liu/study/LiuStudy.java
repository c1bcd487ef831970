package io.execplace.liu.study;

import io.execplace.core.progress.ProgressListener;
import io.execplace.liu.model.ArrivalPattern;
import io.execplace.experiments.run.CellEngine;
import io.execplace.experiments.run.CellType;
import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.model.LiuApp;
import io.execplace.liu.model.LiuWorkloadGenerator;
import io.execplace.liu.model.LiuWorkloadSpec;
import io.execplace.liu.metrics.LiuScores;
import io.execplace.liu.sim.LiuManager;
import io.execplace.liu.env.LiuObservation;
import io.execplace.liu.agent.LiuAgentConfig;
import io.execplace.liu.agent.LiuAgentManager;
import io.execplace.liu.agent.LiuCurvePoint;
import io.execplace.liu.agent.LiuEvaluation;
import io.execplace.liu.agent.LiuTrainer;
import io.execplace.liu.agent.LiuTrainingSpec;
import io.execplace.liu.agent.LiuValueAgent;
import io.execplace.liu.managers.LiuBaselines;
import io.execplace.liu.pairmanager.PairTrainingConfig;

import io.execplace.experiments.study.StudyOutcome;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code execplace reproduce liu}: the LIU study (§V) — the value agent trained with the guided
 * ε-greedy on each arrival pattern (Fig. 4(a–c)), and without it on Bernoulli (Fig. 4(d)); the
 * final agents against the five baselines on the same held-out test workloads (Fig. 5, Table II);
 * the uniform agent on eased and stressed uniform workloads (Table III). Trainings run in parallel.
 */
public final class LiuStudy {

    /**
     * Size of the study.
     *
     * @param episodes      training episodes per agent (2,000)
     * @param apps          applications per episode, training and test (500)
     * @param testEpisodes  test workloads for Table II/III and Fig. 5 (50)
     * @param curveEpisodes test workloads (the first ones) evaluated at each curve point
     * @param evaluations   curve points after the start
     * @param agent         agent settings (the paper's, possibly scaled down)
     * @param seed          seeds training and test workloads
     * @param threads       trainings run at once
     */
    public record Settings(int episodes, int apps, int testEpisodes, int curveEpisodes, int evaluations,
                           LiuAgentConfig agent, long seed, int threads) {

        public Settings {
            if (episodes < 1 || apps < 1 || apps > LiuWorkloadSpec.MAX_APPS || testEpisodes < 1 || curveEpisodes < 1
                    || curveEpisodes > testEpisodes || evaluations < 1 || threads < 1) {
                throw new IllegalArgumentException("episodes, applications, test episodes, evaluations and threads must be "
                        + "positive, curve episodes at most the test episodes");
            }
        }

        /** The paper's schedule: 2,000 episodes of 500 applications, 50 test episodes. */
        public static Settings full() {
            return new Settings(2000, 500, 50, 10, 20, LiuAgentConfig.paper(), 1,
                    Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors())));
        }

        /** Minutes on two cores: 60 episodes of 150 applications, a 256-64 network, 10 test episodes. */
        public static Settings quick() {
            LiuAgentConfig a = LiuAgentConfig.paper().withHidden(256, 64).withDecayEpisodes(57).withReplay(20_000);
            return new Settings(60, 150, 10, 5, 6, a, 1, Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors())));
        }

        public Settings withEpisodes(int n) {
            int decay = Math.max(1, (int) Math.round(n * 0.95));
            return new Settings(n, apps, testEpisodes, curveEpisodes, evaluations, agent.withDecayEpisodes(decay), seed,
                    threads);
        }

        public Settings withApps(int n) {
            return new Settings(episodes, n, testEpisodes, curveEpisodes, evaluations, agent, seed, threads);
        }

        public Settings withTestEpisodes(int n) {
            return new Settings(episodes, apps, n, Math.min(curveEpisodes, n), evaluations, agent, seed, threads);
        }

        public Settings withSeed(long s) {
            return new Settings(episodes, apps, testEpisodes, curveEpisodes, evaluations, agent, s, threads);
        }

        public Settings withAgent(LiuAgentConfig a) {
            return new Settings(episodes, apps, testEpisodes, curveEpisodes, evaluations, a, seed, threads);
        }

        /** {@code points} curve points after the start, each on the first {@code episodes} test workloads. */
        public Settings withCurve(int episodes, int points) {
            return new Settings(this.episodes, apps, testEpisodes, episodes, points, agent, seed, threads);
        }

        public Settings withThreads(int t) {
            return new Settings(episodes, apps, testEpisodes, curveEpisodes, evaluations, agent, seed, t);
        }

        int evalInterval() {
            return Math.max(1, episodes / evaluations);
        }
    }

    /** One training: pattern, guided or plain ε-greedy. */
    public record Run(ArrivalPattern.Kind pattern, boolean guided) {
        public String label() {
            return pattern.label() + (guided ? "" : "-plain");
        }

        /** The study's four trainings: guided on each pattern, then plain on Bernoulli (Fig. 4(d)). */
        public static List<Run> all() {
            List<Run> runs = new ArrayList<>();
            for (ArrivalPattern.Kind k : ArrivalPattern.Kind.values()) {
                runs.add(new Run(k, true));
            }
            runs.add(new Run(ArrivalPattern.Kind.BERNOULLI, false));
            return List.copyOf(runs);
        }

        /** The run of a label ({@code bernoulli}, {@code uniform}, {@code beta}, {@code bernoulli-plain}). */
        public static Run of(String label) {
            String t = label == null ? "" : label.trim().toLowerCase(Locale.ROOT);
            for (Run r : all()) {
                if (r.label().equals(t)) {
                    return r;
                }
            }
            throw new IllegalArgumentException("unknown LIU training '" + label + "': expected one of "
                    + all().stream().map(Run::label).toList());
        }
    }

    /** What one training produced. */
    public record TrainedRun(Run run, List<LiuCurvePoint> curve, LiuEvaluation test, double seconds,
                             LiuValueAgent agent) {
    }

    /** One comparison of Table II or III: the agent and a baseline on the same test workloads. */
    public record Comparison(String name, LiuEvaluation rl, LiuEvaluation baseline, LiuScores scores) {

        /** The baseline's scores: {@code 100 −} the agent's (§V-C: they always add up to 100). */
        public LiuScores baselineScores() {
            return new LiuScores(100 - scores.a(), 100 - scores.b(), 100 - scores.c(), 100 - scores.d());
        }
    }

    /** Everything the report needs. */
    public record Outcome(Settings settings, List<TrainedRun> runs, Map<ArrivalPattern.Kind, Map<String, LiuEvaluation>> baselines,
                          Map<ArrivalPattern.Kind, Map<String, LiuEvaluation>> curveBaselines,
                          List<Comparison> table2, List<Comparison> table3, List<LiuPairManagerPart.PairRun> pairs,
                          List<LiuPairManagerPart.SideBySide> sideBySide, List<LiuPairManagerPart.Diagnosis> diagnosis) {
    }

    private final ExecutorClusters clusters = ExecutorClusters.liu();
    private final double minShare = io.execplace.liu.sim.LiuSimulation.DEFAULT_MIN_SHARE;
    /** Where the trainings go as text cells ({@link LiuCells}), or null for the local engine on {@link Settings#threads}. */
    private final CellEngine engine;
    /** The pair manager's training settings, or null to leave it out. */
    private final PairTrainingConfig pairs;

    /** The study on its own threads ({@link Settings#threads}), without the pair manager. */
    public LiuStudy() {
        this(null, null);
    }

    private LiuStudy(CellEngine engine, PairTrainingConfig pairs) {
        this.engine = engine;
        this.pairs = pairs;
    }

    /** The study with its trainings sent to {@code engine} as text cells; same results (timing aside). */
    public LiuStudy withEngine(CellEngine e) {
        if (e == null) {
            throw new IllegalArgumentException("an engine is required");
        }
        return new LiuStudy(e, pairs);
    }

    /**
     * The study with the pair manager (beyond the paper) trained on each guided run's pattern and
     * reported beside the paper's agent; it trains in this process, whatever the engine.
     */
    public LiuStudy withPairs(PairTrainingConfig config) {
        return new LiuStudy(engine, config);
    }

    /** Runs the whole study and writes its files under {@code dir}; returns the report's path, headline and Table II. */
    public StudyOutcome run(Settings s, Path dir, ProgressListener progress) throws IOException {
        return run(s, Run.all(), dir, progress);
    }

    /**
     * Runs some of the study's trainings (in this order) and writes what they give: Table II rows
     * of the guided ones, Table III when the uniform agent is among them, Fig. 4(d) when both
     * Bernoulli agents are.
     */
    public StudyOutcome run(Settings s, List<Run> runs, Path dir, ProgressListener progress) throws IOException {
        if (runs.isEmpty() || runs.stream().distinct().count() != runs.size()) {
            throw new IllegalArgumentException("the study needs at least one training and each at most once, got " + runs);
        }
        Files.createDirectories(dir);
        Outcome o = compute(s, runs, dir, progress);
        LiuReport report = new LiuReport(o, clusters);
        return report.outcome(report.write(dir));
    }

    Outcome compute(Settings s, List<Run> runs, Path dir, ProgressListener progress) throws IOException {
        Map<ArrivalPattern.Kind, List<List<LiuApp>>> tests = new LinkedHashMap<>();
        Map<ArrivalPattern.Kind, Map<String, LiuEvaluation>> baselines = new LinkedHashMap<>();
        Map<ArrivalPattern.Kind, Map<String, LiuEvaluation>> curveBaselines = new LinkedHashMap<>();
        long patterns = runs.stream().map(Run::pattern).distinct().count();
        for (ArrivalPattern.Kind k : ArrivalPattern.Kind.values()) {
            if (runs.stream().noneMatch(r -> r.pattern() == k)) {
                continue;
            }
            LiuWorkloadSpec spec = spec(k, s, 1);
            List<List<LiuApp>> t = testWorkloads(spec, s, k.ordinal());
            tests.put(k, t);
            Map<String, LiuEvaluation> all = new LinkedHashMap<>();
            Map<String, LiuEvaluation> curve = new LinkedHashMap<>();
            for (String b : LiuBaselines.NAMES) {
                all.put(b, LiuEvaluation.run(clusters, minShare, LiuBaselines.of(b), t));
                curve.put(b, LiuEvaluation.run(clusters, minShare, LiuBaselines.of(b), t.subList(0, s.curveEpisodes())));
            }
            baselines.put(k, all);
            curveBaselines.put(k, curve);
            progress.advanced(tests.size(), patterns,
                    "baselines on " + k.label() + ": SF-E TMDL " + String.format("%.1f", all.get("sf-e").meanTmdl()));
        }
        CellEngine trainings = engine != null ? engine : CellEngine.local(s.threads());
        List<TrainedRun> trained = trainings.run(trainingCells(s, tests, dir), runs, progress);
        LiuPairManagerPart part = new LiuPairManagerPart(clusters, minShare, pairs);
        List<LiuPairManagerPart.PairRun> pairRuns = new ArrayList<>();
        List<LiuPairManagerPart.SideBySide> sideBySide = new ArrayList<>();
        List<LiuPairManagerPart.Diagnosis> diagnosis = new ArrayList<>();
        List<Comparison> table2 = new ArrayList<>();
        for (ArrivalPattern.Kind k : ArrivalPattern.Kind.values()) {
            TrainedRun t = find(trained, new Run(k, true));
            if (t != null) {
                table2.add(compare(k.label(), t.test(), baselines.get(k).get("sf-e")));
            }
        }
        for (ArrivalPattern.Kind k : ArrivalPattern.Kind.values()) {
            TrainedRun t = find(trained, new Run(k, true));
            if (t == null || pairs == null) {
                continue;
            }
            LiuPairManagerPart.PairRun p = part.train(t.run(), s, tests.get(k), dir.resolve("agents").resolve(t.run().label()),
                    progress);
            pairRuns.add(p);
            table2.add(compare(k.label(), p.test(), baselines.get(k).get("sf-e")));
            Map<String, LiuManager> managers = LiuPairManagerPart.managers(t, p);
            sideBySide.addAll(part.sideBySide(k, s, tests.get(k), managers));
            diagnosis.addAll(part.diagnose(k, tests.get(k), managers));
        }
        // Table III: the uniform agent on eased and stressed uniform workloads, against SF-E.
        TrainedRun uniform = find(trained, new Run(ArrivalPattern.Kind.UNIFORM, true));
        List<Comparison> table3 = new ArrayList<>();
        LiuPairManagerPart.PairRun uniformPairs = pairRuns.stream().filter(p -> p.pattern() == ArrivalPattern.Kind.UNIFORM)
                .findFirst().orElse(null);
        for (String variant : uniform == null ? List.<String>of() : List.of("eased", "stressed")) {
            LiuManager agent = new LiuAgentManager(uniform.agent(), "rl");
            double scale = variant.equals("eased") ? LiuWorkloadSpec.EASED : LiuWorkloadSpec.STRESSED;
            List<List<LiuApp>> t = testWorkloads(spec(ArrivalPattern.Kind.UNIFORM, s, scale), s, variantStream(scale));
            LiuEvaluation sfE = LiuEvaluation.run(clusters, minShare, LiuBaselines.of("sf-e"), t);
            table3.add(compare(variant, LiuEvaluation.run(clusters, minShare, agent, t), sfE));
            if (uniformPairs != null) {
                table3.add(compare(variant, LiuEvaluation.run(clusters, minShare, uniformPairs.manager(), t), sfE));
            }
        }
        return new Outcome(s, trained, baselines, curveBaselines, table2, table3, pairRuns, sideBySide, diagnosis);
    }

    /** A training in both forms: here telling its curve's points, elsewhere as {@link LiuCells#TRAINING}. */
    private CellType<Run, TrainedRun> trainingCells(Settings s, Map<ArrivalPattern.Kind, List<List<LiuApp>>> tests, Path dir) {
        return CellType.of(LiuCells.TRAINING,
                r -> LiuCells.cell(r, s, agentFolder(dir, r)),
                (r, text) -> LiuCells.result(r, text, agentFolder(dir, r)),
                (r, progress) -> train(r, s, tests.get(r.pattern()), agentFolder(dir, r), progress),
                // On a text engine learning-curve lines come only as each training ends.
                (progress, cells, engine) -> (done, total, what) -> progress.advanced(done, total,
                        done + " of " + total + " trainings done on " + engine));
    }

    private static Path agentFolder(Path dir, Run r) {
        return dir.resolve("agents").resolve(r.label());
    }

    /** The training of {@code r}, or null when it was not among the runs. */
    private static TrainedRun find(List<TrainedRun> runs, Run r) {
        return runs.stream().filter(t -> t.run().equals(r)).findFirst().orElse(null);
    }

    static Comparison compare(String name, LiuEvaluation rl, LiuEvaluation base) {
        return new Comparison(name, rl, base, LiuScores.of(rl.tmdl(), rl.ajdr(), base.tmdl(), base.ajdr()));
    }

    TrainedRun train(Run r, Settings s, List<List<LiuApp>> test, Path folder, ProgressListener progress) {
        try {
            long t0 = System.nanoTime();
            LiuWorkloadSpec spec = spec(r.pattern(), s, 1);
            LiuTrainingSpec ts = trainingSpec(r, s);
            LiuTrainer.Result res = LiuTrainer.train(clusters, minShare, s.agent().withGuided(r.guided()),
                    LiuObservation.standard(clusters.count(), clusters.maxSlots()), ts, test.subList(0, s.curveEpisodes()),
                    folder, true, (done, episodes, evaluation) -> {
                        if (evaluation != null) { // the curve's points; each episode alone is not worth a line
                            progress.advanced(done, episodes, r.label() + " " + evaluation);
                        }
                    });
            LiuEvaluation ev = LiuEvaluation.run(clusters, minShare, new LiuAgentManager(res.agent(), "rl"), test);
            return new TrainedRun(r, res.curve(), ev, (System.nanoTime() - t0) / 1e9, res.agent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The training of a run: workloads of its pattern, seeded apart from the test workloads' stream. */
    static LiuTrainingSpec trainingSpec(Run r, Settings s) {
        return new LiuTrainingSpec(spec(r.pattern(), s, 1), s.episodes(), s.seed() * 31 + r.pattern().ordinal(),
                s.evalInterval(), Math.max(1, s.episodes() / 4));
    }

    static LiuWorkloadSpec spec(ArrivalPattern.Kind k, Settings s, double demandScale) {
        return LiuWorkloadSpec.standard(ArrivalPattern.of(k)).withApps(s.apps()).withDemandScale(demandScale);
    }

    /** The test-seed stream of the eased or stressed uniform workloads (Table III). */
    static int variantStream(double demandScale) {
        return 10 + (int) (demandScale * 10);
    }

    /** Seed of test workload {@code i} of a stream (a pattern's ordinal, or {@link #variantStream}). */
    static long testSeed(Settings s, int stream, int i) {
        return LiuTrainingSpec.testSeed(s.seed() * 100 + stream, i);
    }

    /** The test workloads of a training's pattern, as {@link #compute} makes them. */
    static List<List<LiuApp>> testWorkloads(Run r, Settings s) {
        return testWorkloads(spec(r.pattern(), s, 1), s, r.pattern().ordinal());
    }

    /** Held-out test workloads (seeds disjoint from training), the same for every approach. */
    static List<List<LiuApp>> testWorkloads(LiuWorkloadSpec spec, Settings s, int stream) {
        List<List<LiuApp>> t = new ArrayList<>();
        for (int i = 0; i < s.testEpisodes(); i++) {
            t.add(LiuWorkloadGenerator.generate(spec, testSeed(s, stream, i)));
        }
        return t;
    }
}
