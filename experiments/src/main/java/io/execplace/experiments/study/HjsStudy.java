package io.execplace.experiments.study;

import io.execplace.core.progress.ProgressListener;
import io.execplace.schedulers.milp.MilpOptions;
import io.execplace.experiments.run.CellEngine;
import io.execplace.experiments.run.CellType;
import io.execplace.core.metrics.HjsTarget;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.metrics.RunSummary;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.HjsWeightOrder;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.train.RlSchedulers;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.spi.SchedulerRegistry;
import io.execplace.schedulers.milp.Milp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code execplace reproduce hjs}: the HJS study (§5) on the six job sets J-x-n on {@code c5}.
 *
 * <ul>
 *   <li>Two agents per job set, trained on the training workloads of that job set: the HJS agent
 *       (REINFORCE with a learned baseline in the HJS environment: Table 1 rewards, {@code Target}
 *       as the final reward, jobs offered in {@code hjs-weight} order) and the TPDS DQN agent (TPDS
 *       environment, Table 3 rewards, β = 0.5, FCFS).</li>
 *   <li>Fig. 1: Target and deadline success of HJS (its agent, {@code hjs-weight:λ}) against λ.</li>
 *   <li>Fig. 2: Target of HJS, Spark's default (FCFS + round-robin), EDF (+ round-robin), the DQN
 *       agent (FCFS), and gio and milp with EDF and with {@code hjs-weight}.</li>
 * </ul>
 * Every scheduler runs on the training workloads and on held-out workloads (disjoint seeds); the
 * report gives means with 95 % intervals over the held-out workloads.
 */
public final class HjsStudy {

    /** The paper's six job sets, in its order. */
    public static final List<String> JOB_SETS = List.of("hjs-60-100", "hjs-40-100", "hjs-60-50", "hjs-40-50",
            "hjs-60-20", "hjs-40-20");

    /** First seed of the held-out workloads: far from the training seeds 1, 2, ... */
    public static final long HELD_OUT_FIRST_SEED = 1001;


    /** The agent kinds of the study. */
    enum AgentKind {
        HJS, DQN;

        String folder() {
            return this == HJS ? "hjs" : "dqn";
        }
    }

    /**
     * One scheduler of Fig. 2: a queue order and a placement.
     *
     * @param label     name in tables and charts
     * @param queue     the queue order
     * @param placement a registered scheduler name, or null when {@code agent} places the executors
     * @param agent     the study's agent that places the executors, or null for a registered scheduler
     */
    record Entry(String label, QueuePolicy queue, String placement, AgentKind agent) {
    }

    /**
     * One run's numbers.
     *
     * @param figure    {@code fig1} (λ sweep) or {@code fig2}
     * @param jobSet    job-set preset
     * @param scheduler label ({@code HJS}, {@code FIFO+RR}, ...; in Fig. 1 {@code HJS λ=...})
     * @param queue     queue order name
     * @param split     {@code training} or {@code held-out}
     * @param seed      workload seed
     * @param target    HJS Target (Eq. 5)
     * @param summary   everything else of the run (cost, deadline success, turnaround, drops)
     */
    record Cell(String figure, String jobSet, String scheduler, String queue, String split, long seed, HjsTarget target,
                RunSummary summary) {
    }

    /**
     * One trained agent.
     *
     * @param jobSet  job set it was trained on
     * @param kind    HJS or DQN
     * @param folder  where its files are
     * @param seconds wall-clock training time
     * @param iterations training iterations
     */
    record Trained(String jobSet, AgentKind kind, Path folder, double seconds, int iterations) {
    }

    /** One (job set, agent kind) training and the folder its agent goes to. */
    private record Training(String jobSet, AgentKind kind, Path folder) {
    }

    private final HjsStudySettings settings;
    private final SchedulerRegistry registry;
    /** Where the trainings and runs go: this JVM's threads, or as text cells ({@link HjsCells}). */
    private final CellEngine engine;

