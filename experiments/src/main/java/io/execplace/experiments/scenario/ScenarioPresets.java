package io.execplace.experiments.scenario;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.execplace.core.io.InputFileException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Built-in scenarios (YAML files shipped in the jar) and the reader for user scenario files. */
public final class ScenarioPresets {

    /** A built-in scenario's name and one-line description. */
    public record Preset(String name, String description) {
    }

    private static final List<Preset> PRESETS = List.of(
            new Preset("default", "hybrid-small, pricing 1, hybrid-medium 1000 jobs (a load it carries, deadlines that bite), EDF, all schedulers, 5 seeds"),
            new Preset("hybrid-light", "hybrid-small, pricing 1, hybrid-light 1000 jobs, EDF, all schedulers, 5 seeds"),
            new Preset("hybrid-high", "hybrid-small, pricing 1, hybrid-high 1000 jobs, EDF, all schedulers, 5 seeds"),
            new Preset("hybrid-large", "hybrid-large (180 VMs), hybrid-day 10,000 jobs, EDF, all schedulers, 5 seeds"),
            new Preset("tpds-normal", "tpds (12 VMs), tpds-normal 50 jobs, FCFS, all schedulers, 10 seeds"),
            new Preset("tpds-burst", "tpds (12 VMs), tpds-burst 100 jobs, FCFS, all schedulers, 10 seeds"));

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ScenarioPresets() {
    }

    public static List<Preset> list() {
        return PRESETS;
    }

    public static boolean isPreset(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        return PRESETS.stream().anyMatch(p -> p.name().equals(n));
    }

    /** A built-in scenario by name. */
    public static ScenarioSpec preset(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        if (!isPreset(n)) {
            throw new IllegalArgumentException("unknown scenario '" + name + "' (known: "
                    + String.join(", ", PRESETS.stream().map(Preset::name).toList()) + ", or a YAML file)");
        }
        String resource = "/io/execplace/experiments/scenarios/" + n + ".yaml";
        try (InputStream in = ScenarioPresets.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("built-in scenario " + resource + " is missing from the jar");
            }
            return YAML.readValue(in, ScenarioSpec.class);
        } catch (IOException e) {
            throw new IllegalStateException("built-in scenario " + resource + " is unreadable: " + e.getMessage(), e);
        }
    }

    /** Reads a scenario YAML file; errors name the file, the line and the field. */
    public static ScenarioSpec read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("scenario file " + file + " does not exist");
        }
        try (InputStream in = Files.newInputStream(file)) {
            ScenarioSpec spec = YAML.readValue(in, ScenarioSpec.class);
            if (spec == null) {
                throw new InputFileException(file.toString(), 1, "(file)", "the scenario file is empty");
            }
            return spec;
        } catch (UnrecognizedPropertyException e) {
            throw new InputFileException(file.toString(), lineOfKey(file, e.getPropertyName(), line(e)), e.getPropertyName(),
                    "unknown field (known: " + e.getKnownPropertyIds() + ")");
        } catch (JsonMappingException e) {
            List<JsonMappingException.Reference> path = e.getPath();
            String field = path.isEmpty() ? null : path.get(path.size() - 1).getFieldName();
            throw new InputFileException(file.toString(), field == null ? line(e) : lineOfKey(file, field, line(e)), field,
                    e.getOriginalMessage());
        } catch (JsonProcessingException e) {
            throw new InputFileException(file.toString(), line(e), null, "not valid YAML: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read scenario file " + file + ": " + e.getMessage(), e);
        }
    }

    /** A preset name or a YAML file path. */
    public static ScenarioSpec load(String presetOrFile) {
        Path p = Path.of(presetOrFile);
        if (Files.exists(p)) {
            return read(p);
        }
        return preset(presetOrFile);
    }

    /**
     * The line where a top-level key is written. Jackson buffers record properties before it
     * complains, so its own location can be a line or more past the key.
     */
    private static int lineOfKey(Path file, String key, int fallback) {
        try {
            List<String> lines = Files.readAllLines(file);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).matches("\\s*\"?" + java.util.regex.Pattern.quote(key) + "\"?\\s*:.*")) {
                    return i + 1;
                }
            }
        } catch (IOException e) {
            // fall through: the parser's location is still a useful hint
        }
        return fallback;
    }

    /** The line of the offending token (the exception's own location can point past it, at the next event). */
    private static int line(JsonProcessingException e) {
        if (e.getProcessor() instanceof JsonParser p && p.currentTokenLocation() != null
                && p.currentTokenLocation().getLineNr() > 0) {
            return p.currentTokenLocation().getLineNr();
        }
        return e.getLocation() == null ? 0 : e.getLocation().getLineNr();
    }
}
