package io.execplace.schedulers;

import io.execplace.core.policy.PlacementPolicy;

/** Makes a fresh placement policy for one run from a seed and the run's {@link SchedulerOptions}. */
@FunctionalInterface
public interface ConfigurableSchedulerFactory {

    PlacementPolicy create(long seed, SchedulerOptions options);
}
