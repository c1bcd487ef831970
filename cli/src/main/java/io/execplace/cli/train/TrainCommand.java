package io.execplace.cli.train;

import io.execplace.cli.command.EngineOptions;
import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.ContextCommand;
import io.execplace.cli.command.Options;
import io.execplace.cli.output.Progress;
import io.execplace.cli.output.TextTable;
import io.execplace.cli.command.ScenarioOptions;
import io.execplace.cli.output.Version;
import io.execplace.cli.command.QuietOption;
import io.execplace.core.io.BadInputException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import io.execplace.core.io.StagedFolder;
import io.execplace.experiments.run.CellEngine;
import io.execplace.experiments.training.ExpertRounds;
import io.execplace.experiments.training.TrainingCells;
import io.execplace.experiments.training.TrainingRun;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.experiments.study.LearningCurves;
import io.execplace.experiments.study.TrainingSweep;
import io.execplace.rl.agent.AgentConfig;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.env.ObservationEncoder;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.train.AgentFiles;
import io.execplace.rl.train.CurvePoint;
import io.execplace.rl.train.Trainer;
import io.execplace.rl.train.TrainingSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code execplace train}: train a DQN, REINFORCE, PPO or SAC agent in the TPDS or the HJS environment,
 * or the size-free {@code ppo-pairs} agent on randomised clusters and workloads.
 */
@Command(name = "train", mixinStandardHelpOptions = true, versionProvider = Version.class, abbreviateSynopsis = true,
        description = {"Train a learned scheduler (DQN, REINFORCE, PPO or SAC) in the TPDS or the HJS environment.",
                "Writes DIR/agent.xprl (use it as the scheduler agent:DIR), DIR/checkpoint.xprl (continue with --resume),",
                "DIR/learning-curve.csv and .png. Defaults are TPDS Table 5's; see docs/rl.md for every option.",
                "--agent ppo-pairs trains the size-free agent (one file for any cluster) on randomised clusters",
                "(--clusters, --cluster-variants, --price-jitter) and workloads (--workloads, --workload-seeds)."})
public final class TrainCommand extends ContextCommand {

    public TrainCommand(CommandContext context) {
        super(context);
    }

    @Mixin
    ScenarioOptions scenario;

    @Mixin
    EnvironmentOptions environment;

    @Mixin
    AgentOptions agentOptions;

    @Option(names = "--agent", paramLabel = "dqn|reinforce|ppo|sac|ppo-pairs",
            description = "Learning algorithm (default dqn); ppo-pairs: PPO with the size-free pair network.")
    String agent;

    @Mixin
    SizeFreeOptions pairs;

    @Option(names = "--env", paramLabel = "tpds|hjs",
            description = "Environment: tpds (TPDS Table 3, FCFS; default) or hjs (HJS Table 1 and Target, hjs-weight queue, --weight-lambda).")
    String envName;

    @Option(names = "--beta", paramLabel = "B", description = "Weight of cost against duration in R_epi, in [0, 1] (default 0.5).")
    Double beta;

    @Option(names = "--iterations", paramLabel = "N",
            description = "Training iterations (default 10000; TPDS: 10000 normal, 20000 burst). With --resume: the new total.")
    Integer iterations;

    @Option(names = "--eval-interval", paramLabel = "N", description = "Iterations between evaluations (default 1000).")
    Integer evalInterval;

    @Option(names = "--eval-episodes", paramLabel = "N", description = "Greedy episodes per evaluation (default 10).")
    Integer evalEpisodes;

    @Option(names = "--checkpoint-interval", paramLabel = "N", description = "Iterations between checkpoints (default: the evaluation interval).")
    Integer checkpointInterval;

    @Option(names = "--workload-seeds", paramLabel = "N",
            description = "Train on N workloads (seeds --seed, --seed+1, ...), episodes taking them in turn (default 1: one fixed workload, as TPDS).")
    Integer workloadSeeds;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (default runs/AGENT-WORKLOAD-beta-B).")
    Path out;

    @Option(names = "--resume", description = "Continue the run in --out from its checkpoint (same settings; --iterations may raise the total).")
    boolean resume;

    @Mixin
    QuietOption quietOption;

