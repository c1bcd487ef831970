package io.execplace.liu.study;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.PackedFolder;
import io.execplace.core.io.StagedFolder;
import io.execplace.core.progress.ProgressListener;
import io.execplace.experiments.run.CellJson;
import io.execplace.experiments.run.CellKind;
import io.execplace.liu.agent.LiuAgentFiles;
import io.execplace.liu.agent.LiuCurvePoint;
import io.execplace.liu.agent.LiuEvaluation;

import java.io.IOException;
import java.io.UncheckedIOException;
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

    /** The text of the training of {@code run}, with what {@code folder} already holds. */
    static String cell(LiuStudy.Run run, LiuStudy.Settings settings, Path folder) {
        ObjectNode root = JSON.createObjectNode();
        root.put("run", run.label());
        root.set("settings", JSON.valueToTree(settings));
        root.set("files", Files.isDirectory(folder) ? PackedFolder.pack(folder) : JSON.createObjectNode());
        return write(root);
    }

    private static String runTraining(String cell) {
        LiuStudy.Run run;
        LiuStudy.Settings settings;
        JsonNode files;
        try {
            JsonNode root = JSON.readTree(cell);
            run = LiuStudy.Run.of(root.required("run").asText());
            settings = JSON.treeToValue(root.required("settings"), LiuStudy.Settings.class);
            files = root.required("files");
        } catch (JsonProcessingException e) {
            throw new BadInputException("a LIU training cell is not valid JSON: " + e.getOriginalMessage());
        } catch (IllegalArgumentException e) {
            throw new BadInputException("a LIU training cell is malformed: " + e.getMessage());
        }
        Path dir = null;
        try {
            dir = Files.createTempDirectory("execplace-liu-training-");
            PackedFolder.write(PackedFolder.read(files), dir);
            LiuStudy.TrainedRun trained = new LiuStudy().train(run, settings, LiuStudy.testWorkloads(run, settings), dir,
                    ProgressListener.NONE);
            ObjectNode result = JSON.createObjectNode();
            result.set("files", PackedFolder.pack(dir));
            result.set("curve", JSON.valueToTree(trained.curve()));
            result.set("test", JSON.valueToTree(trained.test()));
            result.put("seconds", trained.seconds());
            return write(result);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (dir != null) {
                StagedFolder.deleteQuietly(dir);
            }
        }
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
