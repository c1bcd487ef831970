package io.execplace.experiments.study;

import io.execplace.core.metrics.CapacityStats;
import io.execplace.experiments.report.BarChartSpec;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.run.CellResult;
import io.execplace.experiments.run.Comparison;
import io.execplace.experiments.run.SchedulerAggregate;
import io.execplace.experiments.run.Stats;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The tables of {@link ElasticStudy}: per scenario the node bill and what capacity did, and the goals
 * table — execplace's best policy against the practitioners' rule and Uniform Progress, with missed
 * deadlines beside each ratio, and the saving against on-demand only.
 */
final class ElasticTables {

    static final List<String> HEADER = List.of("scheduler", "node cost ($)", "cost / reference", "node-hours",
            "deadline met %", "interruptions", "jobs stopped", "executor-s lost");
    /** The column pools with driver pods add. */
    static final String RESTARTS = "apps restarted";

    static final List<String> GOALS_HEADER = List.of("scenario", "execplace's best", "/ kube-spot",
            "missed % (best / kube-spot)", "/ uniform-progress", "missed % (UP)", "/ uniform-progress-most",
            "missed % (UP-most)", "saving vs on-demand only");

    private final Map<String, List<SchedulerAggregate>> results;
    private final Map<String, Map<String, List<CellResult>>> cells = new HashMap<>();
    private final String onDemand;
    private final List<String> spotClusters;
    private final boolean drivers;

    /**
     * @param onDemand     the on-demand-only cluster's name in the scenario keys
     * @param spotClusters the spot clusters' names
     * @param drivers      the pools run driver pods (a column of restarts)
     */
    ElasticTables(Map<String, List<SchedulerAggregate>> results, List<Comparison> comparisons, String onDemand,
                  List<String> spotClusters, boolean drivers) {
        this.results = results;
        this.onDemand = onDemand;
        this.spotClusters = spotClusters;
        this.drivers = drivers;
        for (Comparison c : comparisons) {
            cells.put(c.scenario().name(), c.byScheduler());
        }
    }

    List<String> schedulers(String scenario) {
        return results.get(scenario).stream().map(SchedulerAggregate::scheduler).toList();
    }

    private SchedulerAggregate of(String scenario, String scheduler) {
        return results.get(scenario).stream().filter(a -> a.scheduler().equals(scheduler)).findFirst()
                .orElseThrow(() -> new IllegalStateException(scenario + " did not run " + scheduler));
    }

    /** The practitioners' rule where it ran, else today's default stack. */
    private String reference(String scenario) {
        return schedulers(scenario).contains(ElasticStudy.PRACTITIONERS) ? ElasticStudy.PRACTITIONERS : "kube-default";
    }

    /** The header of {@link #rows}. */
    List<String> header() {
        if (!drivers) {
            return HEADER;
        }
        List<String> h = new ArrayList<>(HEADER);
        h.add(RESTARTS);
        return h;
    }

    /** One row per scheduler; cost relative to the reference (kube-spot; kube-default on on-demand only). */
    List<List<String>> rows(String scenario) {
        double reference = of(scenario, reference(scenario)).totalCost().mean();
        List<List<String>> rows = new ArrayList<>();
        for (SchedulerAggregate a : results.get(scenario)) {
            List<CellResult> runs = cells.get(scenario).get(a.scheduler());
            List<String> row = new ArrayList<>(List.of(a.scheduler(), meanStd(a.totalCost()),
                    Format.sig(a.totalCost().mean() / reference, 3),
                    meanStd(capacity(runs, CapacityStats::nodeHours)), meanStd(a.deadlineMetPercent()),
                    meanStd(capacity(runs, CapacityStats::interruptions)),
                    meanStd(capacity(runs, CapacityStats::jobsStopped)),
                    meanStd(capacity(runs, CapacityStats::executorSecondsLost))));
            if (drivers) {
                row.add(meanStd(capacity(runs, CapacityStats::applicationsRestarted)));
            }
            rows.add(row);
        }
        return rows;
    }

    /** The node cost of each scheduler with its sd, for the bar chart. */
    BarChartSpec.Series costSeries(String scenario) {
        List<SchedulerAggregate> aggs = results.get(scenario);
        double[] mean = new double[aggs.size()];
        double[] sd = new double[aggs.size()];
        for (int i = 0; i < mean.length; i++) {
            mean[i] = aggs.get(i).totalCost().mean();
            sd[i] = aggs.get(i).totalCost().std();
        }
        return new BarChartSpec.Series("node cost", mean, sd);
    }

    /** One row per spot scenario: execplace's best against each baseline, missed deadlines beside. */
    List<List<String>> goalRows() {
        List<List<String>> rows = new ArrayList<>();
        for (String workload : ElasticStudy.WORKLOADS) {
            double onDemandOnly = results.get(ElasticStudy.key(onDemand, workload)).stream()
                    .mapToDouble(a -> a.totalCost().mean()).min().orElse(Double.NaN);
            for (String cluster : spotClusters) {
                String scenario = ElasticStudy.key(cluster, workload);
                SchedulerAggregate best = ElasticStudy.EXECPLACE.stream().map(s -> of(scenario, s))
                        .min((x, y) -> Double.compare(x.totalCost().mean(), y.totalCost().mean())).orElseThrow();
                double cost = best.totalCost().mean();
                List<String> row = new ArrayList<>(List.of(scenario, best.scheduler()));
                for (String baseline : List.of(ElasticStudy.PRACTITIONERS, ElasticStudy.UNIFORM_PROGRESS,
                        ElasticStudy.UNIFORM_PROGRESS_PACKING)) {
                    SchedulerAggregate other = of(scenario, baseline);
                    row.add(Format.sig(cost / other.totalCost().mean(), 3));
                    row.add(baseline.equals(ElasticStudy.PRACTITIONERS)
                            ? missed(best) + " / " + missed(other) : missed(other));
                }
                row.add(Format.sig(100 * (1 - cost / onDemandOnly), 3) + " %");
                rows.add(row);
            }
        }
        return rows;
    }

    private static String missed(SchedulerAggregate a) {
        return Format.sig(100 - a.deadlineMetPercent().mean(), 3);
    }

    private static String meanStd(Stats s) {
        return Format.meanStd(s.mean(), s.std());
    }

    private static Stats capacity(List<CellResult> runs, ToDoubleFunction<CapacityStats> metric) {
        return Stats.over(runs, r -> metric.applyAsDouble(r.capacity()));
    }
}
