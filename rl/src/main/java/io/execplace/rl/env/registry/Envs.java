package io.execplace.rl.env.registry;

import io.execplace.core.io.BadInputException;
import io.execplace.rl.env.Env;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The environment registry: the one place that builds {@code tpds}, {@code hjs}, {@code pairs} and
 * {@code liu} (and any environment a module registers as an {@link EnvFactory}) from text settings.
 * Made to be driven from a bridge (Python through JPype): strings in, an {@link Env} out, one-line
 * {@link IllegalArgumentException}s for bad input.
 *
 * <pre>{@code
 * Env env = Envs.make("tpds", Map.of("workload", "tpds-burst", "mask", "true"));
 * double[] obs = env.reset(0);
 * }</pre>
 *
 * <p>Setting keys are {@code execplace train}'s option names without the dashes ({@code cluster},
 * {@code workload}, {@code workload-seeds}, {@code beta}, {@code mask}, ...); {@code workload_seeds}
 * and {@code --workload-seeds} are read as {@code workload-seeds}. Absent settings take the defaults
 * {@link #settings} lists, which are {@code execplace train}'s, so {@code make("tpds", Map.of())} is
 * the environment {@code execplace train} trains on by default.
 */
public final class Envs {

    private static final Map<String, EnvFactory> FACTORIES = load();

    private Envs() {
    }

    private static Map<String, EnvFactory> load() {
        Map<String, EnvFactory> found = new TreeMap<>();
        for (EnvFactory f : ServiceLoader.load(EnvFactory.class, Envs.class.getClassLoader())) {
            EnvFactory before = found.put(f.name(), f);
            if (before != null) {
                throw new IllegalStateException("two environments are registered as '" + f.name() + "': "
                        + before.getClass().getName() + " and " + f.getClass().getName());
            }
        }
        return Collections.unmodifiableMap(found);
    }

    /** The registered names, sorted. */
    public static List<String> names() {
        return List.copyOf(FACTORIES.keySet());
    }

    /**
     * The factory registered as {@code name} (case-insensitive).
     *
     * @throws IllegalArgumentException when no environment has that name
     */
    public static EnvFactory factory(String name) {
        EnvFactory f = name == null ? null : FACTORIES.get(name.trim().toLowerCase(Locale.ROOT));
        if (f == null) {
            throw new IllegalArgumentException("unknown environment '" + name + "'; registered: "
                    + String.join(", ", FACTORIES.keySet()));
        }
        return f;
    }

    /** One line on environment {@code name}. */
    public static String description(String name) {
        return factory(name).description();
    }

    /** The settings environment {@code name} accepts, with defaults and help. */
    public static List<EnvSetting> settings(String name) {
        return factory(name).settings();
    }

    /** The environment {@code name} with every setting at its default. */
    public static Env make(String name) {
        return make(name, Map.of());
    }

    /**
     * Builds environment {@code name} as agents train on it (wrappers applied), no episode running.
     *
     * @param settings setting name to value, as text; null or empty for the defaults
     * @throws IllegalArgumentException on an unknown name, an unknown key or a bad value (also a
     *                                  preset or file that does not exist), one line
     */
    public static Env make(String name, Map<String, String> settings) {
        return make(name, settings, 1).get(0);
    }

    /**
     * {@code count} environments {@code name} with their own state each (see {@link #make(String, Map)}),
     * for a batch ({@code BatchedEnvs}): they may share immutable parts such as prepared workloads.
     *
     * @throws IllegalArgumentException as {@link #make(String, Map)}, or when {@code count} is below 1
     */
    public static List<Env> make(String name, Map<String, String> settings, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1, got " + count);
        }
        EnvFactory f = factory(name);
        EnvSettings s = new EnvSettings(f.name(), f.settings(), canonical(settings));
        try {
            return count == 1 ? List.of(f.make(s)) : List.copyOf(f.make(s, count));
        } catch (BadInputException e) {
            // Scenario resolution reports bad presets and files this way; a bridge expects one type.
            throw new IllegalArgumentException("env '" + f.name() + "': " + e.getMessage(), e);
        }
    }

    /** {@code workload_seeds}, {@code --workload-seeds}, {@code Workload-Seeds} → {@code workload-seeds}. */
    static String key(String raw) {
        String k = raw.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        return k.startsWith("--") ? k.substring(2) : k;
    }

    private static Map<String, String> canonical(Map<String, String> settings) {
        Map<String, String> out = new LinkedHashMap<>();
        if (settings == null) {
            return out;
        }
        for (Map.Entry<String, String> e : settings.entrySet()) {
            if (e.getKey() == null) {
                throw new IllegalArgumentException("a setting name is null");
            }
            String k = key(e.getKey());
            if (e.getValue() == null) {
                continue; // null means "the default", as an absent key
            }
            if (out.put(k, e.getValue()) != null) {
                throw new IllegalArgumentException("setting '" + k + "' is given twice (as '" + e.getKey() + "' too)");
            }
        }
        return out;
    }

    /** A multi-line listing of every environment and its settings (for help texts and errors). */
    public static String help() {
        StringBuilder b = new StringBuilder();
        for (String name : FACTORIES.keySet()) {
            b.append(help(name));
        }
        return b.toString();
    }

    /** A multi-line listing of environment {@code name}: its description, then one line per setting. */
    public static String help(String name) {
        EnvFactory f = factory(name);
        StringBuilder b = new StringBuilder(f.name()).append(": ").append(f.description()).append('\n');
        for (EnvSetting s : f.settings()) {
            b.append("  ").append(s).append('\n');
        }
        return b.toString();
    }
}
