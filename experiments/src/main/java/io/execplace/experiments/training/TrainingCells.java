package io.execplace.experiments.training;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.io.JsonInput;
import io.execplace.core.metrics.RunSummary;
import io.execplace.core.model.Workload;
import io.execplace.core.progress.ProgressListener;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import io.execplace.experiments.env.TrainingEnvironment;
import io.execplace.core.io.PackedFolder;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.agent.AgentConfig;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.agent.Learners;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.train.AgentPolicy;
import io.execplace.rl.train.CurvePoint;
import io.execplace.rl.train.EnvironmentRecord;
import io.execplace.rl.train.LearningCurve;
import io.execplace.rl.train.TrainedAgent;
import io.execplace.rl.train.Trainer;
import io.execplace.rl.train.TrainingListener;
import io.execplace.rl.train.TrainingSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * One training in the TPDS environment as a cell ({@code StandardCells.TRAINING}) of {@code train --sweep}
 * and {@code reproduce tpds}, and the core both engines share: {@link #train} into a folder. As text,
 * a cell is one JSON object with the fields an agent's checkpoint stores
 * ({@code {"setup":{...},"algorithm":"DQN","agent":{...},"environment":{...},"training":{"iterations":..,
 * "evalInterval":..,"evalEpisodes":..,"checkpointInterval":..,"seed":..},"policyName":"agent:DIR"}});
 * its result carries the agent's files (base64), the learning curve and the evaluation.
 */
public final class TrainingCells {

    private static final ObjectMapper JSON = new ObjectMapper();

    private TrainingCells() {
    }

    /**
     * One training.
     *
     * @param setup      the environment's cluster and workloads
     * @param spec       agent, environment, schedule and seed
     * @param policyName the trained agent's name as a scheduler, when it is then run once on the
     *                   first workload (TPDS §7's comparison); null for no such run
     */
    public record Training(EnvironmentSetup setup, TrainingSpec spec, String policyName) {
    }

    /**
     * The trained agent run as a scheduler on the first workload.
     *
     * @param summary   the run's numbers
     * @param fallbacks decisions the agent's choice was replaced
     * @param holds     decisions the agent held the job
     */
    public record Evaluation(RunSummary summary, long fallbacks, long holds) {
    }

    /**
     * What a training produced.
     *
     * @param files      the agent folder's files by name (model, checkpoint, learning-curve.csv)
     * @param curve      the learning curve
     * @param steps      environment steps taken
     * @param seconds    wall time of the training (a timing field: differs run to run)
     * @param evaluation the agent's run as a scheduler, or null
     */
    public record Trained(Map<String, byte[]> files, LearningCurve curve, long steps, double seconds,
                          Evaluation evaluation) {
    }

    /**
     * Trains into {@code dir} (created), telling {@code progress} after every iteration, then runs the
     * agent as a scheduler when the training asks for it. The files stay in {@code dir}; the result's
     * {@code files} is empty.
     */
    public static Trained train(Training t, Path dir, ProgressListener progress) throws IOException {
        EnvironmentSetup.Resolved resolved = t.setup().resolve(null);
        TpdsEnvConfig env = t.spec().environment();
        Files.createDirectories(dir);
        Trainer trainer = TrainingEnvironment.tpds(t.setup(), env).trainer(t.spec(), dir);
        long t0 = System.nanoTime();
        trainer.run(TrainingListener.reporting(progress));
        double seconds = (System.nanoTime() - t0) / 1e9;
        Evaluation evaluation = null;
        if (t.policyName() != null) {
            AgentPolicy policy = new AgentPolicy(t.policyName(), TrainedAgent.read(dir));
            Workload workload = resolved.workloads().get(0);
            RunSummary summary = Simulation.run(resolved.cluster(), workload, policy,
                    SimulationConfig.defaults(resolved.cluster(), workload).withDurationModel(resolved.durationModel()))
                    .summary();
            evaluation = new Evaluation(summary, policy.fallbacks(), policy.holds());
        }
        return new Trained(Map.of(), trainer.curve(), trainer.learner().totalSteps(), seconds, evaluation);
    }

    /** The cell text of a training. */
    public static String cell(Training t) {
        TrainingSpec s = t.spec();
        ObjectNode root = JSON.createObjectNode();
        root.set("setup", t.setup().toJson());
        root.put("algorithm", s.agent().algorithm().name());
        root.set("agent", JSON.valueToTree(s.agent()));
        root.set("environment", EnvironmentRecord.of(s.environment()));
        ObjectNode training = root.putObject("training");
        training.put("iterations", s.iterations());
        training.put("evalInterval", s.evalInterval());
        training.put("evalEpisodes", s.evalEpisodes());
        training.put("checkpointInterval", s.checkpointInterval());
        training.put("seed", s.seed());
        root.put("policyName", t.policyName());
        return write(root);
    }

    /** Reads {@link #cell}'s form. */
    static Training training(String cell) {
        return JsonInput.read(JSON, cell, "a training cell", root -> {
            Algorithm algorithm = Algorithm.valueOf(root.required("algorithm").asText());
            AgentConfig agent = JSON.treeToValue(root.required("agent"), Learners.configType(algorithm));
            TpdsEnvConfig env = EnvironmentRecord.read(root.required("environment"));
            JsonNode tr = root.required("training");
            TrainingSpec spec = new TrainingSpec(agent, env, tr.required("iterations").asInt(),
                    tr.required("evalInterval").asInt(), tr.required("evalEpisodes").asInt(),
                    tr.required("checkpointInterval").asInt(), tr.required("seed").asLong());
            JsonNode name = root.get("policyName");
            return new Training(EnvironmentSetup.fromJson(root.required("setup")), spec,
                    name == null || name.isNull() ? null : name.asText());
        });
    }

    /** Runs one training cell in a temporary folder and returns the result text (files included). */
    public static String run(String cell) {
        Training t = training(cell);
        return write(PackedFolder.packedWork("execplace-training-", dir -> {
            Trained trained = train(t, dir, ProgressListener.NONE);
            ObjectNode root = JSON.createObjectNode();
            root.set("curve", JSON.valueToTree(trained.curve().points()));
            root.put("steps", trained.steps());
            root.put("seconds", trained.seconds());
            root.set("evaluation", trained.evaluation() == null ? null : JSON.valueToTree(trained.evaluation()));
            return root;
        }));
    }

    /** The result text of {@link #run} as what the training produced. */
    public static Trained result(String text) {
        try {
            JsonNode root = JSON.readTree(text);
            Map<String, byte[]> files = PackedFolder.read(root.required("files"));
            LearningCurve curve = new LearningCurve();
            for (JsonNode p : root.required("curve")) {
                curve.add(JSON.treeToValue(p, CurvePoint.class));
            }
            JsonNode ev = root.get("evaluation");
            Evaluation evaluation = ev == null || ev.isNull() ? null : JSON.treeToValue(ev, Evaluation.class);
            return new Trained(files, curve, root.required("steps").asLong(), root.required("seconds").asDouble(),
                    evaluation);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a training cell's result is malformed: " + e.getOriginalMessage(), e);
        }
    }

    /** Writes a result's files into {@code dir} (created), as the training would have written them there. */
    public static void writeFiles(Trained trained, Path dir) throws IOException {
        PackedFolder.write(trained.files(), dir);
    }

    private static String write(JsonNode node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
