package io.execplace.rl.env.registry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The settings given to one {@link EnvFactory#make}, checked against its declared
 * {@link EnvSetting}s: typed reads fall back to the declared default and refuse a bad value with
 * one line naming the environment and the setting.
 */
public final class EnvSettings {

    private final String env;
    private final Map<String, EnvSetting> declared = new LinkedHashMap<>();
    private final Map<String, String> given;

    /**
     * @param env      the environment's registry name (for messages)
     * @param declared what it accepts
     * @param given    the settings, keys already in canonical form ({@link Envs#key})
     * @throws IllegalArgumentException when a key is not declared
     */
    EnvSettings(String env, List<EnvSetting> declared, Map<String, String> given) {
        this.env = env;
        for (EnvSetting s : declared) {
            this.declared.put(s.name(), s);
        }
        for (String k : given.keySet()) {
            if (!this.declared.containsKey(k)) {
                throw new IllegalArgumentException("env '" + env + "' has no setting '" + k + "'; it accepts "
                        + String.join(", ", this.declared.keySet()));
            }
        }
        this.given = Collections.unmodifiableMap(new LinkedHashMap<>(given));
    }

    /** The environment's registry name. */
    public String env() {
        return env;
    }

    /** The settings as given (canonical keys), without defaults. */
    public Map<String, String> given() {
        return given;
    }

    /** True when {@code name} was given. */
    public boolean has(String name) {
        declaredSetting(name);
        return given.containsKey(name);
    }

    /** The value as text: the given one, else the default (null when neither). */
    public String text(String name) {
        EnvSetting s = declaredSetting(name);
        String v = given.get(name);
        return v != null ? v.trim() : s.defaultValue();
    }

    /** An integer in {@code [min, max]}, or null when absent without default. */
    public Integer integer(String name, int min, int max) {
        String v = text(name);
        if (v == null) {
            return null;
        }
        int n;
        try {
            n = Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw bad(name, "must be a whole number, got '" + v + "'");
        }
        if (n < min || n > max) {
            throw bad(name, "must be in " + min + ".." + max + ", got " + n);
        }
        return n;
    }

    /** A whole number, or null when absent without default. */
    public Long whole(String name) {
        String v = text(name);
        if (v == null) {
            return null;
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw bad(name, "must be a whole number, got '" + v + "'");
        }
    }

    /** A finite number, or null when absent without default. */
    public Double decimal(String name) {
        String v = text(name);
        if (v == null) {
            return null;
        }
        double d;
        try {
            d = Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw bad(name, "must be a number, got '" + v + "'");
        }
        if (!Double.isFinite(d)) {
            throw bad(name, "must be a finite number, got '" + v + "'");
        }
        return d;
    }

    /** {@code true|false} (also {@code on|off}, {@code yes|no}, {@code 1|0}), or null when absent without default. */
    public Boolean flag(String name) {
        String v = text(name);
        if (v == null) {
            return null;
        }
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "true", "on", "yes", "1" -> true;
            case "false", "off", "no", "0" -> false;
            default -> throw bad(name, "must be true or false, got '" + v + "'");
        };
    }

    /** A comma-separated list (empty entries dropped), or null when absent without default. */
    public List<String> list(String name) {
        String v = text(name);
        if (v == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (String part : v.split(",")) {
            if (!part.isBlank()) {
                out.add(part.trim());
            }
        }
        if (out.isEmpty()) {
            throw bad(name, "must list at least one value, got '" + v + "'");
        }
        return out;
    }

    /**
     * What {@code read} makes of setting {@code name} (the value is read inside it); its refusal
     * ({@link IllegalArgumentException}) becomes the setting's, as {@link #bad} words it.
     */
    public <T> T checked(String name, Supplier<T> read) {
        try {
            return read.get();
        } catch (IllegalArgumentException e) {
            throw bad(name, e.getMessage());
        }
    }

    /** A refusal of setting {@code name}: {@code env 'tpds': setting 'beta' <problem>}. */
    public IllegalArgumentException bad(String name, String problem) {
        return new IllegalArgumentException("env '" + env + "': setting '" + name + "' " + problem);
    }

    private EnvSetting declaredSetting(String name) {
        EnvSetting s = declared.get(name);
        if (s == null) {
            // A factory reading a setting it did not declare: a programming error, not bad input.
            throw new IllegalStateException("env '" + env + "' reads undeclared setting '" + name + "' (declared: "
                    + Arrays.toString(declared.keySet().toArray()) + ")");
        }
        return s;
    }
}
