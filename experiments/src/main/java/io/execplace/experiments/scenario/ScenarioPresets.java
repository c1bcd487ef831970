package io.execplace.experiments.scenario;

import io.execplace.core.io.BadInputException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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
    public static ScenarioInput preset(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        if (!isPreset(n)) {
            throw new BadInputException("unknown scenario '" + name + "' (known: "
                    + String.join(", ", PRESETS.stream().map(Preset::name).toList()) + ", or a YAML file)");
        }
        String resource = "/io/execplace/experiments/scenarios/" + n + ".yaml";
        try (InputStream in = ScenarioPresets.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("built-in scenario " + resource + " is missing from the jar");
            }
            return ScenarioFiles.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "built-in scenario " + n);
        } catch (IOException e) {
            throw new UncheckedIOException("built-in scenario " + resource + " is unreadable: " + e.getMessage(), e);
        }
    }

    /** A scenario YAML file if one exists at {@code presetOrFile}, else a built-in scenario of that name. */
    public static ScenarioInput load(String presetOrFile) {
        return load(presetOrFile, Path.of(""));
    }

    /**
     * As {@link #load(String)}, relative names resolved against {@code workingDir}. A file wins over a
     * preset of the same name; a folder does not (a folder called {@code default}, such as the output
     * of an earlier {@code compare}, must not hide the built-in scenario).
     */
    static ScenarioInput load(String presetOrFile, Path workingDir) {
        Path p = workingDir.resolve(presetOrFile);
        if (Files.isRegularFile(p) || (Files.exists(p) && !isPreset(presetOrFile))) {
            return ScenarioFiles.read(p);
        }
        return preset(presetOrFile);
    }
}
