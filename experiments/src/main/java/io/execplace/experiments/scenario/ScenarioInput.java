package io.execplace.experiments.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The settings one source gives a scenario (a scenario file, a built-in scenario, the command line),
 * by field. {@link #over} is the one place where sources are layered: command line over file over
 * the defaults {@link ScenarioResolver} fills in. Nothing here is checked; {@link ScenarioResolver}
 * reads the values and refuses bad ones at their origin.
 */
public final class ScenarioInput {

    /** Every field of a scenario file, in the order the docs list them (docs/scenarios.md). */
    public static final List<String> KEYS = List.of("name", "cluster", "pricing", "workload", "format", "jobs",
            "requests", "deadlineTolerance", "meanGap", "gaps", "deadlineShare", "deadlineSlack", "schedulers", "seed", "seeds", "queue", "admission",
            "backfilling", "billing", "typePenalty", "hybridPenalty", "penaltyFactor", "profile", "beta", "milpTimeLimitMs",
            "milpSolver");

    private static final ScenarioInput EMPTY = new ScenarioInput(Map.of());

    private final Map<String, Setting> settings;

    private ScenarioInput(Map<String, Setting> settings) {
        this.settings = settings;
    }

    /** The given settings (a later one of the same field wins). */
    public static ScenarioInput of(List<Setting> settings) {
        Map<String, Setting> map = new LinkedHashMap<>();
        for (Setting s : settings) {
            if (!KEYS.contains(s.key())) {
                throw new IllegalArgumentException("unknown scenario field '" + s.key() + "'");
            }
            map.put(s.key(), s);
        }
        return new ScenarioInput(map);
    }

    /** Every setting, in the order they were given. */
    public List<Setting> settings() {
        return List.copyOf(settings.values());
    }

    /** No setting. */
    public static ScenarioInput empty() {
        return EMPTY;
    }

    /**
     * This input plus one setting given by {@code source}; a null value leaves it unchanged.
     *
     * @param value a text, a number, a boolean or a list (kept as texts)
     */
    public ScenarioInput with(String key, Object value, String source, int line) {
        if (!KEYS.contains(key)) {
            throw new IllegalArgumentException("unknown scenario field '" + key + "'");
        }
        if (value == null) {
            return this;
        }
        Object v = value instanceof List<?> list ? list.stream().map(String::valueOf).toList() : String.valueOf(value);
        Map<String, Setting> next = new LinkedHashMap<>(settings);
        next.put(key, new Setting(key, v, source, line));
        return new ScenarioInput(next);
    }

    /** This input plus a setting from a command-line option (no line). */
    public ScenarioInput withOption(String key, Object value, String option) {
        return with(key, value, option, 0);
    }

    /** This input laid over {@code lower}: every field this input gives wins. */
    public ScenarioInput over(ScenarioInput lower) {
        Map<String, Setting> merged = new LinkedHashMap<>(lower.settings);
        merged.putAll(settings);
        return new ScenarioInput(merged);
    }

    /** This input without the given fields. */
    public ScenarioInput without(List<String> keys) {
        Map<String, Setting> next = new LinkedHashMap<>(settings);
        keys.forEach(next::remove);
        return new ScenarioInput(next);
    }

    /** The setting of a field, if given. */
    public Optional<Setting> get(String key) {
        return Optional.ofNullable(settings.get(key));
    }

    public boolean has(String key) {
        return settings.containsKey(key);
    }

    @Override
    public String toString() {
        return settings.values().toString();
    }
}
