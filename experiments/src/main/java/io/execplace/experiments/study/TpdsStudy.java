package io.execplace.experiments.study;

import io.execplace.core.io.BadInputException;
import io.execplace.experiments.run.CellType;

import io.execplace.core.metrics.CostLowerBound;
import io.execplace.core.metrics.RunSummary;
import io.execplace.core.model.Workload;
import io.execplace.core.profile.JobProfile;
import io.execplace.core.profile.ProfileFile;
import io.execplace.core.progress.ProgressListener;
import io.execplace.core.sim.Simulation;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.experiments.heldout.HeldOutSplit;
import io.execplace.experiments.run.CellEngine;
import io.execplace.experiments.run.StandardCells;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.experiments.training.TrainingCells;
import io.execplace.rl.agent.AgentConfig;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.agent.DqnConfig;
import io.execplace.rl.agent.PpoConfig;
import io.execplace.rl.agent.ReinforceConfig;
import io.execplace.rl.agent.SacConfig;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.train.AgentPolicy;
import io.execplace.rl.train.LearningCurve;
import io.execplace.rl.train.TrainedAgent;
import io.execplace.rl.train.Trainer;
import io.execplace.rl.train.TrainingSpec;
import io.execplace.schedulers.spi.SchedulerRegistry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code execplace reproduce tpds}: the TPDS study (§7) — DQN, REINFORCE, PPO and SAC trained for each β
 * on the normal and burst workloads, their convergence (Figs. 4–5), then run as schedulers in the
 * simulator next to round-robin, round-robin-consolidate, first-fit, AEP (and MILP when available)
 * on the same workload: cost (Fig. 6), mean duration (Fig. 7), good placements (Fig. 8) and the β
 * sweep (Fig. 9); then every agent and baseline on held-out workloads of the same preset (other seeds
 * and SWIM arrival windows) beside the training workload. Trainings run in parallel, each
 * single-threaded and seeded.
 */
public final class TpdsStudy {

    /** The two TPDS workloads (§7.1). */
    public static final List<String> WORKLOADS = List.of("tpds-normal", "tpds-burst");


    /** The study's hyper-parameters: Table 5's, with rewards scaled by 0.001 for the value-based learners. */
    public static AgentConfig agentConfig(Algorithm agent) {
        return switch (agent) {
            case DQN -> DqnConfig.paper().toBuilder().rewardScale(1e-3).build();
            case REINFORCE -> ReinforceConfig.paper();
            case PPO -> PpoConfig.defaults();
            case SAC -> SacConfig.defaults();
        };
    }

    /** The TPDS baselines (§7.1) that execplace has: RR, RRC, FF, AEP, and MILP when the study's registry has it. */
    public List<String> heuristics() {
        List<String> h = new ArrayList<>(List.of("round-robin", "round-robin-consolidate", "first-fit", "aep"));
        if (registry.names().contains("milp")) {
            h.add("milp");
        }
        return h;
    }

    /** One training run. */
    record Run(String workload, Algorithm agent, double beta) {

        String label() {
            return agent.name() + " β=" + betaText(beta);
        }

        String folder() {
            return agent.label() + "-beta-" + betaText(beta);
        }
    }

    /** A trained agent's curve and its run as a scheduler. */
    record AgentResult(Run run, LearningCurve curve, RunSummary summary, long fallbacks, long holds, double seconds) {
    }

    private final TpdsStudySettings settings;
    private final SchedulerRegistry registry;
    /** Trace files that replace the generated workloads, by workload name (absent: the preset). */
    private final Map<String, String> traces;
    /** Where the trainings run: this JVM's threads, or as text cells ({@link TrainingCells}). */
    private final CellEngine engine;
    /** A job-type profile file (docs/profile.md), or null for the papers' numbers. */
    private final String profile;

    /**
     * @param settings the study's size
     * @param registry the schedulers the baselines are taken from
     * @param threads  parallel trainings
     */
    public TpdsStudy(TpdsStudySettings settings, SchedulerRegistry registry, int threads) {
        this(settings, registry, Map.of(), CellEngine.local(threads), null);
    }

