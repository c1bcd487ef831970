package io.execplace.experiments.study;

import io.execplace.experiments.results.ResultColumns;
import io.execplace.experiments.run.CellResult;
import io.execplace.experiments.run.Comparison;
import io.execplace.experiments.run.Stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The capacity table of a comparison: on an elastic cluster, nodes bought, lost and consolidated, and
 * what interruptions and evictions cost the jobs; with dynamic allocation, the executors applications added over their floors.
 */
public final class CapacityTable {

    private CapacityTable() {
    }

    /** The header of the capacity table of {@code comparison}. */
    public static List<String> header(Comparison comparison) {
        List<String> header = new ArrayList<>(List.of("scheduler"));
        if (comparison.scenario().cluster().isElastic()) {
            header.addAll(List.of("nodes bought", "node-hours", "interruptions", "executors lost",
                    "executor-s recomputed", "jobs stopped", "removed empty", "removed under-used",
                    "executors evicted"));
        }
        if (ResultColumns.hasDrivers(comparison.scenario())) {
            header.add("apps restarted");
        }
        if (dynamic(comparison)) {
            header.addAll(List.of("executors added", "executors cancelled", "added executor-h"));
        }
        return header;
    }

    /**
     * One row per scheduler of the capacity table, mean ± sd over seeds; empty on a fixed cluster
     * without dynamic allocation.
     */
    public static List<List<String>> rows(Comparison comparison) {
        List<List<String>> rows = new ArrayList<>();
        boolean elastic = comparison.scenario().cluster().isElastic();
        boolean dynamic = dynamic(comparison);
        if (!elastic && !dynamic) {
            return rows;
        }
        for (Map.Entry<String, List<CellResult>> e : comparison.byScheduler().entrySet()) {
            List<CellResult> cells = e.getValue();
            List<String> row = new ArrayList<>(List.of(e.getKey()));
            if (elastic) {
                row.addAll(List.of(
                        ComparisonReport.meanStd(over(cells, c -> c.capacity().nodeLaunches())),
                        ComparisonReport.meanStd(over(cells, c -> c.capacity().nodeHours())),
                        ComparisonReport.meanStd(over(cells, c -> c.capacity().interruptions())),
                        ComparisonReport.meanStd(over(cells, c -> c.capacity().executorsLost())),
                        ComparisonReport.meanStd(over(cells, c -> c.capacity().executorSecondsLost())),
                        ComparisonReport.meanStd(over(cells, c -> c.capacity().jobsStopped())),
                        ComparisonReport.meanStd(over(cells, c -> c.capacity().nodesRemovedEmpty())),
                        ComparisonReport.meanStd(over(cells, c -> c.capacity().nodesRemovedUnderused())),
                        ComparisonReport.meanStd(over(cells, c -> c.capacity().executorsEvicted()))));
            }
            if (ResultColumns.hasDrivers(comparison.scenario())) {
                row.add(ComparisonReport.meanStd(over(cells, c -> c.capacity().applicationsRestarted())));
            }
            if (dynamic) {
                row.addAll(List.of(
                        ComparisonReport.meanStd(over(cells, c -> c.capacity().executorsAdded())),
                        ComparisonReport.meanStd(over(cells, c -> c.capacity().executorsCancelled())),
                        ComparisonReport.meanStd(over(cells, c -> c.capacity().addedExecutorHours()))));
            }
            rows.add(row);
        }
        return rows;
    }

    private static boolean dynamic(Comparison comparison) {
        return comparison.cells().stream().anyMatch(ResultColumns::dynamic);
    }

    private static Stats over(List<CellResult> cells, ToDoubleFunction<CellResult> metric) {
        double[] v = new double[cells.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = metric.applyAsDouble(cells.get(i));
        }
        return Stats.of(v);
    }

}
