package io.execplace.liu.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.io.AtomicFiles;
import io.execplace.core.io.CsvTable;
import io.execplace.liu.model.ArrivalPattern;
import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.metrics.LiuScores;
import io.execplace.experiments.report.ChartFiles;
import io.execplace.experiments.report.ChartWriter;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.report.HtmlReport;
import io.execplace.experiments.report.LineChartSpec;
import io.execplace.experiments.report.ReportFigure;
import io.execplace.liu.agent.LiuCurvePoint;
import io.execplace.liu.agent.LiuEvaluation;

import io.execplace.experiments.study.StudyOutcome;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/** Writes the LIU study's files: Table II/III, curves and per-episode CSVs, results.json, charts, index.html. */
final class LiuReport {

    /** The paper's Table II (RL, SF-E) per pattern: TMDL, AJDR, Score-A..D of RL. */
    static final Map<String, double[]> PAPER_TABLE2 = Map.of(
            "bernoulli", new double[] {35.04, 189.34, 3.24, 5.78, 98, 99, 100, 100},
            "uniform", new double[] {46.34, 349.9, 5.18, 10.80, 96, 98, 100, 100},
            "beta", new double[] {56.52, 248.86, 3.40, 6.07, 100, 100, 100, 100});
    /** The paper's Table III (RL, SF-E): eased, stressed. */
    static final Map<String, double[]> PAPER_TABLE3 = Map.of(
            "eased", new double[] {16.36, 140.52, 3.12, 4.87, 96, 98, 100, 100},
            "stressed", new double[] {350.44, 1027.86, 13.76, 19.96, 92, 95, 94, 96});

    private final LiuStudy.Outcome o;
    private final ExecutorClusters clusters;

    LiuReport(LiuStudy.Outcome o, ExecutorClusters clusters) {
        this.o = o;
        this.clusters = clusters;
    }

