package io.execplace.schedulers.spi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Everything of one kind that decides (placement policies, LIU managers), by name: fixed names and
 * families named {@code prefix:ARGUMENT}, checked and resolved through {@link DeciderName} so that
 * every registry reads names the same way. Immutable: each {@code with} returns a new value. Listing
 * order is the order of addition; names and prefixes are case-insensitive, a family's argument is
 * passed on as written.
 *
 * @param <C> what a factory receives for one run (e.g. {@link SchedulerContext})
 * @param <T> what it makes
 */
public final class Deciders<C, T> {

    /** Makes a fresh decider under a fixed name. */
    @FunctionalInterface
    public interface Factory<C, T> {
        T create(C context);
    }

    /** Makes a fresh decider of a family from the argument after {@code prefix:}. */
    public interface FamilyFactory<C, T> {
        /** @param argument the text after the prefix's {@code ':'}, never empty */
        T create(String argument, C context);

        /** Checks an argument before any run (e.g. that a file is readable); accepts everything by default. */
        default void check(String argument) {
        }
    }

    private record Entry<C, T>(String description, Factory<C, T> factory) {
    }

    private record Family<C, T>(String argumentName, String description, FamilyFactory<C, T> factory) {
    }

    private final String kind;
    private final Map<String, Entry<C, T>> byName;
    private final Map<String, Family<C, T>> families;

    private Deciders(String kind, Map<String, Entry<C, T>> byName, Map<String, Family<C, T>> families) {
        this.kind = kind;
        this.byName = byName;
        this.families = families;
    }

    /** None yet; {@code kind} is how messages call one of them (e.g. {@code scheduler}, {@code LIU manager}). */
    public static <C, T> Deciders<C, T> empty(String kind) {
        return new Deciders<>(kind, Map.of(), Map.of());
    }

    /** @throws IllegalArgumentException if the name is malformed or taken */
    public Deciders<C, T> with(String name, String description, Factory<C, T> factory) {
        String key = free(name, "name");
        Map<String, Entry<C, T>> next = new LinkedHashMap<>(byName);
        next.put(key, new Entry<>(description, factory));
        return new Deciders<>(kind, next, families);
    }

    /**
     * @param argumentName how help texts call the argument (e.g. {@code PATH})
     * @throws IllegalArgumentException if the prefix is malformed or taken
     */
    public Deciders<C, T> withFamily(String prefix, String argumentName, String description, FamilyFactory<C, T> factory) {
        String key = free(prefix, "prefix");
        Map<String, Family<C, T>> next = new LinkedHashMap<>(families);
        next.put(key, new Family<>(argumentName, description, factory));
        return new Deciders<>(kind, byName, next);
    }

    /** True when {@code name} (any case) is already a fixed name or a family prefix here. */
    public boolean taken(String name) {
        String key = normalise(name);
        return byName.containsKey(key) || families.containsKey(key);
    }

    private String free(String name, String what) {
        String key = name == null ? "" : normalise(name);
        if (key.isEmpty() || key.indexOf(':') >= 0 || key.indexOf('@') >= 0) {
            throw new IllegalArgumentException(kind + " " + what + " must be non-empty and contain no ':' or '@', got '"
                    + name + "'");
        }
        if (taken(key)) {
            throw new IllegalArgumentException(kind + " '" + key + "' is already registered");
        }
        return key;
    }

    /** Every decider in order of addition; families are shown as {@code prefix:ARGUMENT}. */
    public List<SchedulerInfo> list() {
        List<SchedulerInfo> out = new ArrayList<>();
        byName.forEach((name, e) -> out.add(new SchedulerInfo(name, e.description())));
        families.forEach((prefix, f) -> out.add(new SchedulerInfo(prefix + ":" + f.argumentName(), f.description())));
        return List.copyOf(out);
    }

    /** The fixed names in order of addition (families need an argument and are only in {@link #list()}). */
    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    /**
     * Checks a name (without {@code @QUEUE}) without making anything: a fixed name, or a family prefix with a
     * non-empty argument that the family accepts.
     *
     * @return the name as {@link #create} takes it (fixed names in lower case)
     * @throws IllegalArgumentException for an unknown name (listing the known ones) or a missing argument
     */
    public String check(String name) {
        if (name == null || name.isBlank()) {
            throw unknown(String.valueOf(name));
        }
        String key = normalise(name);
        if (byName.containsKey(key)) {
            return key;
        }
        String prefix = DeciderName.familyOf(name);
        Family<C, T> family = prefix == null ? null : families.get(normalise(prefix));
        if (family == null) {
            throw unknown(name);
        }
        String argument = DeciderName.argumentOf(name);
        if (argument.isEmpty()) {
            throw new IllegalArgumentException(kind + " '" + name + "' needs an argument: "
                    + normalise(prefix) + ":" + family.argumentName());
        }
        family.factory().check(argument);
        return name.trim();
    }

    /**
     * A fresh decider for one run.
     *
     * @throws IllegalArgumentException for an unknown name, listing the known ones
     */
    public T create(String name, C context) {
        String checked = check(name);
        Entry<C, T> entry = byName.get(checked);
        if (entry != null) {
            return entry.factory().create(context);
        }
        return families.get(normalise(DeciderName.familyOf(checked))).factory()
                .create(DeciderName.argumentOf(checked), context);
    }

    /** The error for an unknown name, listing every known one. */
    public IllegalArgumentException unknown(String name) {
        List<String> known = new ArrayList<>();
        for (SchedulerInfo info : list()) {
            known.add(info.name());
        }
        return new IllegalArgumentException("unknown " + kind + " '" + name + "' (known: " + String.join(", ", known) + ")");
    }

    private static String normalise(String name) {
        return name.trim().toLowerCase(Locale.ROOT);
    }
}