    /**
     * @param settings the study's settings
     * @param registry the schedulers the baselines are taken from, with the {@code agent:PATH} family
     *                 ({@link RlSchedulers#withAgents}) for the trained agents
     * @param threads  worker threads, at least 1
     */
    public HjsStudy(HjsStudySettings settings, SchedulerRegistry registry, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.settings = settings;
        this.registry = registry;
        this.engine = CellEngine.local(threads);
    }

    private HjsStudy(HjsStudy study, CellEngine engine) {
        this.settings = study.settings;
        this.registry = study.registry;
        this.engine = engine;
    }

    /**
     * The study with its trainings and runs sent as text cells to {@code engine} ({@link HjsCells});
     * progress then moves as cells finish. Same results as on the study's own threads (timing aside).
     */
    public HjsStudy withEngine(CellEngine e) {
        if (e == null) {
            throw new IllegalArgumentException("an engine is required");
        }
        return new HjsStudy(this, e);
    }

    public HjsStudySettings settings() {
        return settings;
    }

    /** Fig. 2's schedulers, HJS first. */
    List<Entry> entries() {
        QueuePolicy weight = new HjsWeightOrder(settings.lambda());
        List<Entry> e = new ArrayList<>();
        e.add(new Entry("HJS", weight, null, AgentKind.HJS));
        e.add(new Entry("FIFO+RR", QueuePolicy.FCFS, "round-robin", null));
        e.add(new Entry("EDF", QueuePolicy.EDF, "round-robin", null));
        e.add(new Entry("DQN", QueuePolicy.FCFS, null, AgentKind.DQN));
        e.add(new Entry("gio+EDF", QueuePolicy.EDF, "gio", null));
        e.add(new Entry("gio+hjs-weight", weight, "gio", null));
        if (settings.milpTimeLimitMs() > 0 && registry.names().contains(Milp.NAME)) {
            e.add(new Entry("milp+EDF", QueuePolicy.EDF, Milp.NAME, null));
            e.add(new Entry("milp+hjs-weight", weight, Milp.NAME, null));
        }
        return e;
    }

    /** Units of progress: training iterations plus simulation runs. */
    public long totalWork() {
        int sets = settings.jobSets().size();
        int workloads = settings.trainWorkloads() + settings.heldOutWorkloads();
        long training = (long) sets * (settings.hjsIterations() + settings.dqnIterations());
        long runs = (long) sets * workloads * (entries().size() + settings.lambdas().size());
        return training + runs;
    }

    /**
     * Trains the agents, runs every cell and writes results, charts and {@code index.html} into
     * {@code dir}; progress counts training iterations and simulation runs.
     */
    public StudyOutcome run(Path dir, ProgressListener progress) throws IOException {
        Files.createDirectories(dir);
        ProgressListener unit = progress.counting(totalWork());

        List<Training> trainings = new ArrayList<>();
        for (String set : settings.jobSets()) {
            for (AgentKind kind : AgentKind.values()) {
                trainings.add(new Training(set, kind, agentFolder(dir, set, kind)));
            }
        }
        List<Trained> trained = engine.run(trainingCells(), trainings, unit);
        List<HjsCells.Evaluation> evaluations = new ArrayList<>();
        for (String set : settings.jobSets()) {
            for (Entry entry : entries()) {
                String placement = entry.agent() == null ? entry.placement() : agentName(trained, set, entry.agent());
                addEvaluations(evaluations, "fig2", set, entry.label(), entry.queue(), placement);
            }
            String hjs = agentName(trained, set, AgentKind.HJS);
            for (double l : settings.lambdas()) {
                addEvaluations(evaluations, "fig1", set, "HJS λ=" + TpdsStudy.betaText(l), new HjsWeightOrder(l), hjs);
            }
        }
        List<Cell> results = engine.run(evaluationCells(), evaluations, unit);
        HjsReport report = new HjsReport(settings, entries(), trained, results);
        return report.outcome(report.write(dir));
    }