    Path write(Path dir) throws IOException {
        writeTable(dir.resolve("table2.csv"), o.table2());
        writeTable(dir.resolve("table3.csv"), o.table3());
        writeCurves(dir.resolve("curves.csv"));
        writeEpisodes(dir.resolve("fig5-episodes.csv"));
        writeJson(dir.resolve("results.json"));
        Path charts = dir.resolve("charts");
        Files.createDirectories(charts);
        Path index = dir.resolve("index.html");
        LiuStudy.Settings s = o.settings();
        HtmlReport.Builder report = HtmlReport.builder("execplace reproduce liu: time-critical multi-cluster management")
                .intro("Reproduces §V of Liu et al., 'A Reinforcement Learning Based Resource Management Approach for "
                        + "Time-critical Workloads in Distributed Computing Environment': clusters " + clusters
                        + ", FIFO inside each cluster, applications 0.5 regular / 0.25 time-critical / 0.25 streaming, "
                        + "the Bernoulli, uniform and Beta arrival patterns. Sizes, durations and deadlines, the stretch "
                        + "model and the state scaling are execplace's choices (docs/liu.md).")
                .intro(String.format(Locale.ROOT, "This run: %d training episodes of %d applications per agent (fresh random "
                        + "workload each episode), network %s, replay %d, %d samples per episode (mini-batches of %d, SGD lr %s), "
                        + "epsilon1 %.1f to %s over %d episodes, epsilon2 %.1f, guide %s; %d held-out test workloads per "
                        + "pattern (the same for every approach), %d of them at each curve point; seed %d.",
                        s.episodes(), s.apps(), Arrays.toString(s.agent().hidden()), s.agent().replay(), s.agent().samples(),
                        s.agent().miniBatch(), Format.sig(s.agent().learningRate(), 3), s.agent().epsilonStart(),
                        Format.sig(s.agent().epsilonEnd(), 3), s.agent().decayEpisodes(), s.agent().epsilon2(),
                        s.agent().guide(), s.testEpisodes(), s.curveEpisodes(), s.seed()));
        report.section("Table II: RL against SF-E on the three arrival patterns", sec -> {
            sec.paragraph("execplace's numbers first, the paper's after the slash. Ratio = SF-E / RL for TMDL and AJDR "
                    + "(higher is better for RL), RL / SF-E score for the scores.");
            sec.table(tableHeader(), tableRows(o.table2(), PAPER_TABLE2));
            List<List<String>> base = new ArrayList<>();
            o.baselines().forEach((k, m) -> m.forEach((name, ev) -> base.add(List.of(k.label(), name,
                    Format.sig(ev.meanTmdl(), 4), Format.sig(ev.meanAjdr(), 4), Format.sig(ev.eval(), 4)))));
            o.runs().stream().filter(r -> r.run().guided()).forEach(r -> base.add(List.of(r.run().pattern().label(), "rl",
                    Format.sig(r.test().meanTmdl(), 4), Format.sig(r.test().meanAjdr(), 4), Format.sig(r.test().eval(), 4))));
            o.pairs().forEach(p -> base.add(List.of(p.pattern().label(), "pairs (beyond the paper)",
                    Format.sig(p.test().meanTmdl(), 4), Format.sig(p.test().meanAjdr(), 4), Format.sig(p.test().eval(), 4))));
            sec.paragraph("All approaches on the test workloads (means over " + s.testEpisodes() + " episodes):");
            sec.table(List.of("pattern", "approach", "TMDL", "AJDR", "Eval"), base);
        });
        report.section("Table III: the uniform agent on eased and stressed uniform workloads", sec -> {
            if (o.table3().isEmpty()) {
                sec.paragraph("Not in this run: Table III needs the uniform agent (--runs without uniform).");
                return;
            }
            sec.paragraph(String.format(Locale.ROOT, "Executor demands scaled by %.2f (eased) and %.2f (stressed); the agent "
                            + "was trained on standard uniform workloads.", io.execplace.liu.model.LiuWorkloadSpec.EASED,
                            io.execplace.liu.model.LiuWorkloadSpec.STRESSED))
                    .table(tableHeader(), tableRows(o.table3(), PAPER_TABLE3));
        });
        List<ReportFigure> fig4 = new ArrayList<>();
        for (ArrivalPattern.Kind k : ArrivalPattern.Kind.values()) {
            if (guidedRun(k) != null) {
                fig4.add(ReportFigure.of(fig4(k, charts), index, "Fig. 4: Eval against training episode, " + k.label()));
            }
        }
        if (o.runs().stream().filter(r -> r.run().pattern() == ArrivalPattern.Kind.BERNOULLI).count() == 2) {
            fig4.add(ReportFigure.of(fig4d(charts), index, "Fig. 4(d): guided vs plain epsilon-greedy, bernoulli"));
        }
        report.section("Fig. 4: Eval (Eq. 9) during training", sec -> {
            sec.paragraph("Eval of the mean TMDL and mean AJDR of the greedy agent over the first " + s.curveEpisodes()
                    + " test workloads, after each block of training episodes; the baselines on the same workloads are "
                    + "flat lines.");
            List<List<String>> rows = new ArrayList<>();
            for (LiuStudy.TrainedRun r : o.runs()) {
                LiuCurvePoint last = r.curve().get(r.curve().size() - 1);
                rows.add(List.of(r.run().label(), Integer.toString(last.episode()), Format.sig(last.meanTmdl(), 4),
                        Format.sig(last.meanAjdr(), 4), Format.sig(last.eval(), 4), Format.sig(r.seconds(), 3)));
            }
            sec.table(List.of("agent", "episodes", "curve TMDL", "curve AJDR", "curve Eval", "training s"), rows);
            fig4.forEach(sec::figure);
        });
        List<ReportFigure> fig5 = new ArrayList<>();
        for (LiuStudy.Comparison c : o.table2().stream().filter(LiuReport::paperAgent).toList()) {
            for (String metric : List.of("eval", "tmdl", "ajdr")) {
                fig5.add(ReportFigure.of(fig5(c, metric, charts), index, "Fig. 5: " + metric.toUpperCase(Locale.ROOT) + ", "
                        + c.name() + " (test episodes sorted by RL TMDL)"));
            }
        }
        report.section("Fig. 5: RL vs SF-E per test episode", sec -> fig5.forEach(sec::figure));
        if (!o.pairs().isEmpty()) {
            report.section("Beyond the paper: the pair manager", sec -> LiuPairManagerReport.write(o, sec));
        }
        report.build().write(index);
        return index;
    }

    /** Table II on screen, after one sentence: each agent's mean TMDL against SF-E's. */
    StudyOutcome outcome(Path index) {
        StringBuilder h = new StringBuilder("Mean missed deadlines per episode (TMDL, lower is better) on the held-out test "
                + "workloads against SF-E, the best baseline:");
        for (LiuStudy.Comparison c : o.table2()) {
            h.append(' ').append(c.name()).append(' ').append(agentLabel(c)).append(' ')
                    .append(Format.sig(c.rl().meanTmdl(), 4)).append(" vs ").append(Format.sig(c.baseline().meanTmdl(), 4))
                    .append(';');
        }
        h.setLength(h.length() - 1);
        h.append(". The paper: the agent's TMDL 35-56 against SF-E's 189-350.");
        return StudyOutcome.of(index, h.toString()).table("Table II: agent against SF-E (ratio: higher is better for the "
                + "agent; Table III and the curves: the report)", tableHeader(), tableRows(o.table2(), PAPER_TABLE2));
    }