    @Option(names = "--sweep", description = "Train one agent per --agents x --betas x --seeds (TPDS environment), "
            + "each an independent cell; writes every agent folder and sweep.csv into --out (default runs/sweep).")
    boolean sweep;

    @Option(names = "--agents", paramLabel = "a,b", split = ",", description = "--sweep: the agents (default dqn).")
    List<String> agents;

    @Option(names = "--betas", paramLabel = "b,b", split = ",", description = "--sweep: the beta values (default 0.5).")
    List<Double> betas;

    @Option(names = "--seeds", paramLabel = "N", description = "--sweep: seeds --seed, --seed+1, ... per agent and beta (default 1).")
    Integer seeds;

    @Option(names = "--threads", paramLabel = "N", description = "--sweep: trainings run in parallel (default: number of cores).")
    Integer threads;

    @Mixin
    EngineOptions engine;

    @Override
    public Integer call() throws Exception {
        TrainRuns runs = new TrainRuns(this);
        runs.rejectScenarioOptions();
        if (sweep) {
            return sweep(runs);
        }
        if (agents != null || betas != null || seeds != null || threads != null || engine.engine != null
                || engine.master != null) {
            throw new BadInputException("--agents, --betas, --seeds, --threads, --engine and --master apply to "
                    + "train --sweep; a single training takes --agent and --beta");
        }
        TrainingRun run = resume ? runs.resumed() : runs.sizeFree() ? runs.freshSizeFree() : runs.fresh();
        TrainingSpec trainingSpec = run.spec();
        Trainer trainer = run.open();
        PrintWriter stdout = spec.commandLine().getOut();
        if (run.expert()) {
            int rounds = run.expertRounds(pairs.expertRounds);
            ExpertRoundsPrinter.run(ExpertRounds.open(context.schedulers(), trainer, run.checkpoint(),
                    run.environment().setup(), rounds, run.dir()), rounds, run.dir(), stdout,
                    spec.commandLine().getErr(), quietOption.quiet);
            return 0;
        }
        if (run.sizeFree() && run.checkpoint() == null) {
            pairs.startFrom(trainer, run.environment().setup());
            if (pairs.imitates()) {
                pairs.imitate(trainer, Options.checked("--imitate", () -> context.schedulers().create(pairs.imitate, 1)),
                        spec.commandLine().getErr(), quietOption.quiet);
            }
        }
        String agentLabel = run.agentLabel();
        if (trainer.iteration() >= trainingSpec.iterations()) {
            stdout.println(run.dir() + " already holds " + trainer.iteration() + " iterations; raise --iterations to train on");
            stdout.flush();
            return 0;
        }
        if (!quietOption.quiet) {
            spec.commandLine().getErr().println("training " + agentLabel + " on " + run.label()
                    + run.objective("HJS environment") + ", iterations " + (trainer.iteration() + 1) + ".."
                    + trainingSpec.iterations() + " -> " + run.dir());
        }
        long t0 = System.nanoTime();
        try (Progress progress = Progress.start("train " + agentLabel, trainingSpec.iterations() - trainer.iteration(),
                quietOption.quiet, spec.commandLine().getErr())) {
            trainer.run(LearningCurves.drawing(agentLabel + " on " + run.label() + run.objective("HJS"),
                    trainingSpec.agent().algorithm().name(), run.dir(), (done, total, what) -> progress.step(what)));
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        CurvePoint last = trainer.curve().last();
        stdout.println("trained " + agentLabel + " to iteration " + trainer.iteration() + " in "
                + Format.sig(seconds, 3) + " s (" + trainer.learner().totalSteps() + " environment steps)");
        stdout.println("last evaluation: " + evaluationSummary(last));
        stdout.println("wrote " + run.dir().resolve(AgentFiles.MODEL_FILE) + " (scheduler agent:" + run.dir() + "), "
                + run.dir().resolve(AgentFiles.CHECKPOINT_FILE) + ", " + run.dir().resolve(AgentFiles.CURVE_FILE)
                + ", " + run.dir().resolve("learning-curve.png"));
        stdout.flush();
        return 0;
    }

    /** One line on the last evaluation; cost and duration only when some episode completed. */
    public static String evaluationSummary(CurvePoint last) {
        String head = "mean return " + Format.sig(last.evalMeanReturn(), 5) + ", ";
        if (!(last.evalCompleted() > 0)) {
            return head + "no evaluation episode completed (each ended in a penalised move), so no cost or duration yet";
        }
        return head + BigDecimal.valueOf(last.evalCompleted()).movePointRight(2).setScale(0, RoundingMode.HALF_UP)
                .toPlainString() + "% of episodes completed, cost " + Format.cost(last.evalMeanCost())
                + ", mean duration " + Format.sig(last.evalMeanDuration(), 4) + " s";
    }

    /** {@code --sweep}: every cell checked and built before any training starts. */
    private int sweep(TrainRuns runs) throws IOException {
        engine.check(context.engines());
        List<String> bad = Options.given(new Object[][]{{"--agent (use --agents)", agent}, {"--beta (use --betas)", beta},
            {"--resume", resume ? true : null}, {"--env hjs", runs.hjs() ? true : null},
            {"--workload-seeds", workloadSeeds}});
        bad.addAll(pairs.given());
        if (!bad.isEmpty()) {
            throw new BadInputException("not available with --sweep: " + String.join(", ", bad));
        }
        List<Algorithm> algorithms = Options.checked("--agents", () -> (agents == null ? List.of("dqn") : agents)
                .stream().map(Algorithm::parse).toList());
        List<Double> betaValues = betas == null ? List.of(0.5) : betas;
        int n = seeds == null ? 1 : seeds;
        if (n < 1 || n > 10_000) {
            throw BadInputException.option("--seeds", "must be 1 to 10000, got " + n);
        }
        EnvironmentSetup base = Options.checked("--cluster, --workload", () -> runs.setupBuilder().build());
        long first = base.seed();
        EnvironmentSetup.Resolved resolved = base.resolve(null); // a bad cluster or workload fails here
        List<TrainingSweep.Cell> cells = new ArrayList<>();
        for (Algorithm a : algorithms) {
            AgentConfig config = agentOptions.resolve(a);
            for (double b : betaValues) {
                TpdsEnvConfig env = Options.checked("--betas", () -> environment.resolve(b));
                TrainingRun.checkMemory(config, ObservationEncoder.size(resolved.cluster().size(), env.busyTime()),
                        resolved.cluster().size() + 1);
                for (int i = 0; i < n; i++) {
                    long seed = first + i;
                    cells.add(new TrainingSweep.Cell(a, b, seed, new TrainingCells.Training(
                            base.toBuilder().seed(seed).build(), runs.schedule().spec(config, env, seed), null)));
                }
            }
        }
        Path dir = out != null ? out : Path.of("runs", "sweep");
        StagedFolder.checkTarget("--out", dir);
        int t = Options.threads(threads);
        try (CellEngine cellEngine = engine.open(context.engines(), t);
             Progress progress = Progress.start("train --sweep (trainings)", cells.size(), quietOption.quiet,
                     spec.commandLine().getErr())) {
            printSweep(TrainingSweep.run(cells, cellEngine, t, dir, (done, total, what) -> progress.step(null)), dir,
                    spec.commandLine().getOut());
        }
        return 0;
    }

    /** The sweep's table, a row per cell, and the files it wrote. */
    private static void printSweep(List<TrainingSweep.Result> results, Path out, PrintWriter stdout) {
        TextTable table = new TextTable(List.of("agent", "beta", "seed", "env steps", "eval return", "completed %",
                "eval cost", "eval duration s"));
        for (TrainingSweep.Result r : results) {
            TrainingSweep.Cell c = r.cell();
            CurvePoint last = r.last();
            table.row(List.of(c.algorithm().label(), Double.toString(c.beta()), Long.toString(c.seed()),
                    Long.toString(r.trained().steps()), Format.sig(last.evalMeanReturn(), 4),
                    Format.sig(100 * last.evalCompleted(), 3), Format.cost(last.evalMeanCost()),
                    Format.sig(last.evalMeanDuration(), 4)));
        }
        table.print(stdout);
        stdout.println("wrote " + out.resolve("sweep.csv") + " and " + results.size()
                + " agent folders (scheduler agent:" + out.resolve(results.get(0).cell().folder()) + ", ...)");
        stdout.flush();
    }
}
