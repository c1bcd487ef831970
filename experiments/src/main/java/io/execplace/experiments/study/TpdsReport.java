package io.execplace.experiments.study;

import io.execplace.core.io.CsvTable;
import io.execplace.core.metrics.RunSummary;
import io.execplace.experiments.report.BarChartSpec;
import io.execplace.experiments.report.ChartFiles;
import io.execplace.experiments.report.ChartWriter;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.report.HtmlReport;
import io.execplace.experiments.report.LineChartSpec;
import io.execplace.experiments.report.ReportFigure;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.train.CurvePoint;
import io.execplace.rl.train.LearningCurve;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleFunction;
import java.util.function.ToDoubleFunction;

/** Writes the TPDS study's files: results and curve CSVs, charts and the HTML report. */
final class TpdsReport {

    private final TpdsStudySettings settings;
    private final List<TpdsStudy.AgentResult> results;
    private final Map<String, Map<String, RunSummary>> baselines;
    private final Map<String, Double> lowerBounds;
    private Map<String, String> traces = Map.of();
    private Map<String, TpdsHeldOut> heldOut = Map.of();

    TpdsReport(TpdsStudySettings settings, List<TpdsStudy.AgentResult> results, Map<String, Map<String, RunSummary>> baselines,
               Map<String, Double> lowerBounds) {
        this.lowerBounds = lowerBounds;
        this.settings = settings;
        this.results = results;
        this.baselines = baselines;
    }

    /** Names the trace files that replaced generated workloads (workload name to file). */
    TpdsReport withTraces(Map<String, String> t) {
        this.traces = Map.copyOf(t);
        return this;
    }

    /** The held-out evaluation of each workload preset (absent for trace files). */
    TpdsReport withHeldOut(Map<String, TpdsHeldOut> h) {
        this.heldOut = Map.copyOf(h);
        return this;
    }

    Path write(Path dir) throws IOException {
        writeResultsCsv(dir.resolve("results.csv"));
        TpdsHeldOutReport heldOutReport = new TpdsHeldOutReport(settings, results, heldOut);
        heldOutReport.writeCsv(dir.resolve("heldout.csv"));
        heldOutReport.writeJson(dir.resolve("heldout.json"));
        writeCurvesCsv(dir.resolve("curves.csv"));
        Path charts = dir.resolve("charts");
        Files.createDirectories(charts);
        Path index = dir.resolve("index.html");
        HtmlReport.Builder report = HtmlReport.builder("execplace reproduce tpds: learned executor placement")
                .intro("Reproduces §7 of Islam et al., 'Performance and cost-efficient Spark job scheduling based on "
                        + "deep reinforcement learning in cloud computing environments' (TPDS 2021), with PPO and an off-policy "
                        + "actor-critic (SAC, in DDPG/TD3's role) from the reproduction report: cluster tpds (4 x m1.large, 4 x m1.xlarge, 4 x m2.xlarge), workloads "
                        + "tpds-normal (50 jobs in an hour) and tpds-burst (100 jobs in 10 minutes) of seed "
                        + settings.seed() + ", the same fixed workload for training, evaluation and the baselines.")
                .intro("Environment: TPDS Table 3 rewards and R_epi (Eq. 14, R_fixed 10,000) with the action mask and "
                        + "normalised observations (without them no agent completes an episode within these budgets; "
                        + "see docs/rl.md)" + extensions() + ". Hyper-parameters: Table 5 (hidden 200, Adam lr 0.001, gamma 0.9, batch 64, "
                        + "replay 10,000, 10 steps or episodes per iteration, epsilon 0.001); DQN rewards scaled by "
                        + "0.001; PPO: lambda 0.95, 4 epochs, minibatch 256, clip 0.2; SAC: one step per iteration, twin critics, tau 0.005, "
                        + "temperature tuned to 20% of the largest entropy, rewards scaled by 0.001. Iterations on "
                        + "normal: DQN and SAC " + settings.dqnIterations() + ", REINFORCE " + settings.reinforceIterations() + ", PPO "
                        + settings.ppoIterations() + "; burst x" + settings.burstFactor() + ". Each trained agent then "
                        + "runs in the simulator as a scheduler (agent:PATH), greedy, on the same workload.");
        if (!traces.isEmpty()) {
            report.intro("Trace files instead of generated workloads: " + traces.entrySet().stream()
                    .map(e -> e.getKey() + " = " + e.getValue()).collect(java.util.stream.Collectors.joining(", "))
                    + " (the workload names below keep their roles: normal and burst).");
        }
        headline(report);
        heldOutReport.headline(report);
        convergence(report, charts, index);
        for (String w : TpdsStudy.WORKLOADS) {
            comparison(report, charts, index, w);
        }
        for (String w : TpdsStudy.WORKLOADS) {
            heldOutReport.section(report, charts, index, w);
        }
        betaSweep(report, charts, index);
        report.build().write(index);
        return index;
    }

