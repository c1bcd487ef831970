package io.execplace.schedulers.spi;

import io.execplace.core.model.Job;
import io.execplace.core.policy.PlacementPolicy;

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
 * the order of addition; names are case-insensitive and read as {@link Deciders} reads them.
 *
 * <p>A <em>reference</em> ({@link #withReference}) is no scheduler: it is told the workload's jobs
 * (e.g. lookahead knowing the true future arrivals) to measure what not knowing them costs. It is
 * made only with the workload ({@link #create(String, long, SchedulerOptions, List)}) and is neither
 * listed nor part of {@code all}.
 */
public final class SchedulerRegistry {

    /** Makes a reference policy for one run on a workload whose jobs it is told. */
    @FunctionalInterface
    public interface ReferenceFactory {
        PlacementPolicy create(SchedulerContext context, List<Job> jobs);
    }

    private record Reference(String description, ReferenceFactory factory) {
    }

    private static final SchedulerRegistry EMPTY = new SchedulerRegistry(Deciders.empty("scheduler"), Map.of());

    private final Deciders<SchedulerContext, PlacementPolicy> deciders;
    private final Map<String, Reference> references;

    private SchedulerRegistry(Deciders<SchedulerContext, PlacementPolicy> deciders, Map<String, Reference> references) {
        this.deciders = deciders;
        this.references = references;
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
        notAReference(name);
        return new SchedulerRegistry(deciders.with(name, description, factory::create), references);
    }

    /**
     * This registry plus a family of schedulers named {@code prefix:ARGUMENT}, e.g. {@code agent:PATH}.
     *
     * @param argumentName how help texts call the argument (e.g. {@code PATH})
     * @throws IllegalArgumentException if the prefix is malformed or taken
     */
    public SchedulerRegistry withFamily(String prefix, String argumentName, String description,
                                        SchedulerFamilyFactory factory) {
        notAReference(prefix);
        return new SchedulerRegistry(deciders.withFamily(prefix, argumentName, description,
                new Deciders.FamilyFactory<>() {
                    @Override
                    public PlacementPolicy create(String argument, SchedulerContext context) {
                        return factory.create(argument, context);
                    }

                    @Override
                    public void check(String argument) {
                        factory.check(argument);
                    }
                }), references);
    }

    /**
     * This registry plus a reference under a fixed name (see the class comment).
     *
     * @throws IllegalArgumentException if the name is malformed or taken
     */
    public SchedulerRegistry withReference(String name, String description, ReferenceFactory factory) {
        // Registering the name as a scheduler on a scratch copy checks its form and that it is free.
        deciders.with(name, description, context -> null);
        notAReference(name);
        Map<String, Reference> next = new LinkedHashMap<>(references);
        next.put(normalise(name), new Reference(description, factory));
        return new SchedulerRegistry(deciders, next);
    }

    private void notAReference(String name) {
        if (name != null && references.containsKey(normalise(name))) {
            throw new IllegalArgumentException("scheduler '" + normalise(name) + "' is already registered");
        }
    }

    /** Every scheduler in order of addition; families are shown as {@code prefix:ARGUMENT}; no reference. */
    public List<SchedulerInfo> list() {
        return deciders.list();
    }

    /**
     * The fixed names, in order of addition: what {@code all} stands for. Families need an argument
     * and are therefore only in {@link #list()}.
     */
    public List<String> names() {
        return deciders.names();
    }

    /** True when {@code name} (without {@code @QUEUE}) is a reference rather than a scheduler. */
    public boolean isReference(String name) {
        return name != null && references.containsKey(normalise(name));
    }

    /**
     * Checks a name without making a policy: a fixed name, a reference, or a family prefix with a
     * non-empty argument that the family accepts ({@link SchedulerFamilyFactory#check}).
     *
     * @return the name as it is to be passed to {@link #create} (fixed names in lower case)
     * @throws IllegalArgumentException for an unknown name (listing the known ones) or a missing argument
     */
    public String check(String name) {
        return isReference(name) ? normalise(name) : deciders.check(name);
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
     * @throws IllegalArgumentException for an unknown name, listing the known ones, or a reference
     */
    public PlacementPolicy create(String name, long seed, SchedulerOptions options) {
        if (isReference(name)) {
            throw new IllegalArgumentException("'" + normalise(name) + "' is a reference told the workload's jobs, "
                    + "not a scheduler: only runs of a whole workload (compare, simulate, heldout) run it");
        }
        return create(name, seed, options, null);
    }

    /**
     * As {@link #create(String, long, SchedulerOptions)}, and also a reference, told {@code jobs}: the
     * workload of the run.
     */
    public PlacementPolicy create(String name, long seed, SchedulerOptions options, List<Job> jobs) {
        if (options == null) {
            throw new IllegalArgumentException("scheduler options are missing");
        }
        SchedulerContext context = new SchedulerContext(seed, options, this);
        Reference reference = name == null ? null : references.get(normalise(name));
        if (reference != null) {
            if (jobs == null) {
                throw new IllegalArgumentException("reference '" + normalise(name) + "' needs the workload's jobs");
            }
            return reference.factory().create(context, jobs);
        }
        return deciders.create(name, context);
    }

    private static String normalise(String name) {
        return name.trim().toLowerCase(Locale.ROOT);
    }
}
