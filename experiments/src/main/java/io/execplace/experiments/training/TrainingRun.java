package io.execplace.experiments.training;

import com.fasterxml.jackson.databind.JsonNode;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.OutputPaths;
import io.execplace.experiments.env.SizeFreeSetup;
import io.execplace.experiments.env.TrainingEnvironment;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.agent.AgentConfig;
import io.execplace.rl.agent.Learners;
import io.execplace.rl.agent.PpoConfig;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.train.AgentFiles;
import io.execplace.rl.train.Trainer;
import io.execplace.rl.train.TrainingSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One run of {@code execplace train}: the registered environment it trains in, what to train, the
 * folder it writes and the checkpoint it continues (null for a fresh run), with a label for messages.
 * Made {@link #fresh fresh} (TPDS or HJS environment), {@link #sizeFree size-free} (the pair agent on
 * randomised clusters and workloads) or {@link #resume resumed} from a folder; everything is checked
 * before {@link #open} writes anything.
 *
 * @param environment the registered environment and the agent files' {@code setup}
 * @param spec        agent, environment configuration and schedule
 * @param dir         the run's folder
 * @param checkpoint  the checkpoint a resumed run continues, or null
 * @param label       what messages call the run's clusters and workloads
 */
public record TrainingRun(TrainingEnvironment environment, TrainingSpec spec, Path dir, ArrayBundle checkpoint,
                          String label) {

    /** What the size-free agent is called on the command line and in messages ({@code --agent ppo-pairs}). */
    public static final String SIZE_FREE = "ppo-pairs";

    /**
     * A training schedule as given; a null field takes its default, which differs between the fixed-size
     * agents (TPDS Table 5's) and the size-free one.
     *
     * @param iterations         training iterations
     * @param evalInterval       iterations between evaluations
     * @param evalEpisodes       greedy episodes per evaluation
     * @param checkpointInterval iterations between checkpoints (default: the evaluation interval)
     */
    public record Schedule(Integer iterations, Integer evalInterval, Integer evalEpisodes, Integer checkpointInterval) {

        /** The schedule of a fixed-size agent: 10,000 iterations, evaluated every 1,000 on 10 episodes. */
        public TrainingSpec spec(AgentConfig agent, TpdsEnvConfig env, long seed) {
            return spec(agent, env, seed, 10_000, 1000, 10);
        }

        /** The schedule of the size-free agent: 1,000 iterations, evaluated every 100 on one episode per cluster. */
        TrainingSpec sizeFreeSpec(PpoConfig agent, TpdsEnvConfig env, long seed, int clusters) {
            return spec(agent, env, seed, 1_000, 100, clusters);
        }

        private TrainingSpec spec(AgentConfig agent, TpdsEnvConfig env, long seed, int defaultIterations,
                                  int defaultInterval, int defaultEpisodes) {
            int interval = evalInterval == null ? defaultInterval : evalInterval;
            return BadInputException.checkedOption("training options", () -> TrainingSpec.of(agent, env,
                    iterations == null ? defaultIterations : iterations, seed).withEvalInterval(interval)
                    .withEvalEpisodes(evalEpisodes == null ? defaultEpisodes : evalEpisodes)
                    .withCheckpointInterval(checkpointInterval == null ? interval : checkpointInterval));
        }
    }

    /**
     * A fresh run of a fixed-size agent in the TPDS environment ({@code hjsLambda} null) or the HJS one
     * with that λ, in {@code out} or, when null, {@code runs/AGENT-WORKLOAD-beta-B} ({@code -hjs-lambda-L}).
     */
    public static TrainingRun fresh(EnvironmentSetup setup, AgentConfig agent, TpdsEnvConfig env, Double hjsLambda,
                                    Schedule schedule, Path out) throws IOException {
        TrainingSpec spec = schedule.spec(agent, env, setup.seed());
        Path dir = out != null ? out : Path.of("runs", agent.algorithm().label() + "-"
                + Path.of(setup.workload()).getFileName().toString().replaceAll("[^A-Za-z0-9._-]", "_")
                + (hjsLambda == null ? "-beta-" + env.beta() : "-hjs-lambda-" + hjsLambda));
        checkNew(dir);
        TrainingEnvironment training = hjsLambda == null ? TrainingEnvironment.tpds(setup, env)
                : TrainingEnvironment.hjs(setup, env, hjsLambda);
        return new TrainingRun(training, spec, dir, null, label(setup));
    }

    /**
     * The HJS environment's observation: {@code env}'s, masking and normalising unless told otherwise
     * ({@code mask}, {@code normalise}: null for the default).
     */
    public static TpdsEnvConfig hjsObservation(TpdsEnvConfig env, Boolean mask, Boolean normalise) {
        return env.withMasking(mask == null || mask).withNormalised(normalise == null || normalise);
    }

    /**
     * A fresh run of the size-free agent on {@code setup}'s clusters and workloads, in {@code out} or, when
     * null, {@code runs/ppo-pairs-beta-B}. {@code start} (or null) is recorded in the agent files'
     * setup; with expert rounds the schedule is theirs ({@link ExpertRounds#spec}).
     */
    public static TrainingRun sizeFree(SizeFreeSetup setup, PpoConfig agent, TpdsEnvConfig env, Schedule schedule,
                                       SizeFreeStart.Teaching start, Path out) throws IOException {
        TrainingSpec spec = schedule.sizeFreeSpec(agent, env, setup.base().seed(), setup.clusters().size());
        if (start != null && start.expert() != null) {
            spec = ExpertRounds.spec(spec, start.expert().rounds(), start.expert().ppo());
        }
        Path dir = out != null ? out : Path.of("runs", SIZE_FREE + "-beta-" + env.beta());
        checkNew(dir);
        TrainingEnvironment training = TrainingEnvironment.pairs(setup, env);
        if (start != null) {
            start.record(training.setup());
        }
        return new TrainingRun(training, spec, dir, null, label(setup));
    }

    /**
     * The size-free agent's hyper-parameters: {@code given}'s, with a 64-64 network unless the widths
     * were given (the scorer sees one VM at a time) and, for deadlines, rewards scaled by 0.1 unless the
     * scale was given (Target's returns are ~100-200, R_epi's ~10,000: the critic's targets stay near 10).
     */
    public static PpoConfig sizeFreeAgent(PpoConfig given, boolean hiddenGiven, boolean rewardScaleGiven,
                                          boolean deadlines) {
        PpoConfig ppo = given;
        if (!hiddenGiven) {
            ppo = ppo.toBuilder().hidden(List.of(64, 64)).build();
        }
        if (deadlines && !rewardScaleGiven) {
            ppo = ppo.toBuilder().rewardScale(0.1).build();
        }
        return ppo;
    }

    /**
     * The size-free agent's environment: {@code env} masked, earning the Target reward for deadlines, in
     * {@code queue}'s order (null: {@code env}'s).
     */
    public static TpdsEnvConfig sizeFreeEnvironment(TpdsEnvConfig env, boolean deadlines, String queue) {
        TpdsEnvConfig resolved = env.withMasking(true).withTargetReward(deadlines);
        return queue == null ? resolved : BadInputException.checkedOption("--queue", () -> resolved.withQueue(queue));
    }

    /**
     * The run in {@code dir}, continued from its checkpoint with the settings it was started with; {@code
     * iterations} (or, for expert iteration, {@code expertRounds}) raises the total when not null.
     */
    public static TrainingRun resume(Path dir, Integer iterations, Integer expertRounds) throws IOException {
        OutputPaths.checkFolder("--out", dir);
        Path file = dir.resolve(AgentFiles.CHECKPOINT_FILE);
        if (!Files.isRegularFile(file)) {
            throw new BadInputException("no checkpoint to resume: " + file + " does not exist");
        }
        ArrayBundle checkpoint = ArrayBundle.read(file);
        TrainingSpec spec = AgentFiles.trainingSpec(checkpoint, iterations);
        JsonNode setup = checkpoint.field("setup");
        JsonNode expert = setup.path("expert");
        if (expert.isObject()) {
            if (iterations != null) {
                throw new BadInputException("a resumed expert-iteration run takes --expert-rounds (the new total), "
                        + "not --iterations");
            }
            spec = ExpertRounds.spec(spec, expertRounds != null ? expertRounds : expert.path("rounds").asInt(1),
                    expert.path("ppo").asInt(0));
        } else if (expertRounds != null) {
            throw BadInputException.option("--expert-rounds", dir + " holds a training run without expert iteration");
        }
        TrainingEnvironment training = TrainingEnvironment.of(setup, spec.environment());
        SizeFreeSetup sizeFree = SizeFreeSetup.fromJson(setup);
        return new TrainingRun(training, spec, dir, checkpoint,
                sizeFree != null ? label(sizeFree) : label(EnvironmentSetup.fromJson(setup)));
    }

    /** A folder a fresh run may write: a folder (or nothing yet) that holds no run. */
    private static void checkNew(Path dir) {
        OutputPaths.checkFolder("--out", dir);
        if (Files.exists(dir.resolve(AgentFiles.CHECKPOINT_FILE))) {
            throw new BadInputException(dir + " already holds a training run: continue it with --resume, "
                    + "or choose another --out");
        }
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

    /** True for the size-free agent's runs. */
    public boolean sizeFree() {
        return environment.name().equals("pairs");
    }

    /** True for a size-free run by expert iteration. */
    public boolean expert() {
        return sizeFree() && environment.setup().path("expert").isObject();
    }

    /** The expert rounds to reach: {@code newTotal} when given, else those the run was started with. */
    public int expertRounds(Integer newTotal) {
        return newTotal != null ? newTotal : environment.setup().path("expert").path("rounds").asInt(1);
    }

    /** What messages call the agent: its algorithm, or {@value #SIZE_FREE}. */
    public String agentLabel() {
        return sizeFree() ? SIZE_FREE : spec.agent().algorithm().label();
    }

    /** λ of the HJS environment, or null for the others. */
    public Double hjsLambda() {
        return TrainingEnvironment.lambdaOf(environment.setup());
    }

    /** What the run optimises, for messages and the learning curve's title; {@code hjs} names the HJS environment. */
    public String objective(String hjs) {
        TpdsEnvConfig env = spec.environment();
        if (hjsLambda() != null) {
            return ", " + hjs + ", lambda " + hjsLambda();
        }
        if (env.targetReward()) {
            return ", Target reward, queue " + env.queue();
        }
        return ", beta " + env.beta() + ("fcfs".equals(env.queue()) ? "" : ", queue " + env.queue());
    }

    /**
     * The run's trainer, in two new instances of its environment (training and evaluation), restored
     * from the checkpoint of a resumed run; the folder is made once the network is known to fit in memory.
     */
    public Trainer open() throws IOException {
        Env train = make();
        if (!sizeFree()) {
            checkMemory(spec.agent(), train.observationSize(), train.actionCount());
        }
        Files.createDirectories(dir);
        Trainer trainer = new Trainer(spec, train, make(), dir, environment.setup());
        if (checkpoint != null) {
            trainer.restore(checkpoint);
        }
        return trainer;
    }

    /**
     * An instance of the run's environment from the registry; a bad preset or file is reported as the
     * scenario options report it, a bad setting as bad input.
     */
    private Env make() {
        return BadInputException.checkedOption("environment options", () -> {
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

    /** Refuses a network the JVM's memory cannot hold, before anything is allocated or written. */
    public static void checkMemory(AgentConfig config, int inputs, int actions) {
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
