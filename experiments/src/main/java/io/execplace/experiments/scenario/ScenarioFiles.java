package io.execplace.experiments.scenario;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.execplace.core.io.YamlSyntax;
import io.execplace.core.io.InputFileException;
import io.execplace.core.io.InputFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads scenario YAML: a flat mapping of the fields in {@link ScenarioInput#KEYS}, each a single
 * value except {@code schedulers} (a list or a comma-separated text). The file is read token by
 * token so that every error names the file, the line and the field, in words rather than the YAML
 * library's. Values are checked later, by {@link ScenarioResolver}, with the line they came from.
 */
public final class ScenarioFiles {

    private static final YAMLFactory FACTORY = new YAMLFactory();

    private ScenarioFiles() {
    }

    /** Reads a scenario file. */
    public static ScenarioInput read(Path file) {
        return parse(InputFiles.readText(file, "YAML"), file.toString());
    }

    /**
     * Parses scenario YAML.
     *
     * @param yaml   the text
     * @param source what to call it in messages (the file name, or {@code built-in scenario NAME})
     */
    public static ScenarioInput parse(String yaml, String source) {
        try (JsonParser p = FACTORY.createParser(yaml)) {
            return read(p, source);
        } catch (JsonProcessingException e) {
            YamlSyntax problem = YamlSyntax.of(e);
            throw new InputFileException(source, problem.line(), null, problem.message(), e);
        } catch (IOException e) {
            // Parsing a String performs no real I/O; only malformed input ends up here.
            throw new InputFileException(source, 0, null, "cannot parse: " + e.getMessage(), e);
        }
    }

    private static ScenarioInput read(JsonParser p, String source) throws IOException {
        JsonToken t = p.nextToken();
        if (t == null) {
            throw new InputFileException(source, 0, null, "the scenario file is empty (expected fields such as "
                    + "cluster, workload, schedulers, seeds)");
        }
        if (t != JsonToken.START_OBJECT) {
            throw new InputFileException(source, line(p), null, "expected a mapping of scenario fields ("
                    + String.join(", ", ScenarioInput.KEYS) + ")");
        }
        ScenarioInput input = ScenarioInput.empty();
        Set<String> seen = new HashSet<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            int line = line(p);
            if (!ScenarioInput.KEYS.contains(key)) {
                throw new InputFileException(source, line, key, "unknown field (known: "
                        + String.join(", ", ScenarioInput.KEYS) + ")");
            }
            if (!seen.add(key)) {
                throw new InputFileException(source, line, key, "given twice");
            }
            JsonToken v = p.nextToken();
            if (v == JsonToken.START_OBJECT) {
                throw new InputFileException(source, line, key, "expected a single value, got a mapping");
            }
            if (v == JsonToken.START_ARRAY) {
                List<String> items = new ArrayList<>();
                while ((v = p.nextToken()) != JsonToken.END_ARRAY) {
                    if (v == JsonToken.START_OBJECT || v == JsonToken.START_ARRAY) {
                        throw new InputFileException(source, line(p), key, "expected a list of single values");
                    }
                    items.add(p.getText());
                }
                input = input.with(key, items, source, line);
            } else if (v != JsonToken.VALUE_NULL) {
                input = input.with(key, p.getText(), source, line);
            }
        }
        return input;
    }

    private static int line(JsonParser p) {
        return Math.max(p.currentTokenLocation().getLineNr(), 0);
    }
}
