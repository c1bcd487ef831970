package io.execplace.cli;

import io.execplace.core.io.BadInputException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import io.execplace.core.io.OutputPaths;
import io.execplace.core.io.StagedFolder;
import io.execplace.experiments.run.CellEngine;
import io.execplace.experiments.training.TrainingCells;
import com.fasterxml.jackson.databind.JsonNode;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.env.TrainingEnvironment;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.env.Env;
import io.execplace.experiments.study.LearningCurves;
import io.execplace.experiments.study.SizeFreeSetup;
import io.execplace.rl.agent.PpoConfig;
import io.execplace.rl.agent.AgentConfig;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.agent.IterationStats;
import io.execplace.rl.agent.Learners;
import io.execplace.rl.env.ObservationEncoder;
import io.execplace.core.rules.HjsWeightOrder;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.train.AgentFiles;
import io.execplace.rl.train.CurvePoint;
import io.execplace.rl.train.LearningCurve;
import io.execplace.rl.train.Trainer;
import io.execplace.rl.train.TrainingListener;
import io.execplace.rl.train.TrainingSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code execplace train}: train a DQN, REINFORCE, PPO or SAC agent in the TPDS or the HJS environment,
 * or the size-free {@code ppo-pairs} agent on randomised clusters and workloads.
 */
@Command(name = "train", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Train a learned scheduler (DQN, REINFORCE, PPO or SAC) in the TPDS or the HJS environment.",
                "Writes DIR/agent.xprl (use it as the scheduler agent:DIR), DIR/checkpoint.xprl (continue with --resume),",
                "DIR/learning-curve.csv and .png. Defaults are TPDS Table 5's; see docs/rl.md for every option.",
                "--agent ppo-pairs trains the size-free agent (one file for any cluster) on randomised clusters",
                "(--clusters, --cluster-variants, --price-jitter) and workloads (--workloads, --workload-seeds)."})