    private static List<String> tableHeader() {
        return List.of("metric", "workload", "agent", "agent's", "SF-E", "ratio", "paper RL", "paper SF-E", "paper ratio");
    }

    private static List<List<String>> tableRows(List<LiuStudy.Comparison> cs, Map<String, double[]> paper) {
        List<List<String>> rows = new ArrayList<>();
        for (LiuStudy.Comparison c : cs) {
            double[] p = paper.get(c.name());
            String agent = agentLabel(c);
            rows.add(row("TMDL", c.name(), agent, c.rl().meanTmdl(), c.baseline().meanTmdl(),
                    c.baseline().meanTmdl() / c.rl().meanTmdl(), p[0], p[1], p[1] / p[0]));
            rows.add(row("AJDR", c.name(), agent, c.rl().meanAjdr(), c.baseline().meanAjdr(),
                    c.baseline().meanAjdr() / c.rl().meanAjdr(), p[2], p[3], p[3] / p[2]));
            double[] mine = {c.scores().a(), c.scores().b(), c.scores().c(), c.scores().d()};
            for (int i = 0; i < 4; i++) {
                double base = 100 - mine[i];
                rows.add(row("Score-" + (char) ('A' + i), c.name(), agent, mine[i], base, mine[i] / base, p[4 + i],
                        100 - p[4 + i], p[4 + i] / (100 - p[4 + i])));
            }
        }
        return rows;
    }

    /** "rl (paper)" for the paper's value agent, "pairs" for the pair manager. */
    static String agentLabel(LiuStudy.Comparison c) {
        return c.rl().manager().equals("rl") ? "rl (paper)" : c.rl().manager();
    }

    private static boolean paperAgent(LiuStudy.Comparison c) {
        return c.rl().manager().equals("rl");
    }

    private static List<String> row(String metric, String name, String agent, double rl, double base, double ratio,
                                    double prl, double pbase, double pratio) {
        return List.of(metric, name, agent, Format.sig(rl, 4), Format.sig(base, 4), ratioText(ratio), Format.sig(prl, 4),
                Format.sig(pbase, 4), ratioText(pratio));
    }

    private static String ratioText(double r) {
        return Double.isInfinite(r) ? "∞" : Double.isNaN(r) ? "–" : Format.sig(r, 3);
    }

    private ChartFiles fig4(ArrivalPattern.Kind k, Path charts) throws IOException {
        List<LineChartSpec.Series> series = new ArrayList<>();
        LiuStudy.TrainedRun run = guidedRun(k);
        series.add(curveSeries("RL", run.curve()));
        double[] x = {0, run.curve().get(run.curve().size() - 1).episode()};
        o.curveBaselines().get(k).forEach((name, ev) -> series.add(new LineChartSpec.Series(name, x,
                new double[] {ev.eval(), ev.eval()})));
        return ChartWriter.write(new LineChartSpec("Eval during training, " + k.label(), "training episode", "Eval (Eq. 9)",
                series, false), charts, "fig4-" + k.label());
    }

    /** The guided training on a pattern, or null when this run did not have it. */
    private LiuStudy.TrainedRun guidedRun(ArrivalPattern.Kind k) {
        return o.runs().stream().filter(r -> r.run().pattern() == k && r.run().guided()).findFirst().orElse(null);
    }

    private ChartFiles fig4d(Path charts) throws IOException {
        List<LineChartSpec.Series> series = new ArrayList<>();
        for (LiuStudy.TrainedRun r : o.runs()) {
            if (r.run().pattern() == ArrivalPattern.Kind.BERNOULLI) {
                series.add(curveSeries(r.run().guided() ? "RL, guided epsilon-greedy" : "RL, plain epsilon-greedy", r.curve()));
            }
        }
        return ChartWriter.write(new LineChartSpec("Guided vs plain epsilon-greedy, bernoulli", "training episode",
                "Eval (Eq. 9)", series, false), charts, "fig4d-bernoulli");
    }

    private static LineChartSpec.Series curveSeries(String name, List<LiuCurvePoint> curve) {
        return new LineChartSpec.Series(name, curve.stream().mapToDouble(LiuCurvePoint::episode).toArray(),
                curve.stream().mapToDouble(LiuCurvePoint::eval).toArray());
    }

    private ChartFiles fig5(LiuStudy.Comparison c, String metric, Path charts) throws IOException {
        int[] order = sortedByRlTmdl(c);
        double[] x = IntStream.range(0, order.length).asDoubleStream().toArray();
        return ChartWriter.write(LineChartSpec.of(metric.toUpperCase(Locale.ROOT) + " per test episode, " + c.name(),
                "test episode (sorted by RL TMDL)", metric.toUpperCase(Locale.ROOT),
                new LineChartSpec.Series("RL", x, pick(c.rl(), metric, order)),
                new LineChartSpec.Series("SF-E", x, pick(c.baseline(), metric, order))), charts,
                "fig5-" + c.name() + "-" + metric);
    }

