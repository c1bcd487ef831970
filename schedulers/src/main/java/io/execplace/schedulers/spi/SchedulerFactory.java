package io.execplace.schedulers.spi;

import io.execplace.core.policy.PlacementPolicy;

/** Makes a fresh placement policy for one run from the run's {@link SchedulerContext}. */
@FunctionalInterface
public interface SchedulerFactory {

    PlacementPolicy create(SchedulerContext context);
}
