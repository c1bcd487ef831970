package io.execplace.schedulers;

import io.execplace.core.policy.PlacementPolicy;

/** Makes a fresh placement policy for one run; {@code seed} feeds any randomness the policy has. */
@FunctionalInterface
public interface SchedulerFactory {

    PlacementPolicy create(long seed);
}