    private static int[] sortedByRlTmdl(LiuStudy.Comparison c) {
        return IntStream.range(0, c.rl().tmdl().length).boxed()
                .sorted(Comparator.comparingDouble(i -> c.rl().tmdl()[i])).mapToInt(Integer::intValue).toArray();
    }

    private static double[] pick(LiuEvaluation ev, String metric, int[] order) {
        double[] v = new double[order.length];
        for (int i = 0; i < order.length; i++) {
            int e = order[i];
            v[i] = switch (metric) {
                case "tmdl" -> ev.tmdl()[e];
                case "ajdr" -> ev.ajdr()[e];
                default -> LiuScores.eval(ev.tmdl()[e], ev.ajdr()[e]);
            };
        }
        return v;
    }

    private static void writeTable(Path file, List<LiuStudy.Comparison> cs) throws IOException {
        CsvTable table = new CsvTable("workload", "approach", "mean_tmdl", "mean_ajdr", "eval", "score_a", "score_b",
                "score_c", "score_d");
        for (LiuStudy.Comparison c : cs) {
            table.row(row(c.name(), c.rl().manager(), c.rl(), c.scores()));
            table.row(row(c.name(), c.baseline().manager(), c.baseline(), c.baselineScores()));
        }
        table.write(file);
    }

    private static List<Object> row(String name, String approach, LiuEvaluation ev, LiuScores s) {
        return List.of(name, approach, g6(ev.meanTmdl()), g6(ev.meanAjdr()), g6(ev.eval()), g6(s.a()), g6(s.b()),
                g6(s.c()), g6(s.d()));
    }

    private static String g6(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }

    private void writeCurves(Path file) throws IOException {
        CsvTable table = new CsvTable("agent", "episode", "epsilon1", "mean_tmdl", "mean_ajdr", "eval", "loss");
        for (LiuStudy.TrainedRun r : o.runs()) {
            for (LiuCurvePoint p : r.curve()) {
                table.row(r.run().label(), p.episode(), g6(p.epsilon()), g6(p.meanTmdl()), g6(p.meanAjdr()), g6(p.eval()),
                        Double.isNaN(p.loss()) ? "" : g6(p.loss()));
            }
        }
        for (LiuPairManagerPart.PairRun r : o.pairs()) { // its stages, on its validation workloads (training stream)
            for (io.execplace.liu.pairmanager.PairTrainer.Stage st : r.stages()) {
                table.row(r.pattern().label() + "-pairs", st.episodes(), "", g6(st.tmdl()), g6(st.ajdr()),
                        g6(LiuScores.eval(st.tmdl(), st.ajdr())), "");
            }
        }
        table.write(file);
    }

    private void writeEpisodes(Path file) throws IOException {
        CsvTable table = new CsvTable("workload", "test_episode", "rl_tmdl", "rl_ajdr", "sfe_tmdl", "sfe_ajdr");
        for (List<LiuStudy.Comparison> cs : List.of(o.table2(), o.table3())) {
            for (LiuStudy.Comparison c : cs.stream().filter(LiuReport::paperAgent).toList()) {
                for (int i = 0; i < c.rl().tmdl().length; i++) {
                    table.row(c.name(), i, String.format(Locale.ROOT, "%.0f", c.rl().tmdl()[i]), g6(c.rl().ajdr()[i]),
                            String.format(Locale.ROOT, "%.0f", c.baseline().tmdl()[i]), g6(c.baseline().ajdr()[i]));
                }
            }
        }
        table.write(file);
    }

    private void writeJson(Path file) throws IOException {
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = json.createObjectNode();
        root.set("settings", json.valueToTree(o.settings()));
        for (String t : List.of("table2", "table3")) {
            ArrayNode arr = root.putArray(t);
            for (LiuStudy.Comparison c : t.equals("table2") ? o.table2() : o.table3()) {
                ObjectNode n = arr.addObject();
                n.put("workload", c.name());
                n.put("agent", c.rl().manager());
                n.put("rlTmdl", c.rl().meanTmdl());
                n.put("rlAjdr", c.rl().meanAjdr());
                n.put("sfeTmdl", c.baseline().meanTmdl());
                n.put("sfeAjdr", c.baseline().meanAjdr());
                n.set("scores", json.valueToTree(c.scores()));
            }
        }
        AtomicFiles.write(file, json.writeValueAsBytes(root));
    }
}
