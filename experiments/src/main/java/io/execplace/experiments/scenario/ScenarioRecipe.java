package io.execplace.experiments.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.schedulers.spi.SchedulerRegistry;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How another JVM rebuilds a scenario's cluster, workload of every seed and run rules: the settings
 * it was resolved from, each with its origin, and the folder its relative file names are taken from.
 * Resolving them again gives the same inputs, as every preset and generator is deterministic; file
 * inputs must be readable at the same paths (docs/spark.md). As text, one JSON object:
 * {@code {"settings":[{"key":"cluster","value":"hybrid-small","source":"--cluster","line":0},...],"baseDir":null}}.
 *
 * @param input   the layered settings
 * @param baseDir the scenario file's folder, or null (relative names are then taken from the working folder)
 */
public record ScenarioRecipe(ScenarioInput input, Path baseDir) {


    public ScenarioRecipe {
        if (input == null) {
            throw new IllegalArgumentException("a recipe needs its settings");
        }
        baseDir = baseDir == null ? null : baseDir.toAbsolutePath();
    }

    /** The scenario again, resolved with {@code registry}'s schedulers. */
    public Scenario rebuild(SchedulerRegistry registry) {
        return new ScenarioResolver(registry).resolve(input, baseDir);
    }

    /** The recipe as a JSON tree. */
    public ObjectNode toJson() {
        ObjectNode root = JsonNodeFactory.instance.objectNode(); // no ObjectMapper: start-up
        ArrayNode settings = root.putArray("settings");
        for (Setting s : input.settings()) {
            ObjectNode n = settings.addObject();
            n.put("key", s.key());
            if (s.value() instanceof List<?> list) {
                ArrayNode values = n.putArray("value");
                list.forEach(v -> values.add(String.valueOf(v)));
            } else {
                n.put("value", (String) s.value());
            }
            n.put("source", s.source());
            n.put("line", s.line());
        }
        if (baseDir == null) {
            root.putNull("baseDir");
        } else {
            root.put("baseDir", baseDir.toString());
        }
        return root;
    }

    /** Reads {@link #toJson()}'s form. */
    public static ScenarioRecipe fromJson(JsonNode root) {
        List<Setting> settings = new ArrayList<>();
        for (JsonNode n : root.required("settings")) {
            JsonNode v = n.required("value");
            Object value;
            if (v.isArray()) {
                List<String> values = new ArrayList<>();
                v.forEach(e -> values.add(e.asText()));
                value = values;
            } else {
                value = v.asText();
            }
            settings.add(new Setting(n.required("key").asText(), value, n.required("source").asText(),
                    n.required("line").asInt()));
        }
        JsonNode base = root.get("baseDir");
        return new ScenarioRecipe(ScenarioInput.of(settings),
                base == null || base.isNull() ? null : Path.of(base.asText()));
    }
}
