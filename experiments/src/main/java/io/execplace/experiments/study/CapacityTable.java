package io.execplace.experiments.study;

import io.execplace.experiments.run.CellResult;
import io.execplace.experiments.run.Comparison;
import io.execplace.experiments.run.Stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** The capacity table of a comparison on an elastic cluster: nodes bought and lost, and what that cost the jobs. */
public final class CapacityTable {

    private CapacityTable() {
    }

    /** The header of the capacity table (elastic clusters): nodes bought and lost, and what that cost the jobs. */
    public static List<String> header() {
        return List.of("scheduler", "nodes bought", "node-hours", "interruptions", "executors lost",
                "executor-s recomputed", "jobs stopped");
    }

    /** One row per scheduler of the capacity table, mean ± sd over seeds; empty on a fixed cluster. */
    public static List<List<String>> rows(Comparison comparison) {
        List<List<String>> rows = new ArrayList<>();
        if (!comparison.scenario().cluster().isElastic()) {
            return rows;
        }
        for (Map.Entry<String, List<CellResult>> e : comparison.byScheduler().entrySet()) {
            List<CellResult> cells = e.getValue();
            rows.add(List.of(e.getKey(),
                    ComparisonReport.meanStd(over(cells, c -> c.capacity().nodeLaunches())),
                    ComparisonReport.meanStd(over(cells, c -> c.capacity().nodeHours())),
                    ComparisonReport.meanStd(over(cells, c -> c.capacity().interruptions())),
                    ComparisonReport.meanStd(over(cells, c -> c.capacity().executorsLost())),
                    ComparisonReport.meanStd(over(cells, c -> c.capacity().executorSecondsLost())),
                    ComparisonReport.meanStd(over(cells, c -> c.capacity().jobsStopped()))));
        }
        return rows;
    }

    private static Stats over(List<CellResult> cells, ToDoubleFunction<CellResult> metric) {
        double[] v = new double[cells.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = metric.applyAsDouble(cells.get(i));
        }
        return Stats.of(v);
    }

}
