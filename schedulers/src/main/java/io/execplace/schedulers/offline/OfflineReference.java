package io.execplace.schedulers.offline;

import io.execplace.core.metrics.CostLowerBound;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Workload;
import io.execplace.core.sim.Simulation;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.policy.PlacementPolicy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Each scheduler's cost on one small workload beside the offline optimum and the lower bound. The
 * CP-SAT search starts from the cheapest schedule any of the schedulers found (among runs that
 * complete every job), so the reference is never above a scheduler it is shown with; its gap says
 * how far from proven optimal it may still be.
 *
 * @param costs      cost of each scheduler's run, by name, in the given order (NaN when the run
 *                   dropped jobs: it then ran a different workload)
 * @param turnaround mean turnaround of each scheduler's run
 * @param optimum    the offline solve
 * @param lowerBound {@link CostLowerBound} of the workload
 */
public record OfflineReference(Map<String, Double> costs, Map<String, Double> turnaround, OfflineResult optimum,
                               double lowerBound) {

    /**
     * Runs every scheduler on the workload, then solves the offline problem from the cheapest run.
     *
     * @param policies a fresh policy per scheduler name
     */
    public static OfflineReference compute(Cluster cluster, Workload workload, SimulationConfig config,
                                           List<String> schedulers, Function<String, PlacementPolicy> policies,
                                           OfflineOptions options) {
        Map<String, Double> costs = new LinkedHashMap<>();
        Map<String, Double> turnaround = new LinkedHashMap<>();
        List<RunResult> complete = new ArrayList<>();
        int runnable = 0;
        for (var job : workload.jobs()) {
            if (cluster.executorCapacityWhenEmpty(job.coresPerExecutor(), job.memoryGbPerExecutor()) >= job.executors()) {
                runnable++;
            }
        }
        for (String name : schedulers) {
            RunResult run = Simulation.run(cluster, workload, policies.apply(name), config);
            boolean all = run.summary().jobsCompleted() == runnable;
            costs.put(name, all ? run.summary().totalCost() : Double.NaN);
            turnaround.put(name, all ? run.summary().meanTurnaround() : Double.NaN);
            if (all) {
                complete.add(run);
            }
        }
        OfflineOptions o = options;
        RunResult cheapest = complete.stream()
                .min((a, b) -> Double.compare(a.summary().totalCost(), b.summary().totalCost())).orElse(null);
        if (cheapest != null && o.hint() == null) {
            o = o.withHint(OfflineSchedule.of(cheapest));
        }
        OfflineResult result = OfflineOptimum.solve(cluster, config.durationModel(), config.billing(), workload.jobs(), o);
        double bound = CostLowerBound.of(cluster, config.durationModel(), workload.jobs());
        return new OfflineReference(Map.copyOf(costs), Map.copyOf(turnaround), result, bound);
    }
}
