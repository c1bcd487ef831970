package io.execplace.experiments.run;

import io.execplace.core.policy.PlacementPolicy;
import io.execplace.schedulers.spi.AgentCounts;
import io.execplace.schedulers.spi.AgentStatistics;
import io.execplace.schedulers.spi.SolverCounts;
import io.execplace.schedulers.spi.SolverStatistics;

/**
 * What a policy counted about its own decisions in one run: an exact scheduler's solver counts, a
 * learned scheduler's fallbacks; each null for policies without them.
 *
 * @param solver solver counts, or null
 * @param agent  agent counts, or null
 */
public record PolicyCounts(SolverCounts solver, AgentCounts agent) {

    /** Neither kind. */
    public static final PolicyCounts NONE = new PolicyCounts(null, null);

    /** Reads the counts of a policy after its run. */
    public static PolicyCounts of(PlacementPolicy policy) {
        return new PolicyCounts(policy instanceof SolverStatistics s ? s.solverCounts() : null,
                policy instanceof AgentStatistics a ? a.agentCounts() : null);
    }
}
