package io.execplace.experiments.study;

import io.execplace.experiments.report.BarChartSpec;
import io.execplace.experiments.report.ChartFiles;
import io.execplace.experiments.report.ChartWriter;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.report.HtmlReport;
import io.execplace.experiments.report.LineChartSpec;
import io.execplace.experiments.report.ReportFigure;
import io.execplace.experiments.report.ReportSection;
import io.execplace.experiments.results.ResultsFiles;
import io.execplace.experiments.run.CellResult;
import io.execplace.experiments.run.Comparison;
import io.execplace.experiments.run.SchedulerAggregate;
import io.execplace.experiments.run.Stats;
import io.execplace.experiments.scenario.Scenario;
import io.execplace.schedulers.milp.Milp;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The output of {@code execplace compare}: results files, charts (PNG and SVG) and an
 * {@code index.html} that embeds them.
 */
public final class ComparisonReport {

    private ComparisonReport() {
    }

    /** What the cost / bound column means, for reports. */
    public static final String BOUND_NOTE = "cost / bound: each run's total cost divided by a lower bound on the cost "
            + "that any scheduler could reach on the jobs the run completed (every VM's price split into a rate per "
            + "busy core and per busy GB; each job charged the cheapest such rates its executors could get, at its "
            + "shortest possible duration). 1.00 would be a perfect schedule; the bound ignores competition between "
            + "jobs for the cheapest VMs, so no real schedule reaches it.";

    /** What the exact-solver table means, for reports. */
    public static final String SOLVER_NOTE = "Decisions handed to the exact solver (jobs that fit the free resources), "
            + "summed over seeds: proven optimal, stopped by the time limit, and placed by the fallback heuristic (gio) "
            + "because the solver had no placement in time.";

    /** The header of the per-scheduler summary table (also printed by the command line). */
    public static List<String> tableHeader() {
        return List.of("scheduler", "cost", "cost / bound", "mean duration s", "mean turnaround s", "deadline met %",
                "Target", "good placements", "jobs waited", "jobs dropped", "VMs used", "delay mean µs", "delay p99 µs");
    }

    /** One row per scheduler: mean ± standard deviation over seeds. */
    public static List<List<String>> tableRows(List<SchedulerAggregate> aggregates) {
        List<List<String>> rows = new ArrayList<>();
        for (SchedulerAggregate a : aggregates) {
            rows.add(List.of(a.scheduler(),
                    meanStd(a.totalCost()),
                    Double.isNaN(a.costToBound().mean()) ? Format.MISSING : meanStd(a.costToBound()),
                    meanStd(a.meanDuration()),
                    meanStd(a.meanTurnaround()),
                    Double.isNaN(a.deadlineMetPercent().mean()) ? Format.MISSING : meanStd(a.deadlineMetPercent()),
                    Double.isNaN(a.target().mean()) ? Format.MISSING : meanStd(a.target()),
                    meanStd(a.goodPlacements()),
                    meanStd(a.jobsWaited()),
                    meanStd(a.jobsDropped()),
                    meanStd(a.vmsUsed()),
                    micros(a.delayMeanMs().mean()),
                    micros(a.delayP99Ms().mean())));
        }
        return rows;
    }

    /** The header of the exact-solver table: how the decisions of schedulers with a solver ended. */
    public static List<String> solverHeader() {
        return List.of("scheduler", "solver calls", "proven optimal", "timed out", "fallbacks", "optimal %");
    }

    /** One row per scheduler that reports solver counts (summed over seeds); empty if none does. */
    public static List<List<String>> solverRows(List<SchedulerAggregate> aggregates) {
        List<List<String>> rows = new ArrayList<>();
        for (SchedulerAggregate a : aggregates) {
            if (a.solver() != null) {
                rows.add(List.of(a.scheduler(), Long.toString(a.solver().solverCalls()),
                        Long.toString(a.solver().provenOptimal()), Long.toString(a.solver().timedOut()),
                        Long.toString(a.solver().fallbacks()), Format.sig(a.solver().provenOptimalPercent(), 4)));
            }
        }
        return rows;
    }

    private static String meanStd(Stats s) {
        return Format.meanStd(s.mean(), s.std());
    }

    private static String micros(double millis) {
        return Format.sig(millis * 1000, 3);
    }

    /** A one-paragraph description of the scenario for reports. */
    public static String describe(Scenario s) {
        return "Cluster " + s.cluster().name() + " (" + s.cluster().size() + " VMs), workload " + s.workloads().name()
                + ", queue " + s.options().queue().name()
                + (s.options().admission() ? ", deadline admission" : "")
                + (s.options().backfilling() ? ", backfilling" : "")
                + ", billing " + s.options().billing().key()
                + ", seeds " + s.seeds().get(0) + ".." + s.seeds().get(s.seeds().size() - 1)
                + " (" + s.seeds().size() + "), schedulers " + String.join(", ", s.schedulers())
                + (s.schedulers().contains(Milp.NAME) ? " (milp: beta "
                        + BigDecimal.valueOf(s.schedulerOptions().beta()).stripTrailingZeros().toPlainString()
                        + ", " + s.schedulerOptions().milpSolver().key() + ", time limit "
                        + s.schedulerOptions().milpTimeLimitMillis() + " ms per decision)" : "")
                + ".";
    }

