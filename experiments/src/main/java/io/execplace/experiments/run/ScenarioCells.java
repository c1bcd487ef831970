package io.execplace.experiments.run;

import io.execplace.schedulers.lookahead.LookaheadOptions;
import io.execplace.schedulers.milp.MilpOptions;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.io.JsonInput;
import io.execplace.experiments.scenario.Scenario;
import io.execplace.experiments.scenario.ScenarioRecipe;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.spi.SchedulerRegistry;

/**
 * The text forms of a scenario cell ({@link StandardCells#SCENARIO}) and of its result, and the function
 * that runs one. A cell is one JSON object:
 * {@code {"recipe":{...ScenarioRecipe...},"schedulerOptions":{"milp":{"beta":1.0,...},"lookahead":{...}},"scheduler":"gio","seed":3,"timelinePoints":200}};
 * its result is the {@link CellResult} as JSON (doubles in Java's shortest round-trip form, so the
 * driver gets back the very numbers the cell computed, and writes the same files).
 */
public final class ScenarioCells {

    private static final ObjectMapper JSON = CellJson.MAPPER;

    private ScenarioCells() {
    }

    /**
     * The schedulers cells are made from in any JVM: the built-in ones and trained agents
     * ({@code agent:PATH}). The command line uses the same, so a cell run elsewhere makes the same
     * scheduler as one run here.
     */
    public static SchedulerRegistry schedulers() {
        return StandardSchedulers.REGISTRY;
    }

    /** The cell text of (scheduler, seed) of {@code scenario}, whose recipe must be set. */
    public static String cell(Scenario scenario, String scheduler, long seed, int timelinePoints) {
        if (scenario.recipe() == null) {
            throw new IllegalArgumentException("scenario '" + scenario.name()
                    + "' has no recipe, so its cells cannot run in another JVM");
        }
        ObjectNode root = JSON.createObjectNode();
        root.set("recipe", scenario.recipe().toJson());
        ObjectNode options = root.putObject("schedulerOptions");
        options.set("milp", JSON.valueToTree(MilpOptions.of(scenario.schedulerOptions())));
        options.set("lookahead", JSON.valueToTree(LookaheadOptions.of(scenario.schedulerOptions())));
        root.put("scheduler", scheduler);
        root.put("seed", seed);
        root.put("timelinePoints", timelinePoints);
        return write(root);
    }

    /** The family records a cell carries ({@code milp}'s and {@code lookahead}'s); the others take their defaults. */
    private static SchedulerOptions schedulerOptions(JsonNode node) throws JsonProcessingException {
        return SchedulerOptions.defaults()
                .with(JSON.treeToValue(node.required("milp"), MilpOptions.class))
                .with(JSON.treeToValue(node.required("lookahead"), LookaheadOptions.class));
    }

    /** Runs one cell text and returns its result text: the function an engine runs, in any JVM. */
    static String run(String cell) {
        // Only reading the cell can be bad input; a failure while it runs is an internal error, as in-process.
        Cell c = JsonInput.read(JSON, cell, "a scenario cell", root -> new Cell(
                ScenarioRecipe.fromJson(root.required("recipe")).rebuild(schedulers())
                        .withSchedulerOptions(schedulerOptions(root.required("schedulerOptions"))),
                root.required("scheduler").asText(), root.required("seed").asLong(),
                root.required("timelinePoints").asInt()));
        CellRun run = new Runner(schedulers(), 1).runCell(c.scenario(), c.scheduler(), c.seed());
        return write(JSON.valueToTree(run.toCellResult(c.timelinePoints())));
    }

    /** What a cell names: one scheduler on one seed of a scenario. */
    private record Cell(Scenario scenario, String scheduler, long seed, int timelinePoints) {
    }

    /** The result text of {@link #run} as the cell result it describes. */
    public static CellResult result(String text) {
        try {
            return JSON.readValue(text, CellResult.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a scenario cell's result is malformed: " + e.getOriginalMessage(), e);
        }
    }

    private static String write(JsonNode node) {
        return CellJson.write(node);
    }
}
