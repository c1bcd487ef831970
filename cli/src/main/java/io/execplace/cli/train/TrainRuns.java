package io.execplace.cli.train;

import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.Options;
import io.execplace.cli.command.ScenarioOptions;
import com.fasterxml.jackson.databind.JsonNode;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.OutputPaths;
import io.execplace.core.rules.HjsWeightOrder;
import io.execplace.experiments.env.TrainingEnvironment;
import io.execplace.experiments.training.ExpertRounds;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.experiments.env.SizeFreeSetup;
import io.execplace.rl.agent.AgentConfig;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.agent.Learners;
import io.execplace.rl.agent.PpoConfig;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.train.AgentFiles;
import io.execplace.rl.train.TrainingSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How {@code execplace train}'s options become a training run: the registered environment
 * ({@link TrainingEnvironment}: {@code tpds}, {@code hjs} or {@code pairs}), what to train and where,
 * fresh or resumed from a checkpoint; every option that does not apply is refused before any work.
 * Reads the options of one {@link TrainCommand} after picocli has set them.
 */
final class TrainRuns {

    private final CommandContext context;
    private final ScenarioOptions scenario;
    private final EnvironmentOptions environment;
    private final AgentOptions agentOptions;
    private final SizeFreeOptions pairs;
    private final String agent;
    private final String envName;
    private final Double beta;
    private final Integer iterations;
    private final Integer evalInterval;
    private final Integer evalEpisodes;
    private final Integer checkpointInterval;
    private final Integer workloadSeeds;
    private final Path out;

    TrainRuns(TrainCommand c) {
        context = c.context;
        scenario = c.scenario;
        environment = c.environment;
        agentOptions = c.agentOptions;
        pairs = c.pairs;
        agent = c.agent;
        envName = c.envName;
        beta = c.beta;
        iterations = c.iterations;
        evalInterval = c.evalInterval;
        evalEpisodes = c.evalEpisodes;
        checkpointInterval = c.checkpointInterval;
        Options.atLeastOne("--iterations", iterations);
        Options.atLeastOne("--eval-interval", evalInterval);
        Options.atLeastOne("--eval-episodes", evalEpisodes);
        Options.atLeastOne("--checkpoint-interval", checkpointInterval);
        workloadSeeds = c.workloadSeeds;
        out = c.out;
    }

