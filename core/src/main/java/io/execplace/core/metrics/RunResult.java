package io.execplace.core.metrics;

import io.execplace.core.model.Cluster;
import io.execplace.core.rules.SimulationConfig;

import java.util.List;

/**
 * Everything one simulation run produced: the summary numbers, a record per job (in workload order),
 * the busy periods of every VM (an elastic cluster's node slots: the node lifetimes) and what elastic
 * capacity did ({@link CapacityStats#NONE} for a fixed cluster).
 */
public record RunResult(RunSummary summary, Cluster cluster, SimulationConfig config,
                        List<JobRecord> jobs, List<VmRecord> vms, CapacityStats capacity) {

    public RunResult {
        jobs = List.copyOf(jobs);
        vms = List.copyOf(vms);
        if (capacity == null) {
            capacity = CapacityStats.NONE;
        }
    }

    /** A fixed cluster's run. */
    public RunResult(RunSummary summary, Cluster cluster, SimulationConfig config, List<JobRecord> jobs,
                     List<VmRecord> vms) {
        this(summary, cluster, config, jobs, vms, CapacityStats.NONE);
    }

    /** Total cost accrued up to time {@code t} (exact billing of the busy time before {@code t}). */
    public double costUntil(double t) {
        double cost = 0;
        for (VmRecord vm : vms) {
            double busy = 0;
            for (int i = 0; i < vm.intervals(); i++) {
                double s = vm.intervalStart(i);
                if (s >= t) {
                    break;
                }
                busy += Math.min(t, vm.intervalEnd(i)) - s;
            }
            cost += busy * vm.vm().pricePerSecond();
        }
        return cost;
    }
}
