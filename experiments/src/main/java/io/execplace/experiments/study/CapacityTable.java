package io.execplace.experiments.study;

import io.execplace.core.metrics.CapacityStats;
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
                        capacity(cells, CapacityStats::nodeLaunches),
                        capacity(cells, CapacityStats::nodeHours),
                        capacity(cells, CapacityStats::interruptions),
                        capacity(cells, CapacityStats::executorsLost),
                        capacity(cells, CapacityStats::executorSecondsLost),
                        capacity(cells, CapacityStats::jobsStopped),
                        capacity(cells, CapacityStats::nodesRemovedEmpty),
                        capacity(cells, CapacityStats::nodesRemovedUnderused),
                        capacity(cells, CapacityStats::executorsEvicted)));
            }
            if (ResultColumns.hasDrivers(comparison.scenario())) {
                row.add(capacity(cells, CapacityStats::applicationsRestarted));
            }
            if (dynamic) {
                row.addAll(List.of(
                        capacity(cells, CapacityStats::executorsAdded),
                        capacity(cells, CapacityStats::executorsCancelled),
                        capacity(cells, CapacityStats::addedExecutorHours)));
            }
            rows.add(row);
        }
        return rows;
    }

    private static boolean dynamic(Comparison comparison) {
        return comparison.cells().stream().anyMatch(ResultColumns::dynamic);
    }

    private static String capacity(List<CellResult> cells, ToDoubleFunction<CapacityStats> metric) {
        return ComparisonReport.meanStd(Stats.over(cells, c -> metric.applyAsDouble(c.capacity())));
    }
}