    /** A training in both forms: here telling each iteration, elsewhere as {@link HjsCells#TRAINING}. */
    private CellType<Training, Trained> trainingCells() {
        // On a text engine progress moves by the mean training's iterations per finished cell.
        long iterations = (long) settings.jobSets().size() * (settings.hjsIterations() + settings.dqnIterations());
        return CellType.of(HjsCells.TRAINING,
                t -> HjsCells.trainingCell(t.jobSet(), t.kind(), settings),
                (t, text) -> new Trained(t.jobSet(), t.kind(), t.folder(), HjsCells.writeTraining(text, t.folder()),
                        t.kind() == AgentKind.HJS ? settings.hjsIterations() : settings.dqnIterations()),
                (t, unit) -> HjsAgents.train(t.kind(), t.jobSet(), settings, t.folder(), unit),
                (unit, cells, engine) -> unit.spreading(iterations));
    }

    /** A run in both forms: here with the study's registry, elsewhere as {@link HjsCells#EVALUATION}. */
    private CellType<HjsCells.Evaluation, Cell> evaluationCells() {
        return CellType.of(HjsCells.EVALUATION,
                e -> HjsCells.evaluationCell(e, settings.milpTimeLimitMs()),
                HjsCells::evaluationResult,
                (e, unit) -> {
                    Cell c = evaluate(e, registry, settings.milpTimeLimitMs());
                    unit.advanced(1, 1, null);
                    return c;
                },
                (unit, cells, engine) -> unit.spreading(cells));
    }

    private static Path agentFolder(Path dir, String set, AgentKind kind) {
        return dir.resolve("agents").resolve(set).resolve(kind.folder());
    }

    private void addEvaluations(List<HjsCells.Evaluation> evaluations, String figure, String set, String label,
                                QueuePolicy queue, String placement) {
        for (long seed : settings.trainSeeds()) {
            evaluations.add(new HjsCells.Evaluation(figure, set, label, queue, placement, "training", seed));
        }
        for (long seed : settings.heldOutSeeds()) {
            evaluations.add(new HjsCells.Evaluation(figure, set, label, queue, placement, "held-out", seed));
        }
    }

    private static String agentName(List<Trained> trained, String set, AgentKind kind) {
        for (Trained t : trained) {
            if (t.jobSet().equals(set) && t.kind() == kind) {
                return RlSchedulers.PREFIX + ":" + t.folder();
            }
        }
        throw new IllegalStateException("no " + kind + " agent for " + set);
    }

    /** One run of the study with the schedulers of {@code registry}: the function both paths share. */
    static Cell evaluate(HjsCells.Evaluation e, SchedulerRegistry registry, long milpTimeLimitMs) {
        Cluster cluster = ClusterPresets.c5();
        Workload w = workload(e.jobSet(), e.seed());
        SimulationConfig config = SimulationConfig.defaults(cluster, w).withQueue(e.queue());
        SchedulerOptions options = SchedulerOptions.defaults()
                .with(MilpOptions.defaults().withTimeLimitMillis(Math.max(1, milpTimeLimitMs)));
        RunResult r = Simulation.run(cluster, w, registry.create(e.placement(), e.seed(), options), config);
        return new Cell(e.figure(), e.jobSet(), e.scheduler(), e.queue().name(), e.split(), e.seed(), HjsTarget.of(r),
                r.summary());
    }

    /** The workload of a job set and seed. */
    static Workload workload(String jobSet, long seed) {
        return WorkloadPresets.generate(jobSet, WorkloadOptions.seed(seed));
    }

    /** The algorithm behind each agent kind (for reports). */
    static Algorithm algorithm(AgentKind kind) {
        return kind == AgentKind.HJS ? Algorithm.REINFORCE : Algorithm.DQN;
    }
}
