package io.execplace.experiments.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.execplace.core.io.AtomicFiles;
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
        writeResults(dir);
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

    private static final List<String> COST_HEADER = List.of("workload", "best paper heuristic", "cost", "milp",
            "best agent", "cost", "vs heuristic", "vs milp", "lower bound");

    private List<List<String>> costRows() {
        List<List<String>> rows = new ArrayList<>();
        for (String w : TpdsStudy.WORKLOADS) {
            Map<String, RunSummary> base = baselines.get(w);
            rows.add(headlineRow(w, base, RunSummary::totalCost, base.get("milp"), Format::cost,
                    Format.cost(lowerBounds.getOrDefault(w, Double.NaN))));
        }
        return rows;
    }

    /** The report's cost headline on screen, after one sentence per workload. */
    StudyOutcome outcome(Path index) {
        List<List<String>> rows = costRows();
        StringBuilder h = new StringBuilder("Best learned agent against the best of the paper's heuristics, by cost:");
        for (List<String> r : rows) {
            h.append(" on ").append(r.get(0)).append(", ");
            if (r.get(4).equals("–")) {
                h.append("no agent completed the workload (").append(r.get(1)).append(" $").append(r.get(2)).append(");");
            } else {
                h.append(r.get(4)).append(" costs $").append(r.get(5)).append(" against $").append(r.get(2))
                        .append(" for ").append(r.get(1)).append(" (").append(moreOrLess(r.get(6))).append(");");
            }
        }
        h.setLength(h.length() - 1);
        h.append(". The paper: its best agent about 25-30 % cheaper than the best baseline on burst.");
        return StudyOutcome.of(index, h.toString()).table("Cost of the training workload, in $ (negative % = the agent "
                + "is cheaper; held-out workloads: the report)", COST_HEADER, rows);
    }

    /** "8.92%" as "8.92% more", "-5.1%" as "5.1% less": a sign alone is easy to read the wrong way round. */
    private static String moreOrLess(String percent) {
        return percent.startsWith("-") ? percent.substring(1) + " less" : percent + " more";
    }

    private void headline(HtmlReport.Builder report) {
        List<List<String>> costRows = costRows();
        List<List<String>> durationRows = new ArrayList<>();
        for (String w : TpdsStudy.WORKLOADS) {
            Map<String, RunSummary> base = baselines.get(w);
            durationRows.add(headlineRow(w, base, RunSummary::meanDuration, base.get("milp"), v -> Format.sig(v, 4), "–"));
        }
        report.section("Headline: best learned agent vs the heuristics", s -> s
                .paragraph("The paper reports its best agent (REINFORCE, beta 0.75) about 25-30% cheaper than the best "
                        + "baseline on burst and within 14-16% of AEP on normal, and REINFORCE beta 0 2% shorter in mean "
                        + "duration than round-robin on burst. 'Paper heuristics' are round-robin, "
                        + "round-robin-consolidate, first-fit and aep; milp is execplace's exact per-job optimum; the lower "
                        + "bound holds for any scheduler (docs/milp.md). Negative = the agent is better.")
                .table(COST_HEADER, costRows)
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

    /**
     * {@code results.csv} and {@code results.json}: one record per workload and scheduler (heuristic
     * or trained agent), the same values in both; JSON keys in camelCase as in the other studies'
     * {@code results.json}, numbers as numbers and {@code null} where there is none.
     */
    private void writeResults(Path dir) throws IOException {
        List<Map<String, Object>> records = new ArrayList<>();
        for (String wl : TpdsStudy.WORKLOADS) {
            for (Map.Entry<String, RunSummary> e : baselines.get(wl).entrySet()) {
                records.add(record(wl, e.getKey(), null, e.getValue()));
            }
            for (TpdsStudy.AgentResult r : of(wl)) {
                records.add(record(wl, r.run().label(), r, r.summary()));
            }
        }
        CsvTable table = new CsvTable("workload", "scheduler", "kind", "agent", "beta", "iterations", "cost",
                "mean_duration_s", "mean_turnaround_s", "good_placements", "jobs_waited", "jobs_completed", "fallbacks",
                "holds", "final_eval_return", "training_seconds");
        for (Map<String, Object> m : records) {
            table.row(m.entrySet().stream().map(e -> csvCell(e.getKey(), e.getValue())).toList());
        }
        table.write(dir.resolve("results.csv"));
        AtomicFiles.write(dir.resolve("results.json"),
                new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsBytes(records));
    }

    /** One record, in the order of the CSV columns; {@code agent} is null for a heuristic. */
    private static Map<String, Object> record(String workload, String name, TpdsStudy.AgentResult agent, RunSummary s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("workload", workload);
        m.put("scheduler", name);
        m.put("kind", agent == null ? "heuristic" : "agent");
        m.put("agent", agent == null ? null : agent.run().agent().label());
        m.put("beta", agent == null ? null : agent.run().beta());
        m.put("iterations", agent == null ? null : agent.curve().last().iteration());
        m.put("totalCost", value(s.totalCost()));
        m.put("meanDuration", value(s.meanDuration()));
        m.put("meanTurnaround", value(s.meanTurnaround()));
        m.put("goodPlacements", s.goodPlacements());
        m.put("jobsWaited", s.jobsWaited());
        m.put("jobsCompleted", s.jobsCompleted());
        m.put("fallbacks", agent == null ? null : agent.fallbacks());
        m.put("holds", agent == null ? null : agent.holds());
        m.put("finalEvalReturn", agent == null ? null : value(agent.curve().last().evalMeanReturn()));
        m.put("trainingSeconds", agent == null ? null : value(agent.seconds()));
        return m;
    }

    /** As results.csv has always written it: β as in labels, other decimals to 6 digits, blank for none. */
    private static Object csvCell(String key, Object v) {
        if (v instanceof Double d) {
            return key.equals("beta") ? TpdsStudy.betaText(d) : num(d);
        }
        return v == null ? "" : v;
    }

    private static Double value(double v) {
        return Double.isNaN(v) ? null : v;
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