    private String extensions() {
        List<String> on = new ArrayList<>();
        if (settings.busyTime()) {
            on.add("agents also observe every VM's remaining busy time");
        }
        if (settings.perJobReward()) {
            on.add("R_epi is paid as it accrues, job by job (same undiscounted return)");
        }
        return on.isEmpty() ? "" : "; execplace extensions: " + String.join("; ", on);
    }

    private List<TpdsStudy.AgentResult> of(String workload) {
        return of(results, workload);
    }

    /** The results of the agents trained on {@code workload}. */
    static List<TpdsStudy.AgentResult> of(List<TpdsStudy.AgentResult> results, String workload) {
        return results.stream().filter(r -> r.run().workload().equals(workload)).toList();
    }

    private void headline(HtmlReport.Builder report) {
        List<List<String>> costRows = new ArrayList<>();
        List<List<String>> durationRows = new ArrayList<>();
        for (String w : TpdsStudy.WORKLOADS) {
            Map<String, RunSummary> base = baselines.get(w);
            RunSummary milp = base.get("milp");
            costRows.add(headlineRow(w, base, RunSummary::totalCost, milp, Format::cost,
                    Format.cost(lowerBounds.getOrDefault(w, Double.NaN))));
            durationRows.add(headlineRow(w, base, RunSummary::meanDuration, milp, v -> Format.sig(v, 4), "–"));
        }
        report.section("Headline: best learned agent vs the heuristics", s -> s
                .paragraph("The paper reports its best agent (REINFORCE, beta 0.75) about 25-30% cheaper than the best "
                        + "baseline on burst and within 14-16% of AEP on normal, and REINFORCE beta 0 2% shorter in mean "
                        + "duration than round-robin on burst. 'Paper heuristics' are round-robin, "
                        + "round-robin-consolidate, first-fit and aep; milp is execplace's exact per-job optimum; the lower "
                        + "bound holds for any scheduler (docs/milp.md). Negative = the agent is better.")
                .table(List.of("workload", "best paper heuristic", "cost", "milp", "best agent", "cost",
                        "vs heuristic", "vs milp", "lower bound"), costRows)
                .table(List.of("workload", "best paper heuristic", "mean duration s", "milp", "best agent",
                        "mean duration s", "vs heuristic", "vs milp", ""), durationRows));
    }

    /** One headline row: the best of the paper's heuristics, milp and the best agent by {@code metric} (lower is better). */
    private List<String> headlineRow(String workload, Map<String, RunSummary> base, ToDoubleFunction<RunSummary> metric,
                                     RunSummary milp, DoubleFunction<String> format, String last) {
        String bestH = null;
        for (String h : base.keySet()) {
            if (!h.equals("milp") && (bestH == null || metric.applyAsDouble(base.get(h)) < metric.applyAsDouble(base.get(bestH)))) {
                bestH = h;
            }
        }
        TpdsStudy.AgentResult bestA = null;
        for (TpdsStudy.AgentResult r : of(workload)) {
            if (r.summary().jobsCompleted() > 0
                    && (bestA == null || metric.applyAsDouble(r.summary()) < metric.applyAsDouble(bestA.summary()))) {
                bestA = r;
            }
        }
        double h = metric.applyAsDouble(base.get(bestH));
        double m = milp == null ? Double.NaN : metric.applyAsDouble(milp);
        double a = bestA == null ? Double.NaN : metric.applyAsDouble(bestA.summary());
        return List.of(workload, bestH, format.apply(h), milp == null ? "–" : format.apply(m),
                bestA == null ? "–" : bestA.run().label(), format.apply(a), percent(a, h), percent(a, m), last);
    }

