package io.execplace.schedulers.spi;

/**
 * Implemented by placement policies that run a trained agent, so that runners can report after a
 * run how often the agent's own choice was replaced (fallbacks) or it held a job back.
 */
public interface AgentStatistics {

    /** The counts since the policy was created (policies are made fresh for every run). */
    AgentCounts agentCounts();
}
