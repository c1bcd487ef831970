package io.execplace.schedulers.spi;

import io.execplace.core.policy.PlacementPolicy;

/**
 * Makes a fresh policy for one run of a scheduler family named {@code prefix:argument}, e.g. a
 * trained agent loaded from {@code agent:PATH}.
 */
@FunctionalInterface
public interface SchedulerFamilyFactory {

    /**
     * @param argument the text after the first {@code ':'} of the name (never empty)
     * @param context  the run's seed, options and registry
     */
    PlacementPolicy create(String argument, SchedulerContext context);

    /**
     * Checks an argument before any run starts (e.g. that a model file exists and is readable),
     * so that a scenario fails at once rather than in its first run. Accepts everything by default.
     */
    default void check(String argument) {
    }
}
