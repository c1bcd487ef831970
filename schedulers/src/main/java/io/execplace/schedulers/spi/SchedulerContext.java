package io.execplace.schedulers.spi;

import io.execplace.core.policy.PlacementPolicy;

/**
 * What a scheduler's factory receives when a run asks for a policy, as kube-scheduler hands its
 * plugins their arguments and a framework handle: the run's seed, the run's options (each family
 * reads its own record from them) and the registry the policy is being made from, so that a planner
 * can build any registered policy — a trained agent included — for its rollouts and candidates.
 *
 * @param seed     seed for any randomness the policy has
 * @param options  the run's options; a family reads its own record with {@link SchedulerOptions#get}
 * @param registry the registry that is making the policy
 */
public record SchedulerContext(long seed, SchedulerOptions options, SchedulerRegistry registry) {

    public SchedulerContext {
        if (options == null) {
            throw new IllegalArgumentException("scheduler options are missing");
        }
        if (registry == null) {
            throw new IllegalArgumentException("scheduler registry is missing");
        }
    }

    /**
     * A fresh policy of another scheduler of the same registry, with this run's seed and options.
     *
     * @throws IllegalArgumentException for a name the registry does not know
     */
    public PlacementPolicy create(String name) {
        return registry.create(name, seed, options);
    }
}
