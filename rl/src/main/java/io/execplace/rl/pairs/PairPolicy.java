package io.execplace.rl.pairs;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.rl.agent.GreedyPolicy;
import io.execplace.schedulers.spi.AgentCounts;
import io.execplace.schedulers.spi.AgentStatistics;

/**
 * A size-free agent as a scheduler on any cluster: for a job it writes the {@link PairObservation}
 * of each executor decision from the cluster view and a working copy of the free resources, and
 * takes the allowed action with the highest score, with the mask of training (a VM where one more
 * executor fits, once the whole job fits; "wait" before the first executor while some VM is busy).
 * A job that cannot be placed whole waits; "wait" chosen by the agent holds the job (counted).
 * Placements are therefore always whole and valid.
 */
public final class PairPolicy implements PlacementPolicy, AgentStatistics {

    private final String name;
    private final PairNetwork network;
    private GreedyPolicy policy;
    private Cluster cluster;
    private PairObservation writer;
    private double[] observation;
    private boolean[] mask;
    private int[] here;
    private int[] freeCores;
    private double[] freeMemory;
    private double[] busy;
    private long decisions;
    private long holds;

    /**
     * @param name    scheduler name shown in results
     * @param network the trained policy network (copied per cluster)
     */
    public PairPolicy(String name, PairNetwork network) {
        this.name = name;
        this.network = network;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Placement place(Job job, ClusterView view) {
        prepare(view);
        int n = here.length;
        int cores = job.coresPerExecutor();
        double memory = job.memoryGbPerExecutor();
        int executors = job.executors();
        int total = 0;
        boolean running = false;
        for (int vm = 0; vm < n; vm++) {
            freeCores[vm] = view.freeCores(vm);
            freeMemory[vm] = view.freeMemoryGb(vm);
            busy[vm] = view.remainingBusyTime(vm);
            here[vm] = 0;
            total += Capacity.executorsThatFit(freeCores[vm], freeMemory[vm], cores, memory);
            // A job runs (its completion will come), as the environment's mask asks; not isActive, which
            // on elastic pools is also true for an empty node awaiting consolidation.
            running |= view.executorsOn(vm) > 0;
        }
        if (total < executors) {
            return Placement.none();
        }
        writer.readNodes(view);
        int[] result = new int[executors];
        for (int e = 0; e < executors; e++) {
            writer.write(observation, job, e, here, freeCores, freeMemory, busy, view.now());
            // Every VM with room is allowed: the whole job fitted, and one executor lowers one VM's count by one.
            for (int vm = 0; vm < n; vm++) {
                mask[vm + 1] = Capacity.executorsThatFit(freeCores[vm], freeMemory[vm], cores, memory) > 0;
            }
            mask[0] = e == 0 && running;
            int action = policy.act(observation, mask);
            decisions++;
            if (action == 0) {
                holds++;
                return Placement.none();
            }
            int vm = action - 1;
            result[e] = vm;
            here[vm]++;
            freeCores[vm] -= cores;
            freeMemory[vm] -= memory;
        }
        return Placement.wrap(result);
    }

    private void prepare(ClusterView view) {
        if (cluster == view.cluster()) {
            return;
        }
        cluster = view.cluster();
        int n = cluster.size();
        writer = new PairObservation(network.schema(), cluster, view.durationModel(), n);
        policy = new GreedyPolicy(network.withSlots(n));
        observation = new double[writer.size()];
        mask = new boolean[n + 1];
        here = new int[n];
        freeCores = new int[n];
        freeMemory = new double[n];
        busy = new double[n];
    }

    @Override
    public AgentCounts agentCounts() {
        return new AgentCounts(decisions, 0, holds);
    }
}
