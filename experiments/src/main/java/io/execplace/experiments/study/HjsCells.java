package io.execplace.experiments.study;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.io.JsonInput;
import io.execplace.core.io.PackedFolder;
import io.execplace.core.metrics.HjsTarget;
import io.execplace.core.metrics.RunSummary;
import io.execplace.core.progress.ProgressListener;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.experiments.run.CellJson;
import io.execplace.experiments.run.CellKind;
import io.execplace.experiments.run.ScenarioCells;
import io.execplace.rl.train.AgentFiles;
import io.execplace.rl.train.RlSchedulers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The HJS study's work as text cells, so that {@code reproduce hjs --engine spark} runs it as Spark
 * tasks (docs/spark.md). Two kinds:
 * <ul>
 *   <li>{@link #TRAINING}: {@code {"jobSet":"hjs-40-20","agent":"HJS","settings":{...HjsStudySettings...}}};
 *       its result {@code {"files":{NAME:BASE64,...},"seconds":..}} carries the agent's folder.</li>
 *   <li>{@link #EVALUATION}: {@code {"figure":"fig2","jobSet":..,"scheduler":"HJS","queue":"hjs-weight:0.75",
 *       "placement":"gio"|null,"agentFiles":{..}|null,"split":"held-out","seed":1001,"milpTimeLimitMs":200}}
 *       — the agent's model travels inside the cell; its result is {@code {"target":{..},"summary":{..}}}.</li>
 * </ul>
 * The study's own threads run the same functions on objects ({@link #evaluate}, {@link HjsAgents#train}).
 */
public enum HjsCells implements CellKind {

    /** One agent's training for one job set. */
    TRAINING {
        @Override
        public String run(String cell) {
            return runTraining(cell);
        }
    },

    /** One scheduler on one workload. */
    EVALUATION {
        @Override
        public String run(String cell) {
            return runEvaluation(cell);
        }
    };

    private static final ObjectMapper JSON = CellJson.MAPPER;

    /**
     * One run of Fig. 1 or Fig. 2.
     *
     * @param figure    {@code fig1} or {@code fig2}
     * @param jobSet    job-set preset
     * @param scheduler label in tables and charts
     * @param queue     queue order
     * @param placement registered scheduler name, {@code agent:PATH} included
     * @param split     {@code training} or {@code held-out}
     * @param seed      workload seed
     */
    record Evaluation(String figure, String jobSet, String scheduler, QueuePolicy queue, String placement, String split,
                      long seed) {
    }

    /** What a training cell names. */
    private record Training(String jobSet, HjsStudy.AgentKind kind, HjsStudySettings settings) {
    }

    /** What an evaluation cell names besides the run: the exact solver's time limit. */
    private record EvaluationCell(Evaluation evaluation, long milpTimeLimitMs) {
    }

    /** The text of one training. */
    static String trainingCell(String jobSet, HjsStudy.AgentKind kind, HjsStudySettings settings) {
        ObjectNode root = JSON.createObjectNode();
        root.put("jobSet", jobSet);
        root.put("agent", kind.name());
        root.set("settings", JSON.valueToTree(settings));
        return write(root);
    }

    private static String runTraining(String cell) {
        Training t = JsonInput.read(JSON, cell, "an HJS training cell", root -> new Training(root.required("jobSet").asText(),
                HjsStudy.AgentKind.valueOf(root.required("agent").asText()),
                JSON.treeToValue(root.required("settings"), HjsStudySettings.class)));
        return write(PackedFolder.packedWork("execplace-hjs-training-", dir -> {
            HjsStudy.Trained trained = HjsAgents.train(t.kind(), t.jobSet(), t.settings(), dir, ProgressListener.NONE);
            return JSON.createObjectNode().put("seconds", trained.seconds());
        }));
    }

    /** Writes a training result's files into {@code folder}; returns the training's wall-clock seconds. */
    static double writeTraining(String result, Path folder) throws IOException {
        JsonNode root = JSON.readTree(result);
        PackedFolder.write(PackedFolder.read(root.required("files")), folder);
        return root.required("seconds").asDouble();
    }

    /** The text of one evaluation; an {@code agent:PATH} placement sends the agent's model along. */
    static String evaluationCell(Evaluation e, long milpTimeLimitMs) {
        ObjectNode root = JSON.createObjectNode();
        root.put("figure", e.figure());
        root.put("jobSet", e.jobSet());
        root.put("scheduler", e.scheduler());
        root.put("queue", e.queue().name());
        String agentPrefix = RlSchedulers.PREFIX + ":";
        if (e.placement().startsWith(agentPrefix)) {
            Path model = AgentFiles.resolve(Path.of(e.placement().substring(agentPrefix.length())));
            root.putNull("placement");
            root.set("agentFiles", PackedFolder.pack(List.of(model)));
        } else {
            root.put("placement", e.placement());
            root.putNull("agentFiles");
        }
        root.put("split", e.split());
        root.put("seed", e.seed());
        root.put("milpTimeLimitMs", milpTimeLimitMs);
        return write(root);
    }

    private static String runEvaluation(String cell) {
        EvaluationCell read = JsonInput.read(JSON, cell, "an HJS evaluation cell", root -> {
            JsonNode agent = root.required("agentFiles");
            String placement = agent.isNull() ? root.required("placement").asText()
                    : RlSchedulers.PREFIX + ":" + PackedFolder.unpack(agent);
            return new EvaluationCell(new Evaluation(root.required("figure").asText(), root.required("jobSet").asText(),
                    root.required("scheduler").asText(), QueuePolicy.byName(root.required("queue").asText()), placement,
                    root.required("split").asText(), root.required("seed").asLong()),
                    root.required("milpTimeLimitMs").asLong());
        });
        HjsStudy.Cell c = HjsStudy.evaluate(read.evaluation(), ScenarioCells.schedulers(), read.milpTimeLimitMs());
        ObjectNode result = JSON.createObjectNode();
        result.set("target", JSON.valueToTree(c.target()));
        result.set("summary", JSON.valueToTree(c.summary()));
        return write(result);
    }

    /** An evaluation's result text as the study's cell. */
    static HjsStudy.Cell evaluationResult(Evaluation e, String text) {
        try {
            JsonNode root = JSON.readTree(text);
            return new HjsStudy.Cell(e.figure(), e.jobSet(), e.scheduler(), e.queue().name(), e.split(), e.seed(),
                    JSON.treeToValue(root.required("target"), HjsTarget.class),
                    JSON.treeToValue(root.required("summary"), RunSummary.class));
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException("an HJS evaluation's result is malformed: " + ex.getOriginalMessage(), ex);
        }
    }

    private static String write(JsonNode node) {
        return CellJson.write(node);
    }
}
