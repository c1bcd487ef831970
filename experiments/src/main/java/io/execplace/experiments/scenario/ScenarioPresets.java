package io.execplace.experiments.scenario;

import io.execplace.core.io.BadInputException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Built-in scenarios and the reader for user scenario files. The built-in ones are values here
 * rather than YAML files in the jar: reading a 9-line YAML resource cost a third of a short
 * {@code simulate}'s own work (a second look-up in the jar and the YAML parser's first use, about
 * 14 ms; README, "Start-up"). Each is exactly what a scenario file with the same fields gives.
 */
public final class ScenarioPresets {

    /** A built-in scenario's name and one-line description. */
    public record Preset(String name, String description) {
    }

    /**
     * The fields of a built-in scenario: every scheduler, seeds 1..{@code seeds}.
     *
     * @param pricing HYB pricing model, or null for a cluster without pricing models
     */
    private record Fields(String cluster, String pricing, String workload, String queue, int seeds) {
    }

    private static final List<Preset> PRESETS = List.of(
            // The default of `execplace compare`: the HYB small hybrid cluster (9 VMs: per type one cheap
            // local VM and two cloud VMs at four times its price) under a load it can carry (a job every
            // 70 s on average, ~70 % of its cores busy) with deadlines that bite (each job's deadline is
            // its arrival + estimated run time + 0-300 s, no extra tolerance). Here the schedulers differ
            // in what the papers are about: cost (up to ~2x between them), deadlines met and job
            // duration. See docs/report.md for why.
            new Preset("default", "hybrid-small, pricing 1, hybrid-medium 1000 jobs (a load it carries, deadlines that bite), EDF, all schedulers, 5 seeds"),
            new Preset("hybrid-light", "hybrid-small, pricing 1, hybrid-light 1000 jobs, EDF, all schedulers, 5 seeds"),
            new Preset("hybrid-high", "hybrid-small, pricing 1, hybrid-high 1000 jobs, EDF, all schedulers, 5 seeds"),
            new Preset("hybrid-large", "hybrid-large (180 VMs), hybrid-day 10,000 jobs, EDF, all schedulers, 5 seeds"),
            new Preset("tpds-normal", "tpds (12 VMs), tpds-normal 50 jobs, FCFS, all schedulers, 10 seeds"),
            new Preset("tpds-burst", "tpds (12 VMs), tpds-burst 100 jobs, FCFS, all schedulers, 10 seeds"));

    private static final Map<String, Fields> FIELDS = Map.of(
            "default", new Fields("hybrid-small", "1", "hybrid-medium", "edf", 5),
            "hybrid-light", new Fields("hybrid-small", "1", "hybrid-light", "edf", 5),
            "hybrid-high", new Fields("hybrid-small", "1", "hybrid-high", "edf", 5),
            "hybrid-large", new Fields("hybrid-large", "1", "hybrid-day", "edf", 5),
            "tpds-normal", new Fields("tpds", null, "tpds-normal", "fcfs", 10),
            "tpds-burst", new Fields("tpds", null, "tpds-burst", "fcfs", 10));

    private ScenarioPresets() {
    }

    public static List<Preset> list() {
        return PRESETS;
    }

    public static boolean isPreset(String name) {
        return FIELDS.containsKey(name.trim().toLowerCase(Locale.ROOT));
    }

    /** A built-in scenario by name. */
    public static ScenarioInput preset(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        Fields f = FIELDS.get(n);
        if (f == null) {
            List<String> known = new ArrayList<>();
            PRESETS.forEach(p -> known.add(p.name()));
            throw new BadInputException("unknown scenario '" + name + "' (known: " + String.join(", ", known)
                    + ", or a YAML file)");
        }
        String source = "built-in scenario " + n;
        return ScenarioInput.empty()
                .with("name", n, source, 0)
                .with("cluster", f.cluster(), source, 0)
                .with("pricing", f.pricing(), source, 0)
                .with("workload", f.workload(), source, 0)
                .with("schedulers", List.of("all"), source, 0)
                .with("queue", f.queue(), source, 0)
                .with("seed", "1", source, 0)
                .with("seeds", String.valueOf(f.seeds()), source, 0);
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
