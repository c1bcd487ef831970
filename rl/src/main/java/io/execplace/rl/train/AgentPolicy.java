package io.execplace.rl.train;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.rl.agent.GreedyPolicy;
import io.execplace.rl.env.PlacementActions;
import io.execplace.schedulers.spi.AgentCounts;
import io.execplace.schedulers.spi.AgentStatistics;

/**
 * A trained agent as an ordinary scheduler ({@code agent:PATH}). For a job it builds the
 * environment's observation from the cluster view and picks actions executor by executor on a
 * working copy of the free resources, exactly as in training:
 *
 * <ul>
 *   <li>If the job cannot be placed whole now, the job waits (the only move that is not penalised).</li>
 *   <li>An agent trained with the action mask chooses among the allowed actions, as it did in training.</li>
 *   <li>An agent trained without the mask chooses freely; when its choice would be penalised (a VM
 *       without room, a wait after part of the job is placed, a wait while nothing runs) the policy
 *       falls back to the allowed action it scores highest and counts a fallback.</li>
 *   <li>A wait before any executor is placed (while jobs run) is the agent's decision to hold the
 *       job: the policy returns "none" and the job waits for the next event.</li>
 * </ul>
 * Allowed placements keep the whole job placeable, so a placement is always complete (gang).
 */
public final class AgentPolicy implements PlacementPolicy, AgentStatistics {

    private final String name;
    private final GreedyPolicy policy;
    private final boolean masked;
    private final int vmCount;
    private final TrainedAgent agent;
    private PlacementActions actions;
    private double[] observation;
    private boolean[] mask;
    private int[] freeCores;
    private double[] freeMemory;
    private long jobsPlaced;
    private long executorDecisions;
    private long fallbacks;
    private long holds;

    /**
     * @param name  scheduler name shown in results (e.g. {@code agent:runs/dqn})
     * @param agent the trained agent
     */
    public AgentPolicy(String name, TrainedAgent agent) {
        this.name = name;
        this.agent = agent;
        this.policy = agent.policy();
        this.masked = agent.environment().masking();
        this.vmCount = agent.vmCount();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Placement place(Job job, ClusterView view) {
        prepare(view);
        int n = vmCount;
        int cores = job.coresPerExecutor();
        double memory = job.memoryGbPerExecutor();
        int executors = job.executors();
        // The environment's observation and fit counts, from the view (one definition: PlacementActions).
        actions.observe(observation, view, job, executors);
        if (actions.fitTotal() < executors) {
            return Placement.none();
        }
        boolean running = false;
        for (int vm = 0; vm < n; vm++) {
            freeCores[vm] = view.freeCores(vm);
            freeMemory[vm] = view.freeMemoryGb(vm);
            running |= view.isActive(vm);
        }
        int[] result = new int[executors];
        for (int e = 0; e < executors; e++) {
            actions.mask(mask, executors - e, e > 0, running);
            int action = masked ? policy.act(observation, mask) : policy.act(observation, null);
            executorDecisions++;
            if (!mask[action]) {
                fallbacks++;
                action = policy.act(observation, mask);
            }
            if (action == 0) {
                holds++;
                return Placement.none();
            }
            int vm = action - 1;
            result[e] = vm;
            freeCores[vm] -= cores;
            freeMemory[vm] -= memory;
            actions.placed(observation, job, vm, freeCores[vm], freeMemory[vm], executors - e - 1);
        }
        jobsPlaced++;
        return Placement.wrap(result);
    }

    private void prepare(ClusterView view) {
        if (actions != null) {
            return;
        }
        actions = new PlacementActions(agent.encoder(view.cluster()));
        observation = new double[actions.encoder().size()];
        mask = new boolean[vmCount + 1];
        freeCores = new int[vmCount];
        freeMemory = new double[vmCount];
    }

    /** Jobs this policy placed. */
    public long jobsPlaced() {
        return jobsPlaced;
    }

    /** Executor decisions taken (including ones that ended in a hold). */
    public long executorDecisions() {
        return executorDecisions;
    }

    /** Decisions where the agent's own choice would have been penalised and the best allowed action was used. */
    public long fallbacks() {
        return fallbacks;
    }

    @Override
    public AgentCounts agentCounts() {
        return new AgentCounts(executorDecisions, fallbacks, holds);
    }

    /** Times the agent chose to let a placeable job wait. */
    public long holds() {
        return holds;
    }
}
