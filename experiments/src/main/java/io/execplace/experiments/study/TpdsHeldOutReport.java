package io.execplace.experiments.study;

import io.execplace.core.io.AtomicFiles;
import io.execplace.experiments.heldout.HeldOutCsv;
import io.execplace.experiments.heldout.HeldOutEvaluation;
import io.execplace.experiments.report.BarChartSpec;
import io.execplace.experiments.report.ChartFiles;
import io.execplace.experiments.report.ChartWriter;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.report.HtmlReport;
import io.execplace.experiments.report.ReportFigure;
import io.execplace.experiments.results.JsonNumbers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The held-out part of the TPDS study's report: its headline table, one section per workload, and
 * {@code heldout.csv} / {@code heldout.json} (nothing when the study had no held-out evaluation).
 */
final class TpdsHeldOutReport {

    private final TpdsStudySettings settings;
    private final List<TpdsStudy.AgentResult> results;
    private final Map<String, TpdsHeldOut> heldOut;

    TpdsHeldOutReport(TpdsStudySettings settings, List<TpdsStudy.AgentResult> results, Map<String, TpdsHeldOut> heldOut) {
        this.settings = settings;
        this.results = results;
        this.heldOut = heldOut;
    }

    void headline(HtmlReport.Builder report) {
        if (heldOut.isEmpty()) {
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        for (String w : TpdsStudy.WORKLOADS) {
            TpdsHeldOut h = heldOut.get(w);
            if (h == null) {
                continue;
            }
            HeldOutEvaluation.Row best = null;
            for (TpdsStudy.AgentResult r : TpdsReport.of(results, w)) {
                HeldOutEvaluation.Row row = h.heldOut(r.run().label());
                if (row != null && (best == null || row.vsBestHeuristic().mean() < best.vsBestHeuristic().mean())) {
                    best = row;
                }
            }
            // Without milp in the registry its row is null: skip it (List.of would refuse the null).
            for (HeldOutEvaluation.Row row : java.util.Arrays.asList(best, h.heldOut("milp"))) {
                if (row == null) {
                    continue;
                }
                HeldOutEvaluation.Row train = h.training(row.scheduler());
                rows.add(List.of(w, row.scheduler(), ratio(train.vsBestHeuristic()), ratio(train.vsMilp()),
                        interval(row.vsBestHeuristic()), wins(row.winsVsHeuristic(), row.vsBestHeuristic()),
                        interval(row.vsMilp()), wins(row.winsVsMilp(), row.vsMilp()), interval(row.turnaroundVsMilp())));
            }
        }
        report.section("Headline on held-out workloads", s -> s
                .paragraph("The agents above were trained and measured on one workload; here each is judged on "
                        + settings.heldOut() + " held-out workloads it has never seen (other seeds, other SWIM arrival "
                        + "windows). Cost divided by the cheapest heuristic of each workload (round-robin, "
                        + "round-robin-consolidate, first-fit, aep, gio) and by milp's, mean ± 95 % interval; wins = "
                        + "workloads where it is strictly cheaper. Best agent = the least mean cost / best heuristic "
                        + "on held-out workloads.")
                .table(List.of("workload", "scheduler", "training: / best heuristic", "training: / milp",
                        "held-out: / best heuristic", "wins", "held-out: / milp", "wins", "held-out: turnaround / milp"),
                        rows));
    }

    void section(HtmlReport.Builder report, Path charts, Path index, String w) throws IOException {
        TpdsHeldOut h = heldOut.get(w);
        if (h == null) {
            return;
        }
        List<String> names = h.heldOut().stream().map(HeldOutEvaluation.Row::scheduler).toList();
        double[] train = h.training().stream().mapToDouble(r -> r.vsBestHeuristic().mean()).toArray();
        double[] held = h.heldOut().stream().mapToDouble(r -> r.vsBestHeuristic().mean()).toArray();
        double[] heldErr = h.heldOut().stream().mapToDouble(r -> r.vsBestHeuristic().halfWidth()).toArray();
        ChartFiles chart = ChartWriter.write(BarChartSpec.of("Cost / best heuristic, training and held-out, " + w,
                "cost / cheapest heuristic of the workload", names, new BarChartSpec.Series("training", train),
                new BarChartSpec.Series("held-out (95 % interval)", held, heldErr)), charts, "heldout-" + w);
        List<List<String>> rows = new ArrayList<>();
        for (HeldOutEvaluation.Row r : h.heldOut()) {
            HeldOutEvaluation.Row t = h.training(r.scheduler());
            rows.add(List.of(r.scheduler(), Format.cost(t.cost().mean()), interval(r.cost()), interval(r.turnaround()),
                    interval(r.vsBestHeuristic()), wins(r.winsVsHeuristic(), r.vsBestHeuristic()), interval(r.vsMilp()),
                    wins(r.winsVsMilp(), r.vsMilp()), interval(r.turnaroundVsMilp())));
        }
        report.section("Training and held-out workloads, " + w, s -> s
                .paragraph("Training: the workload of seed " + settings.seed() + " every agent was trained on. Held-out: "
                        + h.split().heldOut().size() + " workloads of seeds " + h.split().heldOut().get(0).seed() + "..."
                        + h.split().heldOut().get(h.split().heldOut().size() - 1).seed() + ", each on another SWIM "
                        + "arrival window sharing no job with the training window. Mean ± 95 % Student-t interval over "
                        + "the workloads; ratios are per workload.")
                .table(List.of("scheduler", "training cost", "held-out cost", "held-out turnaround s",
                        "/ best heuristic", "wins vs heuristics", "/ milp", "wins vs milp", "turnaround / milp"), rows)
                .figure(ReportFigure.of(chart, index, "Cost relative to the cheapest heuristic of each workload, "
                        + "training and held-out, " + w)));
    }

    private static String interval(HeldOutEvaluation.Interval i) {
        if (Double.isNaN(i.mean())) {
            return "–";
        }
        return Format.sig(i.mean(), 4) + (Double.isNaN(i.halfWidth()) ? "" : " ± " + Format.sig(i.halfWidth(), 2));
    }

    private static String ratio(HeldOutEvaluation.Interval i) {
        return Double.isNaN(i.mean()) ? "–" : Format.sig(i.mean(), 4);
    }

    private static String wins(int wins, HeldOutEvaluation.Interval ratio) {
        return Double.isNaN(ratio.mean()) ? "–" : wins + "/" + ratio.n();
    }

    void writeCsv(Path file) throws IOException {
        if (heldOut.isEmpty()) {
            return;
        }
        HeldOutCsv table = new HeldOutCsv();
        for (String wl : TpdsStudy.WORKLOADS) {
            TpdsHeldOut h = heldOut.get(wl);
            if (h == null) {
                continue;
            }
            for (String part : List.of("training", "held-out")) {
                for (HeldOutEvaluation.Row r : part.equals("training") ? h.training() : h.heldOut()) {
                    table.add(wl, part, r, isAgent(wl, r.scheduler()) ? "agent" : "heuristic");
                }
            }
        }
        table.write(file);
    }

    private boolean isAgent(String workload, String scheduler) {
        return TpdsReport.of(results, workload).stream().anyMatch(r -> r.run().label().equals(scheduler));
    }

    void writeJson(Path file) throws IOException {
        if (heldOut.isEmpty()) {
            return;
        }
        Map<String, TpdsHeldOut> ordered = new LinkedHashMap<>();
        for (String w : TpdsStudy.WORKLOADS) {
            if (heldOut.containsKey(w)) {
                ordered.put(w, heldOut.get(w));
            }
        }
        String text = JsonNumbers.mapper().writeValueAsString(ordered);
        AtomicFiles.write(file, w -> w.write(text + "\n"));
    }
}
