package io.execplace.liu.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.io.JsonInput;
import io.execplace.core.io.PackedFolder;
import io.execplace.core.progress.ProgressListener;
import io.execplace.experiments.run.CellJson;
import io.execplace.experiments.run.CellKind;
import io.execplace.liu.agent.LiuAgentFiles;
import io.execplace.liu.agent.LiuCurvePoint;
import io.execplace.liu.agent.LiuEvaluation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The LIU study's trainings as text cells, so that {@code reproduce liu --engine spark} runs them as
 * Spark tasks (docs/spark.md). A cell is {@code {"run":"uniform","settings":{...LiuStudy.Settings...},
 * "files":{NAME:BASE64,...}}}: the training, and the files already in its agent folder (a checkpoint
 * to resume from, or none), so resuming works on any engine. Its result
 * {@code {"files":{..},"curve":[..],"test":{..},"seconds":..}} carries the agent folder, the learning
 * curve and the agent's run on the pattern's test workloads; the driver writes the folder and reads
 * the agent back from it. The test workloads are made again from the settings in the cell.
 */
public enum LiuCells implements CellKind {

    /** One training of the study. */
    TRAINING {
        @Override
        public String run(String cell) {
            return runTraining(cell);
        }
    };

    private static final ObjectMapper JSON = CellJson.MAPPER;

    /** What a training cell holds: the run, the study's settings and the files already in its agent folder. */
    private record Training(LiuStudy.Run run, LiuStudy.Settings settings, JsonNode files) {
    }

    /** The text of the training of {@code run}, with what {@code folder} already holds. */
    static String cell(LiuStudy.Run run, LiuStudy.Settings settings, Path folder) {
        ObjectNode root = JSON.createObjectNode();
        root.put("run", run.label());
        root.set("settings", JSON.valueToTree(settings));
        root.set("files", Files.isDirectory(folder) ? PackedFolder.pack(folder) : JSON.createObjectNode());
        return write(root);
    }

    private static String runTraining(String cell) {
        Training t = JsonInput.read(JSON, cell, "a LIU training cell", root -> new Training(
                LiuStudy.Run.of(root.required("run").asText()),
                JSON.treeToValue(root.required("settings"), LiuStudy.Settings.class), root.required("files")));
        return write(PackedFolder.packedWork("execplace-liu-training-", dir -> {
            PackedFolder.write(PackedFolder.read(t.files()), dir);
            LiuStudy.TrainedRun trained = new LiuStudy().train(t.run(), t.settings(),
                    LiuStudy.testWorkloads(t.run(), t.settings()), dir, ProgressListener.NONE);
            ObjectNode result = JSON.createObjectNode();
            result.set("curve", JSON.valueToTree(trained.curve()));
            result.set("test", JSON.valueToTree(trained.test()));
            result.put("seconds", trained.seconds());
            return result;
        }));
    }

    /** A training's result text, its files written into {@code folder} and its agent read back from there. */
    static LiuStudy.TrainedRun result(LiuStudy.Run run, String text, Path folder) throws IOException {
        JsonNode root = JSON.readTree(text);
        PackedFolder.write(PackedFolder.read(root.required("files")), folder);
        List<LiuCurvePoint> curve = new ArrayList<>();
        for (JsonNode p : root.required("curve")) {
            curve.add(JSON.treeToValue(p, LiuCurvePoint.class));
        }
        return new LiuStudy.TrainedRun(run, curve, JSON.treeToValue(root.required("test"), LiuEvaluation.class),
                root.required("seconds").asDouble(), LiuAgentFiles.read(folder).agent());
    }

    private static String write(JsonNode node) {
        return CellJson.write(node);
    }
}
