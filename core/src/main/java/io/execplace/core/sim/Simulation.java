package io.execplace.core.sim;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.SimulationConfig;

import java.util.Arrays;

/**
 * The discrete-event simulator: the {@link EventKernel} driven by a placement policy. At every
 * decision point the kernel offers a waiting job (in queue order) and the policy places all its
 * executors or declines. Deterministic for a given cluster, workload, policy and config (the measured
 * scheduling delays aside).
 *
 * <p>Rules (the kernel's): at one instant completions are processed before arrivals, and both before
 * scheduling. A job that cannot fit the empty cluster is dropped on arrival. With head-of-line
 * blocking (the default) the queue head waits until the next event when the policy cannot place it;
 * with backfilling later jobs are tried too. A job the policy will not place on an entirely idle
 * cluster would wait forever, so it is dropped. With deadline admission a job is dropped when even
 * its base duration cannot meet the deadline, or when the placement the policy returns would miss it.
 */
public final class Simulation {

    private Simulation() {
    }

    /** Runs the workload on the cluster with the given policy and rules. */
    public static RunResult run(Cluster cluster, Workload workload, PlacementPolicy policy, SimulationConfig config) {
        EventKernel kernel = new EventKernel(cluster, config);
        kernel.reset(workload);
        kernel.setDecider(policy.name());
        long[] delays = new long[1024];
        int decisions = 0;
        while (kernel.nextDecision()) {
            Job job = kernel.offeredJob();
            long t0 = System.nanoTime();
            Placement p = policy.place(job, kernel.view());
            long nanos = System.nanoTime() - t0;
            if (decisions == delays.length) {
                delays = Arrays.copyOf(delays, decisions * 2);
            }
            delays[decisions++] = nanos;
            if (p == null || p.isNone()) {
                kernel.skip();
            } else {
                kernel.start(kernel.offered(), p);
            }
        }
        return kernel.result(policy.name(), delays, decisions);
    }
}