    /**
     * Writes {@code results.csv}, {@code results.json}, {@code charts/*.png|svg} and
     * {@code index.html} into {@code dir}; returns the report's path.
     */
    public static Path write(Comparison comparison, Path dir) throws IOException {
        Files.createDirectories(dir);
        ResultsFiles.write(comparison, dir);
        Path charts = dir.resolve("charts");
        Files.createDirectories(charts);
        Path index = dir.resolve("index.html");
        List<SchedulerAggregate> aggs = SchedulerAggregate.of(comparison);
        List<String> names = aggs.stream().map(SchedulerAggregate::scheduler).toList();
        Scenario scenario = comparison.scenario();

        List<ReportFigure> figures = new ArrayList<>();
        figures.add(bar(aggs, names, charts, index, "cost", "Total VM cost", "cost", SchedulerAggregate::totalCost));
        if (aggs.stream().anyMatch(a -> !Double.isNaN(a.costToBound().mean()))) {
            figures.add(bar(aggs, names, charts, index, "cost-to-bound", "Cost relative to the lower bound",
                    "cost / lower bound", SchedulerAggregate::costToBound));
        }
        figures.add(bar(aggs, names, charts, index, "duration", "Mean job duration", "seconds",
                SchedulerAggregate::meanDuration));
        figures.add(bar(aggs, names, charts, index, "turnaround", "Mean job turnaround", "seconds",
                SchedulerAggregate::meanTurnaround));
        boolean deadlines = aggs.stream().anyMatch(a -> !Double.isNaN(a.deadlineMetPercent().mean()));
        if (deadlines) {
            figures.add(bar(aggs, names, charts, index, "deadline-met", "Jobs that met their deadline", "%",
                    SchedulerAggregate::deadlineMetPercent));
            figures.add(bar(aggs, names, charts, index, "target", "HJS Target (Eq. 5: cost and deadline success)",
                    "Target", SchedulerAggregate::target));
        }
        figures.add(costOverTime(comparison, charts, index));

        List<List<String>> solverRows = solverRows(aggs);
        HtmlReport.Builder report = HtmlReport.builder("execplace compare: " + scenario.name())
                .intro(describe(scenario))
                .intro("Each number is the mean ± standard deviation over the seeds; error bars show one standard "
                        + "deviation. Raw per-run numbers: results.csv and results.json.")
                .section("Summary", s -> s.table(tableHeader(), tableRows(aggs)).paragraph(BOUND_NOTE));
        if (!solverRows.isEmpty()) {
            report.section("Exact solver", s -> s.paragraph(SOLVER_NOTE).table(solverHeader(), solverRows));
        }
        report.section("Charts", s -> figures.forEach(s::figure));
        report.build().write(index);
        return index;
    }

    private static ReportFigure bar(List<SchedulerAggregate> aggs, List<String> names, Path charts, Path index,
                                    String file, String title, String unit,
                                    Function<SchedulerAggregate, Stats> metric) throws IOException {
        double[] mean = new double[aggs.size()];
        double[] std = new double[aggs.size()];
        for (int i = 0; i < aggs.size(); i++) {
            Stats s = metric.apply(aggs.get(i));
            mean[i] = s.mean();
            std[i] = s.std();
        }
        BarChartSpec spec = BarChartSpec.of(title, unit, names, new BarChartSpec.Series(title, mean, std));
        ChartFiles files = ChartWriter.write(spec, charts, file);
        return ReportFigure.of(files, index, title + " per scheduler (mean ± sd over seeds)");
    }

    private static ReportFigure costOverTime(Comparison comparison, Path charts, Path index) throws IOException {
        long firstSeed = comparison.scenario().seeds().get(0);
        List<LineChartSpec.Series> series = new ArrayList<>();
        for (CellResult c : comparison.cells()) {
            if (c.seed() == firstSeed) {
                double[] hours = c.costTimeline().times().clone();
                for (int i = 0; i < hours.length; i++) {
                    hours[i] /= 3600;
                }
                series.add(new LineChartSpec.Series(c.scheduler(), hours, c.costTimeline().costs()));
            }
        }
        LineChartSpec spec = LineChartSpec.of("Cumulative VM cost (seed " + firstSeed + ")", "time (hours)", "cost",
                series.toArray(new LineChartSpec.Series[0]));
        ChartFiles files = ChartWriter.write(spec, charts, "cost-over-time");
        return ReportFigure.of(files, index, "Cumulative VM cost over time, seed " + firstSeed);
    }
}