    private static String percent(double value, double reference) {
        return Double.isNaN(value) || Double.isNaN(reference) ? "–" : Format.sig(100 * (value - reference) / reference, 3) + "%";
    }

    private void convergence(HtmlReport.Builder report, Path charts, Path index) throws IOException {
        List<ReportFigure> figures = new ArrayList<>();
        for (Algorithm a : settings.agents()) {
            for (String w : TpdsStudy.WORKLOADS) {
                Map<String, LearningCurve> curves = new LinkedHashMap<>();
                for (TpdsStudy.AgentResult r : of(w)) {
                    if (r.run().agent() == a) {
                        curves.put("β=" + TpdsStudy.betaText(r.run().beta()), r.curve());
                    }
                }
                ChartFiles f = LearningCurves.write("Convergence of " + a.name() + ", " + w, curves, charts,
                        "convergence-" + a.label() + "-" + w);
                figures.add(ReportFigure.of(f, index, a.name() + " on " + w + ": mean greedy evaluation return"));
            }
        }
        List<List<String>> rows = new ArrayList<>();
        for (TpdsStudy.AgentResult r : results) {
            CurvePoint last = r.curve().last();
            rows.add(List.of(r.run().workload(), r.run().label(), Integer.toString(last.iteration()),
                    Long.toString(last.envSteps()), Format.sig(last.evalMeanReturn(), 5),
                    Format.percent(100 * last.evalCompleted()), Format.sig(r.seconds(), 3)));
        }
        report.section("Convergence (Figs. 4 and 5)", s -> {
            s.paragraph("Mean undiscounted return of greedy evaluation episodes during training, one line per beta. "
                    + "The return is the placement rewards plus R_epi, not the cost itself.");
            s.table(List.of("workload", "agent", "iterations", "env steps", "final eval return", "episodes completed",
                    "training s"), rows);
            figures.forEach(s::figure);
        });
    }

    private List<String> categories(String workload) {
        List<String> c = new ArrayList<>(baselines.get(workload).keySet());
        for (TpdsStudy.AgentResult r : of(workload)) {
            c.add(r.run().label());
        }
        return c;
    }

