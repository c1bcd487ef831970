package io.execplace.schedulers;

import io.execplace.core.policy.PlacementPolicy;
import io.execplace.schedulers.lookahead.Lookahead;
import io.execplace.schedulers.milp.Milp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The registry of placement policies by name (SPEC §4). Built-in heuristics and the exact
 * {@code milp} are registered here; other modules add theirs with {@link #register} (a fixed name),
 * {@link #registerConfigurable} (a fixed name whose policy reads {@link SchedulerOptions}) or {@link
 * #registerFamily} (a name with an argument such as {@code agent:PATH}). Listing order is
 * registration order.
 */
public final class Schedulers {

    private record Entry(String description, ConfigurableSchedulerFactory factory) {
    }

    private record Family(String argumentName, String description, SchedulerFamilyFactory factory) {
    }

    private static final Map<String, Entry> BY_NAME = new LinkedHashMap<>();
    private static final Map<String, Family> FAMILIES = new LinkedHashMap<>();

    static {
        register(RoundRobin.NAME,
                "Spark spread-out: one executor per VM per pass, most free cores first (TPDS, HYB)",
                seed -> new RoundRobin());
        register(RoundRobinConsolidate.NAME,
                "Spark consolidate: fill busy VMs, then idle VMs, one after another, by id (TPDS, HYB)",
                seed -> new RoundRobinConsolidate());
        register(FirstFit.NAME,
                "HYB Alg. 1: pack active VMs fullest first, then turn on the cheapest idle VM",
                seed -> new FirstFit());
        register(Gio.NAME,
                "HYB Alg. 2: local VMs only if they hold the whole job, packed by least extra cost price x max(0, T_C - T_vm)",
                seed -> new Gio());
        register(Asq.NAME,
                "HYB baseline: all executors local if they fit there, else all on cloud VMs; never split",
                seed -> new Asq());
        register(Aep.NAME,
                "TPDS baseline: spread WordCount and Sort, consolidate PageRank on one VM (job-type profile)",
                seed -> new Aep());
        register(RandomPlacement.NAME,
                "each executor on a uniformly random VM that has room (seeded)",
                RandomPlacement::new);
        registerConfigurable(Milp.NAME,
                "exact per-job optimum of the extra VM cost (HYB Eq. 16; --beta: TPDS Eq. 6) with CP-SAT, "
                        + "penalties included; gio if the solver finds nothing in time",
                (seed, options) -> new Milp(options));
        registerConfigurable(Lookahead.NAME,
                "per job, milp's and the heuristics' placements and waiting, scored by rollouts of sampled future "
                        + "arrivals with a fast policy (--lookahead-horizon, --lookahead-candidates, --lookahead-rollout)",
                (seed, options) -> new Lookahead(options, seed));
    }

    private Schedulers() {
    }

    /**
     * Adds a scheduler under a fixed name.
     *
     * @throws IllegalArgumentException if the name is malformed or taken
     */
    public static void register(String name, String description, SchedulerFactory factory) {
        registerConfigurable(name, description, (seed, options) -> factory.create(seed));
    }

    /**
     * Adds a scheduler under a fixed name whose policies are made from the run's {@link
     * SchedulerOptions} (see {@link #create(String, long, SchedulerOptions)}).
     *
     * @throws IllegalArgumentException if the name is malformed or taken
     */
    public static synchronized void registerConfigurable(String name, String description,
                                                         ConfigurableSchedulerFactory factory) {
        String key = normalise(name);
        if (key.isEmpty() || key.indexOf(':') >= 0) {
            throw new IllegalArgumentException("scheduler name must be non-empty and contain no ':', got '" + name + "'");
        }
        if (BY_NAME.containsKey(key) || FAMILIES.containsKey(key)) {
            throw new IllegalArgumentException("scheduler '" + key + "' is already registered");
        }
        BY_NAME.put(key, new Entry(description, factory));
    }

    /**
     * Adds a family of schedulers named {@code prefix:ARGUMENT}, e.g. {@code agent:PATH}.
     *
     * @param argumentName how help texts call the argument (e.g. {@code PATH})
     * @throws IllegalArgumentException if the prefix is malformed or taken
     */
    public static synchronized void registerFamily(String prefix, String argumentName, String description,
                                                   SchedulerFamilyFactory factory) {
        String key = normalise(prefix);
        if (key.isEmpty() || key.indexOf(':') >= 0) {
            throw new IllegalArgumentException("scheduler prefix must be non-empty and contain no ':', got '" + prefix + "'");
        }
        if (BY_NAME.containsKey(key) || FAMILIES.containsKey(key)) {
            throw new IllegalArgumentException("scheduler '" + key + "' is already registered");
        }
        FAMILIES.put(key, new Family(argumentName, description, factory));
    }

    /** Every registered scheduler in registration order; families are shown as {@code prefix:ARGUMENT}. */
    public static synchronized List<SchedulerInfo> list() {
        List<SchedulerInfo> out = new ArrayList<>();
        BY_NAME.forEach((name, e) -> out.add(new SchedulerInfo(name, e.description())));
        FAMILIES.forEach((prefix, f) -> out.add(new SchedulerInfo(prefix + ":" + f.argumentName(), f.description())));
        return List.copyOf(out);
    }

    /**
     * The fixed scheduler names, in registration order: each can be passed to {@link #create} as it
     * is. Families ({@code prefix:ARGUMENT}) need an argument and are therefore only in {@link #list()}.
     */
    public static synchronized List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }

    /** Removes a fixed name or a family prefix (for tests that register throw-away schedulers). */
    static synchronized void unregister(String nameOrPrefix) {
        String key = normalise(nameOrPrefix);
        BY_NAME.remove(key);
        FAMILIES.remove(key);
    }

    /**
     * A fresh policy for one run (policies keep per-run state such as scratch arrays and random
     * generators, so runs never share an instance). Names are case-insensitive; a family argument
     * is passed on as written.
     *
     * @throws IllegalArgumentException for an unknown name, listing the known ones
     */
    public static PlacementPolicy create(String name, long seed) {
        return create(name, seed, SchedulerOptions.defaults());
    }

    /**
     * A fresh policy for one run, tuned by {@code options} if the scheduler reads them.
     *
     * @throws IllegalArgumentException for an unknown name, listing the known ones
     */
    public static PlacementPolicy create(String name, long seed, SchedulerOptions options) {
        if (options == null) {
            throw new IllegalArgumentException("scheduler options are missing");
        }
        if (name == null) {
            throw unknown("null");
        }
        Entry entry;
        Family family = null;
        String argument = null;
        synchronized (Schedulers.class) {
            entry = BY_NAME.get(normalise(name));
            int colon = name.indexOf(':');
            if (entry == null && colon > 0) {
                family = FAMILIES.get(normalise(name.substring(0, colon)));
                argument = name.substring(colon + 1).trim();
            }
        }
        if (entry != null) {
            return entry.factory().create(seed, options);
        }
        if (family != null) {
            if (argument.isEmpty()) {
                throw new IllegalArgumentException("scheduler '" + name + "' needs an argument: "
                        + name.substring(0, name.indexOf(':')).trim() + ":" + family.argumentName());
            }
            return family.factory().create(argument, seed);
        }
        throw unknown(name);
    }

    private static IllegalArgumentException unknown(String name) {
        List<String> known = new ArrayList<>();
        for (SchedulerInfo info : list()) {
            known.add(info.name());
        }
        return new IllegalArgumentException("unknown scheduler '" + name + "' (known: "
                + String.join(", ", known) + ")");
    }

    private static String normalise(String name) {
        return name.trim().toLowerCase(Locale.ROOT);
    }
}