    /**
     * A training run: its registered environment, what to train, where, the checkpoint it continues
     * (or null) and a label for messages.
     */
    record Run(TrainingEnvironment environment, TrainingSpec spec, Path dir, ArrayBundle checkpoint,
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
    static Env build(TrainingEnvironment training) {
        return Options.checked("environment options", () -> {
            try {
                return training.make();
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

    boolean sizeFree() {
        return TrainCommand.PPO_PAIRS.equalsIgnoreCase(agent);
    }

    boolean hjs() {
        if (envName == null || envName.equalsIgnoreCase("tpds")) {
            return false;
        }
        if (envName.equalsIgnoreCase("hjs")) {
            return true;
        }
        throw BadInputException.option("--env", "must be tpds or hjs, got '" + envName + "'");
    }

    /** The scenario options an RL environment has no use for. */
    void rejectScenarioOptions() {
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
        } else if (!sizeFree()) {
            if (scenario.queue != null && !scenario.queue.equalsIgnoreCase("fcfs")) {
                bad.add("--queue (the environment is FCFS, as TPDS; --agent ppo-pairs takes any order)");
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
        if (scenario.generator.deadlineTolerance != null || scenario.generator.meanGap != null || scenario.generator.gaps != null
                || scenario.generator.deadlineShare != null || scenario.generator.deadlineSlack != null) {
            bad.add("--deadline-tolerance, --mean-gap, --gaps, --deadline-share, --deadline-slack");
        }
        if (!bad.isEmpty()) {
            throw new BadInputException("not available for training: " + String.join(", ", bad));
        }
    }

    Run fresh() throws IOException {
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
        TrainingEnvironment training = lambda == null ? TrainingEnvironment.tpds(setup, env)
                : TrainingEnvironment.hjs(setup, env, lambda);
        return new Run(training, s, dir, null, label(setup));
    }

    /** A fresh run of the size-free agent: PPO with the pair network on randomised clusters and workloads. */
    Run freshSizeFree() throws IOException {
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
        bad.addAll(pairs.check(name -> Options.checked("--imitate", () -> context.schedulers().create(name, 1))));
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
        if (!agentOptions.given().contains("--hidden")) {
            // The scorer sees one VM at a time: a small network suffices.
            ppo = ppo.toBuilder().hidden(List.of(64, 64)).build();
        }
        if (pairs.deadlines() && !agentOptions.given().contains("--reward-scale")) {
            // Target's returns are ~100-200 (R_epi's ~10,000): 0.1 keeps the critic's targets near 10.
            ppo = ppo.toBuilder().rewardScale(0.1).build();
        }
        PpoConfig config = ppo;
        String queue = scenario.queueWithLambda();
        if (pairs.deadlines() && environment.given().contains("--per-job-reward")) {
            throw new BadInputException("--per-job-reward with --deadlines (the Target reward replaces R_epi)");
        }
        TpdsEnvConfig resolved = Options.checked("environment options", () -> environment.resolve(b)).withMasking(true)
                .withTargetReward(pairs.deadlines());
        TpdsEnvConfig env = queue == null ? resolved : Options.checked("--queue", () -> resolved.withQueue(queue));
        int interval = evalInterval == null ? 100 : evalInterval;
        if (pairs.expert() && (iterations != null || evalInterval != null || checkpointInterval != null)) {
            throw new BadInputException("--iterations, --eval-interval and --checkpoint-interval do not apply to "
                    + "--expert-rounds (set --expert-ppo: PPO iterations per round; checkpoints come after each round)");
        }
        TrainingSpec s = Options.checked("training options", () -> TrainingSpec.of(config, env,
                iterations == null ? 1_000 : iterations, base.seed()).withEvalInterval(interval)
                .withEvalEpisodes(evalEpisodes == null ? setup.clusters().size() : evalEpisodes)
                .withCheckpointInterval(checkpointInterval == null ? interval : checkpointInterval));
        if (pairs.expert()) {
            s = ExpertRounds.spec(s, pairs.expertRounds, pairs.expertPpo == null ? 0 : pairs.expertPpo);
        }
        Path dir = out != null ? out : Path.of("runs", TrainCommand.PPO_PAIRS + "-beta-" + b);
        OutputPaths.checkFolder("--out", dir);
        if (Files.exists(dir.resolve(AgentFiles.CHECKPOINT_FILE))) {
            throw new BadInputException(dir + " already holds a training run: continue it with --resume, "
                    + "or choose another --out");
        }
        TrainingEnvironment training = TrainingEnvironment.pairs(setup, env);
        if (pairs.imitates()) {
            pairs.record(training.setup());
        }
        return new Run(training, s, dir, null, label(setup));
    }

    /** The environment the scenario options give (TPDS cluster and normal workload by default), seed --seed or 1. */
    EnvironmentSetup.Builder setupBuilder() {
        return EnvironmentSetup.builder()
                .cluster(scenario.cluster == null ? "tpds" : scenario.cluster).pricing(scenario.pricing)
                .workload(scenario.workload == null ? "tpds-normal" : scenario.workload).format(scenario.format)
                .jobs(scenario.jobs).requests(scenario.generator.requests).typePenalty(scenario.typePenalty)
                .hybridPenalty(scenario.hybridPenalty).profile(scenario.jobProfile.file)
                .seed(scenario.seed == null ? 1 : scenario.seed);
    }

    /** The training schedule the options give, for an agent, an environment and a seed. */
    TrainingSpec trainingSpec(AgentConfig config, TpdsEnvConfig env, long seed) {
        int interval = evalInterval == null ? 1000 : evalInterval;
        return Options.checked("training options", () -> TrainingSpec.of(config, env,
                iterations == null ? 10_000 : iterations, seed).withEvalInterval(interval)
                .withEvalEpisodes(evalEpisodes == null ? 10 : evalEpisodes)
                .withCheckpointInterval(checkpointInterval == null ? interval : checkpointInterval));
    }

    Run resumed() throws IOException {
        if (out == null) {
            throw new BadInputException("--resume needs --out DIR, the folder of the run to continue");
        }
        OutputPaths.checkFolder("--out", out);
        List<String> changed = new ArrayList<>(agentOptions.given());
        changed.addAll(environment.given());
        changed.addAll(pairs.given());
        changed.remove("--expert-rounds"); // raises the total, as --iterations does
        for (Object[] o : new Object[][]{{"--agent", agent}, {"--beta", beta}, {"--eval-interval", evalInterval},
            {"--eval-episodes", evalEpisodes}, {"--checkpoint-interval", checkpointInterval},
            {"--workload-seeds", workloadSeeds}, {"--cluster", scenario.cluster}, {"--workload", scenario.workload},
            {"--seed", scenario.seed}, {"--jobs", scenario.jobs}, {"--requests", scenario.generator.requests},
            {"--pricing", scenario.pricing}, {"--format", scenario.format}, {"--type-penalty", scenario.typePenalty},
            {"--hybrid-penalty", scenario.hybridPenalty}, {"--profile", scenario.jobProfile.file}}) {
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
        JsonNode expert = setup.path("expert");
        if (expert.isObject()) {
            if (iterations != null) {
                throw new BadInputException("a resumed expert-iteration run takes --expert-rounds (the new total), "
                        + "not --iterations");
            }
            s = ExpertRounds.spec(s, pairs.expertRounds != null ? pairs.expertRounds : expert.path("rounds").asInt(1),
                    expert.path("ppo").asInt(0));
        } else if (pairs.expertRounds != null) {
            throw BadInputException.option("--expert-rounds", out + " holds a training run without expert iteration");
        }
        TrainingEnvironment training = TrainingEnvironment.of(setup, s.environment());
        SizeFreeSetup sizeFree = SizeFreeSetup.fromJson(setup);
        return new Run(training, s, out, checkpoint,
                sizeFree != null ? label(sizeFree) : label(EnvironmentSetup.fromJson(setup)));
    }

    /** Refuses a network the JVM's memory cannot hold, before anything is allocated or written. */
    static void checkMemory(AgentConfig config, int inputs, int actions) {
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
