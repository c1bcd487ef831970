package io.execplace.core.sim;

import io.execplace.core.metrics.CapacityStats;
import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.metrics.RunSummary;
import io.execplace.core.metrics.VmRecord;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.NodePool;
import io.execplace.core.rules.SimulationConfig;

import java.util.Arrays;
import java.util.List;

/** Turns a finished run's job and VM records into its {@link RunResult}: the summary's sums and counts. */
final class RunResults {

    private RunResults() {
    }

    /**
     * @param records   one per job, in workload order
     * @param delays    the wall time of every placement decision, nanoseconds (the first {@code decisions})
     * @param decisions number of placement decisions
     */
    static RunResult of(String scheduler, Cluster cluster, SimulationConfig config, JobRecord[] records,
                        List<VmRecord> vms, long[] delays, int decisions, CapacityStats capacity) {
        double totalCost = 0;
        int vmsUsed = 0;
        double nodeSeconds = 0;
        for (VmRecord vm : vms) {
            if (cluster.isElastic()) {
                // A node slot's intervals are node lifetimes, billed by its pool's rule.
                NodePool pool = cluster.pools().pool(vm.vm().id());
                totalCost += vm.cost(pool::billedSeconds);
                nodeSeconds += vm.busySeconds();
            } else {
                totalCost += vm.cost(config.billing());
            }
            if (vm.used()) {
                vmsUsed++;
            }
        }
        double sumDuration = 0;
        double sumTurnaround = 0;
        double makespan = 0;
        int completed = 0;
        int good = 0;
        int waited = 0;
        int dropped = 0;
        int withDeadline = 0;
        int met = 0;
        for (JobRecord r : records) {
            if (r.completed()) {
                completed++;
                sumDuration += r.duration();
                sumTurnaround += r.turnaround();
                makespan = Math.max(makespan, r.finish());
                good += r.goodPlacement() ? 1 : 0;
                waited += r.start() > r.job().arrival() ? 1 : 0;
            } else {
                dropped++;
            }
            if (r.job().hasDeadline()) {
                withDeadline++;
                met += r.metDeadline() ? 1 : 0;
            }
        }
        long[] sorted = Arrays.copyOf(delays, decisions);
        Arrays.sort(sorted);
        double meanDelayMs = 0;
        for (long d : sorted) {
            meanDelayMs += d;
        }
        meanDelayMs = decisions == 0 ? Double.NaN : meanDelayMs / decisions / 1e6;
        double medianMs = decisions == 0 ? Double.NaN : sorted[(decisions - 1) / 2] / 1e6;
        double p99Ms = decisions == 0 ? Double.NaN : sorted[(int) Math.ceil(0.99 * decisions) - 1] / 1e6;
        RunSummary summary = RunSummary.builder(scheduler, config.queue().name())
                .totalCost(totalCost)
                .meanDuration(completed == 0 ? Double.NaN : sumDuration / completed)
                .meanTurnaround(completed == 0 ? Double.NaN : sumTurnaround / completed)
                .deadlineMetPercent(withDeadline == 0 ? Double.NaN : 100.0 * met / withDeadline)
                .jobs(records.length).jobsCompleted(completed).goodPlacements(good).jobsWaited(waited).jobsDropped(dropped)
                .vmsUsed(vmsUsed).makespan(makespan)
                .decisions(decisions).schedulingDelayMs(meanDelayMs, medianMs, p99Ms)
                .build();
        return new RunResult(summary, cluster, config, List.of(records), vms, capacity.withNodeHours(nodeSeconds / 3600));
    }
}