    private TpdsStudy(TpdsStudySettings settings, SchedulerRegistry registry, Map<String, String> traces,
                      CellEngine engine, String profile) {
        this.settings = settings;
        this.registry = registry;
        this.traces = traces;
        this.engine = engine;
        this.profile = profile;
    }

    /** The study with the base durations and placement factors of a job-type profile file. */
    public TpdsStudy withProfile(Path file) {
        return new TpdsStudy(settings, registry, traces, engine, file == null ? null : file.toString());
    }

    /**
     * The study with its trainings sent as text cells to {@code engine} ({@link TrainingCells});
     * progress then counts whole trainings' iterations as each training finishes.
     */
    public TpdsStudy withEngine(CellEngine e) {
        if (e == null) {
            throw new IllegalArgumentException("an engine is required");
        }
        return new TpdsStudy(settings, registry, traces, e, profile);
    }

    /**
     * The study on trace files instead of the generated workloads, e.g. the TPDS authors' own
     * {@code input/jobs.csv} (normal) and {@code input/jobs_burst.csv} (burst); either may be null
     * (that workload stays the preset). Format detected, as {@code --workload FILE} does.
     *
     * @throws BadInputException if a file is missing
     */
    public TpdsStudy withTraces(Path normal, Path burst) {
        Map<String, String> t = new LinkedHashMap<>();
        Path[] files = {normal, burst};
        for (int i = 0; i < files.length; i++) {
            if (files[i] != null) {
                if (!Files.isRegularFile(files[i])) {
                    throw new BadInputException(files[i] + ": no such trace file");
                }
                t.put(WORKLOADS.get(i), files[i].toString());
            }
        }
        return new TpdsStudy(settings, registry, Map.copyOf(t), engine, profile);
    }

    /** The preset name or trace file that {@code workload} is read from. */
    String source(String workload) {
        return traces.getOrDefault(workload, workload);
    }

    public TpdsStudySettings settings() {
        return settings;
    }

    List<Run> runs() {
        List<Run> runs = new ArrayList<>();
        for (String w : WORKLOADS) {
            for (Algorithm a : settings.agents()) {
                for (double b : settings.betas()) {
                    runs.add(new Run(w, a, b));
                }
            }
        }
        return runs;
    }

    /** Total training iterations of the study (the unit of progress). */
    public long totalIterations() {
        long total = 0;
        for (Run r : runs()) {
            total += settings.iterations(r.agent(), r.workload());
        }
        return total;
    }

    /** Trains, evaluates and writes results, charts and {@code index.html} into {@code dir}. */
    public StudyOutcome run(Path dir, ProgressListener progress) throws IOException {
        for (String w : WORKLOADS) {
            setup(w); // a bad trace file fails here, before hours of training
        }
        Files.createDirectories(dir);
        List<Run> runs = runs();
        List<AgentResult> results = engine.run(trainingCells(dir), runs, progress.counting(totalIterations()));
        Map<String, Map<String, RunSummary>> baselines = new LinkedHashMap<>();
        Map<String, Double> lowerBounds = new LinkedHashMap<>();
        for (String w : WORKLOADS) {
            EnvironmentSetup.Resolved setup = setup(w);
            Workload workload = setup.workloads().get(0);
            lowerBounds.put(w, CostLowerBound.of(setup.cluster(), setup.durationModel(), workload.jobs()));
            SimulationConfig config = SimulationConfig.defaults(setup.cluster(), workload)
                    .withDurationModel(setup.durationModel());
            Map<String, RunSummary> byName = new LinkedHashMap<>();
            for (String h : heuristics()) {
                byName.put(h, Simulation.run(setup.cluster(), workload, registry.create(h, settings.seed()), config).summary());
            }
            baselines.put(w, byName);
        }
        Map<String, TpdsHeldOut> heldOut = new LinkedHashMap<>();
        for (String w : WORKLOADS) {
            if (!traces.containsKey(w)) { // a trace file is one workload: there is nothing held out of it
                heldOut.put(w, heldOut(w, setup(w), dir, results));
            }
        }
        TpdsReport report = new TpdsReport(settings, results, baselines, lowerBounds).withTraces(traces).withHeldOut(heldOut);
        return report.outcome(report.write(dir));
    }

