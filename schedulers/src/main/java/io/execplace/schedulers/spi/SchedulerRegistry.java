package io.execplace.schedulers.spi;

import io.execplace.core.policy.PlacementPolicy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The placement policies a program can run, by name, as kube-scheduler's plugin registry: an
 * immutable value built at start-up and handed to whatever resolves or runs schedulers. The
 * built-in schedulers come from {@code Schedulers.builtIn()} (package {@code io.execplace.schedulers}); a program adds
 * its own explicitly with {@link #with} (a fixed name) or {@link #withFamily} (a name with an
 * argument, such as {@code agent:PATH}). A factory receives a {@link SchedulerContext} holding the
 * registry that makes the policy, so a planner can use any scheduler of that registry.
 * Each returns a new registry, so two registries never see each other's additions. Listing order is
 * the order of addition; names are case-insensitive.
 */
public final class SchedulerRegistry {

    private record Entry(String description, SchedulerFactory factory) {
    }

    private record Family(String argumentName, String description, SchedulerFamilyFactory factory) {
    }

    private static final SchedulerRegistry EMPTY = new SchedulerRegistry(Map.of(), Map.of());

    private final Map<String, Entry> byName;
    private final Map<String, Family> families;

    private SchedulerRegistry(Map<String, Entry> byName, Map<String, Family> families) {
        this.byName = byName;
        this.families = families;
    }

    /** A registry with no scheduler. */
    public static SchedulerRegistry empty() {
        return EMPTY;
    }

    /**
     * This registry plus a scheduler under a fixed name.
     *
     * @throws IllegalArgumentException if the name is malformed or taken
     */
    public SchedulerRegistry with(String name, String description, SchedulerFactory factory) {
        String key = free(name, "name");
        Map<String, Entry> next = new LinkedHashMap<>(byName);
        next.put(key, new Entry(description, factory));
        return new SchedulerRegistry(next, families);
    }

    /**
     * This registry plus a family of schedulers named {@code prefix:ARGUMENT}, e.g. {@code agent:PATH}.
     *
     * @param argumentName how help texts call the argument (e.g. {@code PATH})
     * @throws IllegalArgumentException if the prefix is malformed or taken
     */
    public SchedulerRegistry withFamily(String prefix, String argumentName, String description,
                                        SchedulerFamilyFactory factory) {
        String key = free(prefix, "prefix");
        Map<String, Family> next = new LinkedHashMap<>(families);
        next.put(key, new Family(argumentName, description, factory));
        return new SchedulerRegistry(byName, next);
    }

    private String free(String name, String what) {
        String key = name == null ? "" : normalise(name);
        if (key.isEmpty() || key.indexOf(':') >= 0) {
            throw new IllegalArgumentException("scheduler " + what + " must be non-empty and contain no ':', got '"
                    + name + "'");
        }
        if (byName.containsKey(key) || families.containsKey(key)) {
            throw new IllegalArgumentException("scheduler '" + key + "' is already registered");
        }
        return key;
    }

    /** Every scheduler in order of addition; families are shown as {@code prefix:ARGUMENT}. */
    public List<SchedulerInfo> list() {
        List<SchedulerInfo> out = new ArrayList<>();
        byName.forEach((name, e) -> out.add(new SchedulerInfo(name, e.description())));
        families.forEach((prefix, f) -> out.add(new SchedulerInfo(prefix + ":" + f.argumentName(), f.description())));
        return List.copyOf(out);
    }

    /**
     * The fixed names, in order of addition: what {@code all} stands for. Families need an argument
     * and are therefore only in {@link #list()}.
     */
    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    /**
     * Checks a name without making a policy: a fixed name, or a family prefix with a non-empty
     * argument that the family accepts ({@link SchedulerFamilyFactory#check}).
     *
     * @return the name as it is to be passed to {@link #create} (fixed names in lower case)
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
        int colon = name.indexOf(':');
        Family family = colon > 0 ? families.get(normalise(name.substring(0, colon))) : null;
        if (family == null) {
            throw unknown(name);
        }
        String argument = name.substring(colon + 1).trim();
        if (argument.isEmpty()) {
            throw new IllegalArgumentException("scheduler '" + name + "' needs an argument: "
                    + normalise(name.substring(0, colon)) + ":" + family.argumentName());
        }
        family.factory().check(argument);
        return name.trim();
    }

    /** A fresh policy for one run with the default {@link SchedulerOptions}. */
    public PlacementPolicy create(String name, long seed) {
        return create(name, seed, SchedulerOptions.defaults());
    }

    /**
     * A fresh policy for one run (policies keep per-run state such as scratch arrays and random
     * generators, so runs never share an instance), tuned by {@code options} if the scheduler reads
     * them. A family argument is passed on as written.
     *
     * @throws IllegalArgumentException for an unknown name, listing the known ones
     */
    public PlacementPolicy create(String name, long seed, SchedulerOptions options) {
        if (options == null) {
            throw new IllegalArgumentException("scheduler options are missing");
        }
        String checked = check(name);
        SchedulerContext context = new SchedulerContext(seed, options, this);
        Entry entry = byName.get(checked);
        if (entry != null) {
            return entry.factory().create(context);
        }
        int colon = checked.indexOf(':');
        Family family = families.get(normalise(checked.substring(0, colon)));
        return family.factory().create(checked.substring(colon + 1).trim(), context);
    }

    private IllegalArgumentException unknown(String name) {
        List<String> known = new ArrayList<>();
        for (SchedulerInfo info : list()) {
            known.add(info.name());
        }
        return new IllegalArgumentException("unknown scheduler '" + name + "' (known: " + String.join(", ", known) + ")");
    }

    private static String normalise(String name) {
        return name.trim().toLowerCase(Locale.ROOT);
    }
}
