package io.execplace.experiments.study;

import io.execplace.schedulers.milp.MilpOptions;
import io.execplace.core.io.AtomicFiles;
import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.experiments.report.BarChartSpec;
import io.execplace.experiments.report.ScatterChartSpec;
import io.execplace.experiments.report.ScheduleTimeline;
import io.execplace.experiments.report.TimeAxis;
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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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

    /** What the delay columns mean, for reports. */
    public static final String DELAY_NOTE = "Decision time: wall time of one placement decision (median and 99th "
            + "percentile over a run's decisions, mean over seeds). The mean per run is in results.csv; it can exceed "
            + "the p99 because a run's first decisions include class loading and JIT warm-up, a few large values "
            + "inside the top 1% that pull the mean up.";

    /** What the Target column means, printed under tables that have one. */
    public static final String TARGET_NOTE = "Target: the HJS paper's score (Eq. 5), 0 to 200: up to 100 for a low cost "
            + "and up to 100 for deadlines met; higher is better.";

    /** What the agent table means, for reports. */
    public static final String AGENT_NOTE = "Executor decisions of trained agents, summed over seeds: fallbacks are "
            + "decisions where the agent's own choice would have been penalised (a VM without room, a wait half-way "
            + "through a job) and its best allowed action was used instead; holds are jobs it chose to let wait.";

    /** The header of the per-scheduler summary table (also printed by the command line). */
    public static List<String> tableHeader(String costUnit) {
        return List.of("scheduler", "cost " + ("$".equals(costUnit) ? "$" : "(" + costUnit + ")"), "cost / bound",
                "deadline met %", "Target", "mean turnaround s", "mean duration s", "jobs dropped");
    }

    /** One row per scheduler: mean ± standard deviation over seeds (the mean alone for one seed). */
    public static List<List<String>> tableRows(List<SchedulerAggregate> aggregates) {
        List<List<String>> rows = new ArrayList<>();
        for (SchedulerAggregate a : aggregates) {
            rows.add(List.of(a.scheduler(),
                    meanStd(a.totalCost()),
                    meanStd(a.costToBound()),
                    meanStd(a.deadlineMetPercent()),
                    meanStd(a.target()),
                    meanStd(a.meanTurnaround()),
                    meanStd(a.meanDuration()),
                    meanStd(a.jobsDropped())));
        }
        return rows;
    }

    /** The header of the second table: how the schedules differ, and how long decisions take. */
    public static List<String> detailHeader() {
        return List.of("scheduler", "jobs waited", "good placements", "VMs used", "delay median µs", "delay p99 µs");
    }

    /** One row per scheduler of the second table. */
    public static List<List<String>> detailRows(List<SchedulerAggregate> aggregates) {
        List<List<String>> rows = new ArrayList<>();
        for (SchedulerAggregate a : aggregates) {
            rows.add(List.of(a.scheduler(),
                    meanStd(a.jobsWaited()),
                    meanStd(a.goodPlacements()),
                    meanStd(a.vmsUsed()),
                    micros(a.delayMedianMs().mean()),
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

    /** The header of the agent table: how trained agents' executor decisions ended. */
    public static List<String> agentHeader() {
        return List.of("scheduler", "executor decisions", "fallbacks", "fallback %", "holds");
    }

    /** One row per agent scheduler (summed over seeds); empty if there is none. */
    public static List<List<String>> agentRows(List<SchedulerAggregate> aggregates) {
        List<List<String>> rows = new ArrayList<>();
        for (SchedulerAggregate a : aggregates) {
            if (a.agent() != null) {
                rows.add(List.of(a.scheduler(), Long.toString(a.agent().decisions()), Long.toString(a.agent().fallbacks()),
                        Format.sig(a.agent().fallbackPercent(), 3), Long.toString(a.agent().holds())));
            }
        }
        return rows;
    }

    /** Mean ± sd over seeds; the mean alone for one seed. */
    static String meanStd(Stats s) {
        if (Double.isNaN(s.mean())) {
            return Format.MISSING;
        }
        if (s.n() <= 1) {
            // One seed: no spread to show, so no "± 0" that would claim a measured zero spread.
            String v = Format.sig(s.mean(), 4);
            return v.contains(".") && !v.contains("e") ? v.replaceAll("\\.?0+$", "") : v;
        }
        return Format.meanStd(s.mean(), s.std());
    }

    private static String micros(double millis) {
        return Format.sig(millis * 1000, 3);
    }

    /** A one-paragraph description of the scenario for reports. */
    public static String describe(Scenario s) {
        MilpOptions milp = MilpOptions.of(s.schedulerOptions());
        return "Cluster " + s.cluster().name() + " (" + s.cluster().size() + " VMs), workload " + s.workloads().name()
                + ", queue " + s.options().queue().name()
                + (s.options().admission() ? ", deadline admission" : "")
                + (s.options().backfilling() ? ", backfilling" : "")
                + ", billing " + s.options().billing().key()
                + ", seeds " + s.seeds().get(0) + ".." + s.seeds().get(s.seeds().size() - 1)
                + " (" + s.seeds().size() + "), schedulers " + String.join(", ", s.schedulers())
                + (s.schedulers().contains(Milp.NAME) ? " (milp: beta "
                        + BigDecimal.valueOf(milp.beta()).stripTrailingZeros().toPlainString()
                        + ", " + milp.solver().key() + ", time limit "
                        + milp.timeLimitMillis() + " ms per decision)" : "")
                + ".";
    }

    /**
     * Writes {@code results.csv}, {@code results.json}, {@code charts/*.png|svg} and
     * {@code index.html} (one self-contained page: every image embedded) into {@code dir}; returns
     * the report's path.
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
        String unit = Headline.costUnit(scenario.cluster());
        String costAxis = "$".equals(unit) ? "cost ($)" : "cost (" + unit + ")";
        boolean deadlines = aggs.stream().anyMatch(a -> !Double.isNaN(a.deadlineMetPercent().mean()));
        long firstSeed = scenario.seeds().get(0);

        List<ReportFigure> tradeOffs = new ArrayList<>();
        if (deadlines) {
            tradeOffs.add(scatter(aggs, charts, index, "cost-vs-deadline-met", "Cost against deadlines met",
                    "deadline met (%)", costAxis, SchedulerAggregate::deadlineMetPercent,
                    "Cost against deadline-met % (mean over seeds): down and to the right is better"));
        }
        tradeOffs.add(scatter(aggs, charts, index, "cost-vs-turnaround", "Cost against mean turnaround",
                "mean turnaround (s)", costAxis, SchedulerAggregate::meanTurnaround,
                "Cost against mean job turnaround (mean over seeds): down and to the left is better"));

        List<ReportFigure> timelines = new ArrayList<>();
        Optional<SchedulerAggregate> best = Headline.best(aggs);
        List<String> timelineOf = new ArrayList<>();
        best.ifPresent(b -> timelineOf.add(b.scheduler()));
        if (names.contains(Headline.BASELINE) && !timelineOf.contains(Headline.BASELINE)) {
            timelineOf.add(Headline.BASELINE);
        }
        for (String scheduler : timelineOf) {
            RunResult run = comparison.firstSeedRuns().get(scheduler);
            if (run != null) {
                double until = ScheduleTimeline.window(run);
                String span = TimeAxis.forSpan(until).name().equals("hours") || until >= 2 * 3600.0 - 1e-6
                        ? Format.sig(until / 3600, 2).replaceAll("\\.0+$", "") + " h"
                        : Format.sig(until / 60, 3).replaceAll("\\.0+$", "") + " min";
                Path svg = charts.resolve("timeline-" + scheduler.replaceAll("[^A-Za-z0-9._-]", "_") + ".svg");
                AtomicFiles.write(svg, ScheduleTimeline.svg(run, until, "Schedule of " + scheduler + ", seed "
                        + firstSeed + ", first " + span, unit).getBytes(StandardCharsets.UTF_8));
                timelines.add(ReportFigure.ofSvg(svg, index, "Schedule timeline of " + scheduler
                        + (scheduler.equals(Headline.BASELINE) ? " (Spark's default)" : " (the headline's scheduler)")
                        + ", seed " + firstSeed + ", first " + span + ": one row per VM, one bar per executor "
                        + "coloured by job; below, the VM cost accumulating.").asWide());
            }
        }
        ReportFigure utilisation = comparison.firstSeedRuns().isEmpty() || timelineOf.isEmpty() ? null
                : utilisation(comparison, timelineOf, charts, index, firstSeed);

        List<ReportFigure> figures = new ArrayList<>();
        figures.add(bar(aggs, names, charts, index, "cost", "Total VM cost", costAxis, SchedulerAggregate::totalCost));
        if (aggs.stream().anyMatch(a -> !Double.isNaN(a.costToBound().mean()))) {
            figures.add(bar(aggs, names, charts, index, "cost-to-bound", "Cost relative to the lower bound",
                    "cost / lower bound", SchedulerAggregate::costToBound));
        }
        if (deadlines) {
            figures.add(bar(aggs, names, charts, index, "deadline-met", "Jobs that met their deadline", "%",
                    SchedulerAggregate::deadlineMetPercent));
            figures.add(bar(aggs, names, charts, index, "target", "HJS Target (Eq. 5: cost and deadline success)",
                    "Target", SchedulerAggregate::target));
        }
        figures.add(bar(aggs, names, charts, index, "turnaround", "Mean job turnaround", "seconds",
                SchedulerAggregate::meanTurnaround));
        figures.add(bar(aggs, names, charts, index, "duration", "Mean job duration", "seconds",
                SchedulerAggregate::meanDuration));
        figures.add(costOverTime(comparison, charts, index, costAxis));

        List<List<String>> solverRows = solverRows(aggs);
        List<List<String>> agentRows = agentRows(aggs);
        HtmlReport.Builder report = HtmlReport.builder("execplace compare: " + scenario.name());
        Headline.of(aggs, unit).ifPresent(report::headline);
        report.intro(describe(scenario))
                .intro("Each number is the mean ± standard deviation over the seeds; error bars show one standard "
                        + "deviation. Costs are in " + ("$".equals(unit) ? "dollars" : unit + " (the cluster's prices "
                        + "are per second, in no currency)") + ". Raw per-run numbers: results.csv and results.json. "
                        + "This page is one self-contained file (images embedded); the SVG links open the charts/ folder next to it.")
                .section("Summary", s -> s.table(tableHeader(unit), tableRows(aggs)).paragraph(BOUND_NOTE)
                        .table(detailHeader(), detailRows(aggs)).paragraph(DELAY_NOTE));
        report.section("Trade-offs", s -> tradeOffs.forEach(s::figure));
        if (!timelines.isEmpty() || utilisation != null) {
            report.section("Schedules", s -> {
                timelines.forEach(s::figure);
                if (utilisation != null) {
                    s.figure(utilisation);
                }
            });
        }
        if (!solverRows.isEmpty()) {
            report.section("Exact solver", s -> s.paragraph(SOLVER_NOTE).table(solverHeader(), solverRows));
        }
        if (!agentRows.isEmpty()) {
            report.section("Agents", s -> s.paragraph(AGENT_NOTE).table(agentHeader(), agentRows));
        }
        report.section("Per scheduler", s -> figures.forEach(s::figure));
        report.build().write(index);
        return index;
    }

    private static ReportFigure scatter(List<SchedulerAggregate> aggs, Path charts, Path index, String file,
                                        String title, String xLabel, String yLabel,
                                        Function<SchedulerAggregate, Stats> x, String caption) throws IOException {
        List<ScatterChartSpec.Point> points = new ArrayList<>();
        for (SchedulerAggregate a : aggs) {
            points.add(new ScatterChartSpec.Point(a.scheduler(), x.apply(a).mean(), a.totalCost().mean()));
        }
        ChartFiles files = ChartWriter.write(new ScatterChartSpec(title, xLabel, yLabel, points), charts, file);
        return ReportFigure.of(files, index, caption);
    }

    /** Share of the cluster's cores in use over time, averaged per time bin (first seed). */
    private static ReportFigure utilisation(Comparison comparison, List<String> schedulers, Path charts, Path index,
                                            long seed) throws IOException {
        // The window of the schedule timelines beside it, so the two read together.
        double end = 0;
        for (RunResult r : comparison.firstSeedRuns().values()) {
            end = Math.max(end, ScheduleTimeline.window(r));
        }
        TimeAxis unit = TimeAxis.forSpan(end);
        int bins = 60;
        List<LineChartSpec.Series> series = new ArrayList<>();
        for (String scheduler : schedulers) {
            RunResult run = comparison.firstSeedRuns().get(scheduler);
            if (run == null) {
                continue;
            }
            double[] busy = new double[bins];
            double width = end > 0 ? end / bins : 1;
            int totalCores = run.cluster().vms().stream().mapToInt(v -> v.cores()).sum();
            for (JobRecord r : run.jobs()) {
                if (!r.completed() || r.start() >= end) {
                    continue;
                }
                double cores = (double) r.job().coresPerExecutor() * r.placement().executors();
                int first = (int) Math.min(bins - 1, Math.floor(r.start() / width));
                int last = (int) Math.min(bins - 1, Math.floor(r.finish() / width));
                for (int b = first; b <= last; b++) {
                    double overlap = Math.min(r.finish(), (b + 1) * width) - Math.max(r.start(), b * width);
                    if (overlap > 0) {
                        busy[b] += cores * overlap;
                    }
                }
            }
            // A step per time slice, from 0 to the end (the last value repeated at the end).
            double[] x = new double[bins + 1];
            double[] y = new double[bins + 1];
            for (int b = 0; b <= bins; b++) {
                x[b] = unit.of(b * width);
                y[b] = 100 * busy[Math.min(b, bins - 1)] / (width * totalCores);
            }
            series.add(new LineChartSpec.Series(scheduler, x, y));
        }
        LineChartSpec spec = LineChartSpec.of("Cluster utilisation (seed " + seed + ")", "time (" + unit.name() + ")",
                "cores in use (% of the cluster)", series.toArray(new LineChartSpec.Series[0])).withStep(true);
        ChartFiles files = ChartWriter.write(spec, charts, "utilisation", 1100, 420);
        return ReportFigure.of(files, index, "Cores in use over time, % of the cluster's cores, averaged over "
                + bins + " equal time slices of the timelines' window (the first " + Format.sig(unit.of(end), 3) + " "
                + unit.name() + "), seed " + seed + ", for the schedulers of the timelines").asWide();
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

    private static ReportFigure costOverTime(Comparison comparison, Path charts, Path index, String costAxis)
            throws IOException {
        long firstSeed = comparison.scenario().seeds().get(0);
        double end = 0;
        for (CellResult c : comparison.cells()) {
            double[] t = c.costTimeline().times();
            end = Math.max(end, t.length == 0 ? 0 : t[t.length - 1]);
        }
        TimeAxis unit = TimeAxis.forSpan(end);
        List<LineChartSpec.Series> series = new ArrayList<>();
        for (CellResult c : comparison.cells()) {
            if (c.seed() == firstSeed) {
                double[] times = c.costTimeline().times().clone();
                for (int i = 0; i < times.length; i++) {
                    times[i] = unit.of(times[i]);
                }
                series.add(new LineChartSpec.Series(c.scheduler(), times, c.costTimeline().costs()));
            }
        }
        LineChartSpec spec = LineChartSpec.of("Cumulative VM cost (seed " + firstSeed + ")",
                "time (" + unit.name() + ")", costAxis,
                series.toArray(new LineChartSpec.Series[0]));
        ChartFiles files = ChartWriter.write(spec, charts, "cost-over-time");
        return ReportFigure.of(files, index, "Cumulative VM cost over time, seed " + firstSeed);
    }
}