    /** A training in both forms: here telling each iteration, elsewhere as {@link StandardCells#TRAINING}. */
    private CellType<Run, AgentResult> trainingCells(Path dir) {
        return CellType.of(StandardCells.TRAINING,
                r -> TrainingCells.cell(training(r, folder(dir, r))),
                (r, text) -> {
                    TrainingCells.Trained trained = TrainingCells.result(text);
                    TrainingCells.writeFiles(trained, folder(dir, r));
                    return finish(r, folder(dir, r), trained);
                },
                (r, iteration) -> finish(r, folder(dir, r), TrainingCells.train(training(r, folder(dir, r)), folder(dir, r),
                        iteration)),
                // On a text engine progress moves by the mean training's iterations per finished cell.
                (iteration, cells, engine) -> iteration.spreading(totalIterations()));
    }

    /**
     * The schedulers judged on held-out workloads: the baselines, {@code gio} (the strongest heuristic
     * elsewhere, so that "best heuristic" is a high bar) and every agent trained on {@code workload}.
     */
    List<String> heldOutBaselines() {
        List<String> b = new ArrayList<>(heuristics());
        if (registry.names().contains("gio")) {
            b.add(b.contains("milp") ? b.size() - 1 : b.size(), "gio");
        }
        return b;
    }

    /** The held-out part of one workload, with the same job profile and duration model as the training. */
    private TpdsHeldOut heldOut(String workload, EnvironmentSetup.Resolved setup, Path dir, List<AgentResult> results) {
        Map<String, Path> agents = new LinkedHashMap<>();
        for (AgentResult r : results) {
            if (r.run().workload().equals(workload)) {
                agents.put(r.run().label(), folder(dir, r.run()));
            }
        }
        JobProfile jobs = profile == null ? JobProfile.paper() : ProfileFile.read(Path.of(profile));
        return TpdsHeldOut.evaluate(workload, settings.seed(), settings.heldOut(), setup.cluster(), jobs,
                setup.durationModel(), registry, heldOutBaselines(), agents);
    }

    private EnvironmentSetup.Resolved setup(String workload) {
        return environmentSetup(workload).resolve(null);
    }

    private EnvironmentSetup environmentSetup(String workload) {
        return EnvironmentSetup.tpds(source(workload), settings.seed()).toBuilder().profile(profile).build();
    }

    private static Path folder(Path dir, Run run) {
        return dir.resolve("agents").resolve(run.workload()).resolve(run.folder());
    }

    /** The training of one run, its files going to {@code folder}. */
    private TrainingCells.Training training(Run run, Path folder) {
        EnvironmentSetup setup = environmentSetup(run.workload());
        TpdsEnvConfig env = settings.environment(run.beta());
        int iterations = settings.iterations(run.agent(), run.workload());
        TrainingSpec spec = TrainingSpec.of(agentConfig(run.agent()), env, iterations, settings.seed())
                .withEvalInterval(Math.max(1, iterations / settings.evaluations()))
                .withEvalEpisodes(settings.evalEpisodes()).withCheckpointInterval(iterations);
        return new TrainingCells.Training(setup, spec, "agent:" + folder);
    }

    /** The learning-curve chart (drawn here, whichever engine trained) and the run's result. */
    private AgentResult finish(Run run, Path folder, TrainingCells.Trained trained) throws IOException {
        LearningCurves.write(run.label() + ", " + run.workload(), Map.of(run.label(), trained.curve()), folder,
                "learning-curve");
        TrainingCells.Evaluation e = trained.evaluation();
        return new AgentResult(run, trained.curve(), e.summary(), e.fallbacks(), e.holds(), trained.seconds());
    }

    /** β as written in labels and folder names: 0, 0.25, 0.5, 0.75, 1. */
    static String betaText(double b) {
        return b == Math.rint(b) ? Long.toString((long) b) : Double.toString(b);
    }
}