final class TrainCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

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

    @Option(names = {"-q", "--quiet"}, description = "No progress output.")
    boolean quiet;

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
        rejectScenarioOptions();
        if (sweep) {
            return sweep();
        }
        if (agents != null || betas != null || seeds != null || threads != null || engine.engine != null
                || engine.master != null) {
            throw new BadInputException("--agents, --betas, --seeds, --threads, --engine and --master apply to "
                    + "train --sweep; a single training takes --agent and --beta");
        }
        Run run = resume ? resumed() : sizeFree() ? freshSizeFree() : fresh();
        TrainingSpec trainingSpec = run.spec();
        boolean pairsAgent = run.environment().name().equals("pairs");
        String label = run.label();
        Env train = build(run.environment());
        if (!pairsAgent) {
            checkMemory(trainingSpec.agent(), train.observationSize(), train.actionCount());
        }
        Files.createDirectories(run.dir());
        Trainer trainer = new Trainer(trainingSpec, train, build(run.environment()), run.dir(), run.environment().setup());
        if (pairsAgent && run.checkpoint() == null && pairs.imitates()) {
            pairs.imitate(trainer, Options.checked("--imitate", () -> Main.registry(spec).create(pairs.imitate, 1)),
                    spec.commandLine().getErr(), quiet);
        }
        String agentLabel = pairsAgent ? PPO_PAIRS : trainingSpec.agent().algorithm().label();
        if (run.checkpoint() != null) {
            trainer.restore(run.checkpoint());
        }
        PrintWriter stdout = spec.commandLine().getOut();
        Algorithm algorithm = trainingSpec.agent().algorithm();
        if (trainer.iteration() >= trainingSpec.iterations()) {
            stdout.println(run.dir() + " already holds " + trainer.iteration() + " iterations; raise --iterations to train on");
            stdout.flush();
            return 0;
        }
        if (!quiet) {
            spec.commandLine().getErr().println("training " + agentLabel + " on " + label
                    + (run.hjsLambda() == null ? ", beta " + trainingSpec.environment().beta()
                            : ", HJS environment, lambda " + run.hjsLambda()) + ", iterations " + (trainer.iteration() + 1) + ".."
                    + trainingSpec.iterations() + " -> " + run.dir());
        }
        long t0 = System.nanoTime();
        try (Progress progress = Progress.start("train " + agentLabel, trainingSpec.iterations() - trainer.iteration(),
                quiet, spec.commandLine().getErr())) {
            trainer.run(new TrainingListener() {
                private String lastEval = "";

                @Override
                public void iterationDone(int iteration, int total, IterationStats stats, double recentReturn) {
                    progress.step("return " + Format.sig(recentReturn, 4) + lastEval);
                }

                @Override
                public void evaluated(CurvePoint p, LearningCurve curve) {
                    lastEval = ", eval " + Format.sig(p.evalMeanReturn(), 4) + " at " + p.iteration();
                    try {
                        LearningCurves.write(agentLabel + " on " + label
                                + (run.hjsLambda() == null ? ", beta " + trainingSpec.environment().beta()
                                        : ", HJS, lambda " + run.hjsLambda()), Map.of(algorithm.name(), curve),
                                run.dir(), "learning-curve");
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            });
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
    static String evaluationSummary(CurvePoint last) {
        String head = "mean return " + Format.sig(last.evalMeanReturn(), 5) + ", ";
        if (!(last.evalCompleted() > 0)) {
            return head + "no evaluation episode completed (each ended in a penalised move), so no cost or duration yet";
        }
        return head + BigDecimal.valueOf(last.evalCompleted()).movePointRight(2).setScale(0, RoundingMode.HALF_UP)
                .toPlainString() + "% of episodes completed, cost " + Format.cost(last.evalMeanCost())
                + ", mean duration " + Format.sig(last.evalMeanDuration(), 4) + " s";
    }

    /**
     * A training run: its registered environment, what to train, where, the checkpoint it continues
     * (or null) and a label for messages.
     */
    private record Run(TrainingEnvironment environment, TrainingSpec spec, Path dir, ArrayBundle checkpoint,
                       String label) {

        /** λ of the HJS environment, or null for the others. */
        Double hjsLambda() {
            return TrainingEnvironment.lambdaOf(environment.setup());
        }
    }

    /**
     * An instance of the run's environment from the registry; a bad preset or file is reported as the
     * scenario options report it, a bad setting as bad input.
     */
    private static Env build(TrainingEnvironment environment) {
        return Options.checked("environment options", () -> {
            try {
                return environment.make();
            } catch (IllegalArgumentException e) {
                if (e.getCause() instanceof BadInputException bad) {
                    throw bad;
                }
                throw e;
            }
        });
    }

    /** What the messages call a run on {@code setup}'s cluster and workloads (resolving them: bad names fail here). */
    private static String label(EnvironmentSetup setup) {
        return setup.resolve(null).label();
    }

    /** What the messages call a size-free run. */
    private static String label(SizeFreeSetup s) {
        return s.variants() + " clusters from " + String.join(",", s.clusters()) + " x "
                + String.join(",", s.workloads()) + " (" + s.base().workloadSeeds() + " seeds each)";
    }

    /** The label of the size-free agent on the command line ({@code --agent ppo-pairs}). */
    static final String PPO_PAIRS = "ppo-pairs";

    private boolean sizeFree() {
        return PPO_PAIRS.equalsIgnoreCase(agent);
    }

    private boolean hjs() {
        if (envName == null || envName.equalsIgnoreCase("tpds")) {
            return false;
        }
        if (envName.equalsIgnoreCase("hjs")) {
            return true;
        }
        throw BadInputException.option("--env", "must be tpds or hjs, got '" + envName + "'");
    }

    /** The scenario options an RL environment has no use for. */
    private void rejectScenarioOptions() {
        List<String> bad = new ArrayList<>();
        if (scenario.scenario != null) {
            bad.add("--scenario (give --cluster and --workload)");
        }
        if (hjs()) {
            if (scenario.queue != null && !scenario.queue.equalsIgnoreCase(HjsWeightOrder.NAME)) {
                bad.add("--queue (the HJS environment offers jobs in hjs-weight order; set --weight-lambda)");
            }
            if (beta != null) {
                bad.add("--beta (the HJS environment's final reward is Target)");
            }
            List<String> tpdsOnly = new ArrayList<>(environment.given());
            tpdsOnly.removeAll(List.of("--mask", "--normalise", "--max-steps"));
            bad.addAll(tpdsOnly);
        } else {
            if (scenario.queue != null && !scenario.queue.equalsIgnoreCase("fcfs")) {
                bad.add("--queue (the environment is FCFS, as TPDS)");
            }
            if (scenario.weightLambda != null) {
                bad.add("--weight-lambda (use --env hjs)");
            }
        }
        if (Boolean.TRUE.equals(scenario.admission)) {
            bad.add("--admission");
        }
        if (Boolean.TRUE.equals(scenario.backfill)) {
            bad.add("--backfill");
        }
        if (scenario.billing != null && !scenario.billing.equalsIgnoreCase("exact")) {
            bad.add("--billing (R_epi uses exact busy seconds)");
        }
        if (scenario.deadlineTolerance != null || scenario.meanGap != null || scenario.gaps != null
                || scenario.deadlineShare != null || scenario.deadlineSlack != null) {
            bad.add("--deadline-tolerance, --mean-gap, --gaps, --deadline-share, --deadline-slack");
        }
        if (!bad.isEmpty()) {
            throw new BadInputException("not available for training: " + String.join(", ", bad));
        }
    }

    private Run fresh() throws IOException {
        Algorithm algorithm = Options.checked("--agent", () -> Algorithm.parse(agent == null ? "dqn" : agent));
        List<String> pairsOnly = pairs.given();
        if (!pairsOnly.isEmpty()) {
            throw new BadInputException(String.join(", ", pairsOnly) + " apply to --agent ppo-pairs only");
        }
        double b = beta == null ? 0.5 : beta;
        EnvironmentSetup setup = Options.checked("--workload-seeds", () -> setupBuilder()
                .workloadSeeds(workloadSeeds == null ? 1 : workloadSeeds).build());
        AgentConfig config = agentOptions.resolve(algorithm);
        Double lambda = null;
        TpdsEnvConfig env = Options.checked("environment options", () -> environment.resolve(b));
        if (hjs()) {
            lambda = scenario.weightLambda == null ? HjsWeightOrder.DEFAULT_LAMBDA : scenario.weightLambda;
            double l = lambda;
            Options.checked("--weight-lambda", () -> new HjsWeightOrder(l)); // validates λ before any work
            // Observation and mask settings as agent files store them; the HJS environment masks and
            // normalises by default.
            env = env.withMasking(environment.mask == null || environment.mask)
                    .withNormalised(environment.normalise == null || environment.normalise);
        }
        TrainingSpec s = trainingSpec(config, env, setup.seed());
        Path dir = out != null ? out : Path.of("runs", algorithm.label() + "-"
                + Path.of(setup.workload()).getFileName().toString().replaceAll("[^A-Za-z0-9._-]", "_")
                + (lambda == null ? "-beta-" + b : "-hjs-lambda-" + lambda));
        OutputPaths.checkFolder("--out", dir);
        if (Files.exists(dir.resolve(AgentFiles.CHECKPOINT_FILE))) {
            throw new BadInputException(dir + " already holds a training run: continue it with --resume, "
                    + "or choose another --out");
        }
        TrainingEnvironment environment = lambda == null ? TrainingEnvironment.tpds(setup, env)
                : TrainingEnvironment.hjs(setup, env, lambda);
        return new Run(environment, s, dir, null, label(setup));
    }

    /** A fresh run of the size-free agent: PPO with the pair network on randomised clusters and workloads. */
    private Run freshSizeFree() throws IOException {
        List<String> bad = new ArrayList<>();
        if (scenario.cluster != null) {
            bad.add("--cluster (give --clusters)");
        }
        if (scenario.workload != null) {
            bad.add("--workload (give --workloads)");
        }
        if (envName != null) {
            bad.add("--env");
        }
        bad.addAll(pairs.check(name -> Options.checked("--imitate", () -> Main.registry(spec).create(name, 1))));
        List<String> observationOptions = new ArrayList<>(environment.given());
        observationOptions.retainAll(List.of("--mask", "--normalise", "--busy-time", "--lookahead", "--max-steps"));
        bad.addAll(observationOptions);
        if (!bad.isEmpty()) {
            throw new BadInputException("not available for --agent ppo-pairs (it always masks, and observes the pair "
                    + "schema on any cluster): " + String.join(", ", bad));
        }
        double b = beta == null ? 0.5 : beta;
        EnvironmentSetup base = Options.checked("--workload-seeds", () -> pairs.base(setupBuilder())
                .workloadSeeds(workloadSeeds == null ? 1 : workloadSeeds).build());
        SizeFreeSetup setup = Options.checked("--cluster-variants", () -> pairs.setup(base));
        PpoConfig ppo = (PpoConfig) agentOptions.resolve(Algorithm.PPO);
        if (!agentOptions.givenNames().contains("--hidden")) {
            // The scorer sees one VM at a time: a small network suffices.
            ppo = ppo.toBuilder().hidden(List.of(64, 64)).build();
        }
        PpoConfig config = ppo;
        TpdsEnvConfig env = Options.checked("environment options", () -> environment.resolve(b)).withMasking(true);
        int interval = evalInterval == null ? 100 : evalInterval;
        TrainingSpec s = Options.checked("training options", () -> TrainingSpec.of(config, env,
                iterations == null ? 1_000 : iterations, base.seed()).withEvalInterval(interval)
                .withEvalEpisodes(evalEpisodes == null ? setup.clusters().size() : evalEpisodes)
                .withCheckpointInterval(checkpointInterval == null ? interval : checkpointInterval));
        Path dir = out != null ? out : Path.of("runs", PPO_PAIRS + "-beta-" + b);
        OutputPaths.checkFolder("--out", dir);
        if (Files.exists(dir.resolve(AgentFiles.CHECKPOINT_FILE))) {
            throw new BadInputException(dir + " already holds a training run: continue it with --resume, "
                    + "or choose another --out");
        }
        TrainingEnvironment environment = TrainingEnvironment.pairs(setup, env);
        if (pairs.imitates()) {
            pairs.record(environment.setup());
        }
        return new Run(environment, s, dir, null, label(setup));
    }

    /** The environment the scenario options give (TPDS cluster and normal workload by default), seed --seed or 1. */
    private EnvironmentSetup.Builder setupBuilder() {
        return EnvironmentSetup.builder()
                .cluster(scenario.cluster == null ? "tpds" : scenario.cluster).pricing(scenario.pricing)
                .workload(scenario.workload == null ? "tpds-normal" : scenario.workload).format(scenario.format)
                .jobs(scenario.jobs).requests(scenario.requests).typePenalty(scenario.typePenalty)
                .hybridPenalty(scenario.hybridPenalty).profile(scenario.profile)
                .seed(scenario.seed == null ? 1 : scenario.seed);
    }

    /** The training schedule the options give, for an agent, an environment and a seed. */
    private TrainingSpec trainingSpec(AgentConfig config, TpdsEnvConfig env, long seed) {
        int interval = evalInterval == null ? 1000 : evalInterval;
        return Options.checked("training options", () -> TrainingSpec.of(config, env,
                iterations == null ? 10_000 : iterations, seed).withEvalInterval(interval)
                .withEvalEpisodes(evalEpisodes == null ? 10 : evalEpisodes)
                .withCheckpointInterval(checkpointInterval == null ? interval : checkpointInterval));
    }

    /** {@code --sweep}: every cell checked and built before any training starts. */
    private int sweep() throws IOException {
        engine.check(spec);
        List<String> bad = new ArrayList<>();
        for (Object[] o : new Object[][]{{"--agent (use --agents)", agent}, {"--beta (use --betas)", beta},
            {"--resume", resume ? true : null}, {"--env hjs", hjs() ? true : null},
            {"--workload-seeds", workloadSeeds}}) {
            if (o[1] != null) {
                bad.add((String) o[0]);
            }
        }
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
        EnvironmentSetup base = Options.checked("--cluster, --workload", () -> setupBuilder().build());
        long first = base.seed();
        EnvironmentSetup.Resolved resolved = base.resolve(null); // a bad cluster or workload fails here
        List<TrainSweep.Cell> cells = new ArrayList<>();
        for (Algorithm a : algorithms) {
            AgentConfig config = agentOptions.resolve(a);
            for (double b : betaValues) {
                TpdsEnvConfig env = Options.checked("--betas", () -> environment.resolve(b));
                checkMemory(config, ObservationEncoder.size(resolved.cluster().size(), env.busyTime()),
                        resolved.cluster().size() + 1);
                for (int i = 0; i < n; i++) {
                    long seed = first + i;
                    cells.add(new TrainSweep.Cell(a, b, seed, new TrainingCells.Training(
                            base.toBuilder().seed(seed).build(), trainingSpec(config, env, seed), null)));
                }
            }
        }
        Path dir = out != null ? out : Path.of("runs", "sweep");
        StagedFolder.checkTarget("--out", dir);
        int t = Options.threads(threads);
        try (CellEngine cellEngine = engine.open(spec, t);
             Progress progress = Progress.start("train --sweep (trainings)", cells.size(), quiet,
                     spec.commandLine().getErr())) {
            TrainSweep.run(cells, cellEngine, t, dir, progress, spec.commandLine().getOut());
        }
        return 0;
    }

    private Run resumed() throws IOException {
        if (out == null) {
            throw new BadInputException("--resume needs --out DIR, the folder of the run to continue");
        }
        OutputPaths.checkFolder("--out", out);
        List<String> changed = new ArrayList<>(agentOptions.givenNames());
        changed.addAll(environment.given());
        changed.addAll(pairs.given());
        for (Object[] o : new Object[][]{{"--agent", agent}, {"--beta", beta}, {"--eval-interval", evalInterval},
            {"--eval-episodes", evalEpisodes}, {"--checkpoint-interval", checkpointInterval},
            {"--workload-seeds", workloadSeeds}, {"--cluster", scenario.cluster}, {"--workload", scenario.workload},
            {"--seed", scenario.seed}, {"--jobs", scenario.jobs}, {"--requests", scenario.requests},
            {"--pricing", scenario.pricing}, {"--format", scenario.format}, {"--type-penalty", scenario.typePenalty},
            {"--hybrid-penalty", scenario.hybridPenalty}, {"--profile", scenario.profile}}) {
            if (o[1] != null) {
                changed.add((String) o[0]);
            }
        }
        if (!changed.isEmpty()) {
            throw new BadInputException("a resumed run keeps the settings of its checkpoint; drop "
                    + String.join(", ", changed));
        }
        Path file = out.resolve(AgentFiles.CHECKPOINT_FILE);
        if (!Files.isRegularFile(file)) {
            throw new BadInputException("no checkpoint to resume: " + file + " does not exist");
        }
        ArrayBundle checkpoint = ArrayBundle.read(file);
        TrainingSpec s = AgentFiles.trainingSpec(checkpoint, iterations);
        JsonNode setup = checkpoint.field("setup");
        TrainingEnvironment environment = TrainingEnvironment.of(setup, s.environment());
        SizeFreeSetup sizeFree = SizeFreeSetup.fromJson(setup);
        return new Run(environment, s, out, checkpoint,
                sizeFree != null ? label(sizeFree) : label(EnvironmentSetup.fromJson(setup)));
    }

    /** Refuses a network the JVM's memory cannot hold, before anything is allocated or written. */
    private static void checkMemory(AgentConfig config, int inputs, int actions) {
        long needed = Learners.estimatedBytes(config, inputs, actions);
        long available = Runtime.getRuntime().maxMemory();
        if (needed > available / 2) {
            throw BadInputException.option("--hidden", "a " + config.algorithm().label() + " agent with hidden layers "
                    + config.hidden() + " needs at least " + mb(needed) + " MB (8 bytes per weight, weights, gradients "
                    + "and Adam's moments per network), more than half of the "
                    + mb(available) + " MB this JVM may use; choose narrower layers or raise the memory with "
                    + "EXECPLACE_JAVA_OPTS=-Xmx...");
        }
    }

    private static String mb(long bytes) {
        return bytes == Long.MAX_VALUE ? "more than 8 million TB" : String.format("%,d", bytes >> 20);
    }
}