    private double[] metric(String workload, ToDoubleFunction<RunSummary> f) {
        List<Double> v = new ArrayList<>();
        baselines.get(workload).values().forEach(s -> v.add(f.applyAsDouble(s)));
        of(workload).forEach(r -> v.add(f.applyAsDouble(r.summary())));
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private void comparison(HtmlReport.Builder report, Path charts, Path index, String w) throws IOException {
        List<String> names = categories(w);
        ChartFiles cost = ChartWriter.write(BarChartSpec.of("Total VM cost, " + w, "cost ($)", names,
                new BarChartSpec.Series("cost", metric(w, RunSummary::totalCost))), charts, "cost-" + w);
        ChartFiles duration = ChartWriter.write(BarChartSpec.of("Mean job duration, " + w, "seconds", names,
                new BarChartSpec.Series("duration", metric(w, RunSummary::meanDuration))), charts, "duration-" + w);
        ChartFiles good = ChartWriter.write(BarChartSpec.of("Good placements, " + w, "jobs", names,
                new BarChartSpec.Series("good", metric(w, s -> s.goodPlacements()))), charts, "good-placements-" + w);
        List<List<String>> rows = new ArrayList<>();
        baselines.get(w).forEach((name, s) -> rows.add(row(name, s, "", "")));
        for (TpdsStudy.AgentResult r : of(w)) {
            rows.add(row(r.run().label(), r.summary(), Long.toString(r.fallbacks()), Long.toString(r.holds())));
        }
        report.section("Cost, duration and good placements on " + w + " (Figs. 6, 7, 8)", s -> s
                .paragraph("Every scheduler on the same workload in the simulator; agents act greedily. Fallbacks: "
                        + "moves the environment would have penalised (0 for masked agents); holds: placeable jobs "
                        + "the agent chose to delay.")
                .table(List.of("scheduler", "cost ($)", "mean duration s", "mean turnaround s", "good placements",
                        "jobs waited", "fallbacks", "holds"), rows)
                .figure(ReportFigure.of(cost, index, "Fig. 6: total VM cost, " + w))
                .figure(ReportFigure.of(duration, index, "Fig. 7: mean job duration, " + w))
                .figure(ReportFigure.of(good, index, "Fig. 8: good placements, " + w)));
    }

    private static List<String> row(String name, RunSummary s, String fallbacks, String holds) {
        return List.of(name, Format.cost(s.totalCost()), Format.sig(s.meanDuration(), 4), Format.sig(s.meanTurnaround(), 4),
                Integer.toString(s.goodPlacements()), Integer.toString(s.jobsWaited()), fallbacks, holds);
    }

    private void betaSweep(HtmlReport.Builder report, Path charts, Path index) throws IOException {
        List<ReportFigure> figures = new ArrayList<>();
        for (Algorithm a : settings.agents()) {
            for (boolean costMetric : new boolean[]{true, false}) {
                List<LineChartSpec.Series> series = new ArrayList<>();
                for (String w : TpdsStudy.WORKLOADS) {
                    List<TpdsStudy.AgentResult> rs = of(w).stream().filter(r -> r.run().agent() == a).toList();
                    double[] x = rs.stream().mapToDouble(r -> r.run().beta()).toArray();
                    double[] y = rs.stream().mapToDouble(r -> costMetric ? r.summary().totalCost()
                            : r.summary().meanDuration()).toArray();
                    series.add(new LineChartSpec.Series(w, x, y));
                }
                String what = costMetric ? "cost" : "duration";
                ChartFiles f = ChartWriter.write(new LineChartSpec(a.name() + ": " + what + " against beta", "beta",
                        costMetric ? "total VM cost ($)" : "mean job duration (s)", series, false), charts,
                        "beta-" + what + "-" + a.label());
                figures.add(ReportFigure.of(f, index, a.name() + ": " + what + " for each beta (Fig. 9)"));
            }
        }
        report.section("Effect of beta (Fig. 9)", s -> {
            s.paragraph("beta = 1 rewards cost only, beta = 0 mean duration only.");
            figures.forEach(s::figure);
        });
    }

    /** Per workload: the best agent on held-out workloads (by mean cost / best heuristic) beside its training result. */
    private void writeResultsCsv(Path file) throws IOException {
        CsvTable table = new CsvTable("workload", "scheduler", "kind", "agent", "beta", "iterations", "cost",
                "mean_duration_s", "mean_turnaround_s", "good_placements", "jobs_waited", "jobs_completed", "fallbacks",
                "holds", "final_eval_return", "training_seconds");
        for (String wl : TpdsStudy.WORKLOADS) {
            for (Map.Entry<String, RunSummary> e : baselines.get(wl).entrySet()) {
                table.row(summaryRow(wl, e.getKey(), "heuristic", "", "", "", e.getValue(), "", "", "", ""));
            }
            for (TpdsStudy.AgentResult r : of(wl)) {
                table.row(summaryRow(wl, r.run().label(), "agent", r.run().agent().label(), TpdsStudy.betaText(r.run().beta()),
                        r.curve().last().iteration(), r.summary(), r.fallbacks(), r.holds(),
                        num(r.curve().last().evalMeanReturn()), num(r.seconds())));
            }
        }
        table.write(file);
    }

    private static List<Object> summaryRow(String workload, String name, String kind, String agent, String beta,
                                           Object iterations, RunSummary s, Object fallbacks, Object holds,
                                           String evalReturn, String seconds) {
        return List.of(workload, name, kind, agent, beta, iterations, num(s.totalCost()), num(s.meanDuration()),
                num(s.meanTurnaround()), s.goodPlacements(), s.jobsWaited(), s.jobsCompleted(), fallbacks, holds,
                evalReturn, seconds);
    }

    private void writeCurvesCsv(Path file) throws IOException {
        CsvTable table = new CsvTable("workload", "agent", "beta", "iteration", "env_steps", "eval_mean_return",
                "eval_completed", "eval_mean_cost", "eval_mean_duration_s", "eval_mean_good_placements");
        for (TpdsStudy.AgentResult r : results) {
            for (CurvePoint p : r.curve().points()) {
                table.row(r.run().workload(), r.run().agent().label(), TpdsStudy.betaText(r.run().beta()), p.iteration(),
                        p.envSteps(), num(p.evalMeanReturn()), num(p.evalCompleted()), num(p.evalMeanCost()),
                        num(p.evalMeanDuration()), num(p.evalMeanGood()));
            }
        }
        table.write(file);
    }

    static String num(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.6g", v);
    }
}
