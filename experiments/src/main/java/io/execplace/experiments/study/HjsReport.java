package io.execplace.experiments.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.execplace.core.io.AtomicFiles;
import io.execplace.core.io.CsvTable;
import io.execplace.experiments.heldout.HeldOutEvaluation.Interval;
import io.execplace.experiments.report.BarChartSpec;
import io.execplace.experiments.report.ChartFiles;
import io.execplace.experiments.report.ChartWriter;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.report.HtmlReport;
import io.execplace.experiments.report.LineChartSpec;
import io.execplace.experiments.report.ReportFigure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.ToDoubleFunction;

/** Writes the HJS study's files: results CSV/JSON, training times, charts and the HTML report. */
final class HjsReport {

    /** The paper's claim: HJS's average Target above FIFO+RR, EDF and DQN, in %. */
    static final Map<String, Double> PAPER_GAINS = Map.of("FIFO+RR", 16.0, "EDF", 8.0, "DQN", 14.0);

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    static final String TRAINING = "training";
    static final String HELD_OUT = "held-out";

    private final HjsStudySettings settings;
    private final List<HjsStudy.Entry> entries;
    private final List<HjsStudy.Trained> trained;
    private final List<HjsStudy.Cell> cells;

    HjsReport(HjsStudySettings settings, List<HjsStudy.Entry> entries, List<HjsStudy.Trained> trained,
              List<HjsStudy.Cell> cells) {
        this.settings = settings;
        this.entries = entries;
        this.trained = trained;
        this.cells = cells;
    }

    /** An interval as the tables show it: the mean, and ± its half-width when there is one. */
    static String text(Interval iv) {
        return Double.isNaN(iv.halfWidth()) ? Format.sig(iv.mean(), 4)
                : Format.sig(iv.mean(), 4) + " ± " + Format.sig(iv.halfWidth(), 2);
    }

    /** The interval of a metric over the cells of one figure, job set, scheduler and split. */
    Interval interval(String figure, String set, String scheduler, String split, ToDoubleFunction<HjsStudy.Cell> metric) {
        List<Double> v = new ArrayList<>();
        for (HjsStudy.Cell c : cells) {
            if (c.figure().equals(figure) && c.jobSet().equals(set) && c.scheduler().equals(scheduler)
                    && c.split().equals(split)) {
                double x = metric.applyAsDouble(c);
                if (!Double.isNaN(x)) {
                    v.add(x);
                }
            }
        }
        return Interval.of(v.stream().mapToDouble(Double::doubleValue).toArray());
    }

    static double target(HjsStudy.Cell c) {
        return c.target() == null ? Double.NaN : c.target().target();
    }

    static double success(HjsStudy.Cell c) {
        return c.target() == null ? Double.NaN : 100 * c.target().deadlineSuccess();
    }

    /** Mean over job sets of each scheduler's mean Target on {@code split}. */
    Map<String, Double> averageTargets(String split) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (HjsStudy.Entry e : entries) {
            double sum = 0;
            for (String set : settings.jobSets()) {
                sum += interval("fig2", set, e.label(), split, HjsReport::target).mean();
            }
            out.put(e.label(), sum / settings.jobSets().size());
        }
        return out;
    }

    Path write(Path dir) throws IOException {
        writeResults(dir);
        writeTraining(dir.resolve("training.csv"));
        Path charts = dir.resolve("charts");
        Files.createDirectories(charts);
        Path index = dir.resolve("index.html");
        List<String> labels = entries.stream().map(HjsStudy.Entry::label).toList();
        HtmlReport.Builder report = HtmlReport.builder("execplace reproduce hjs: hybrid deadline and regular jobs")
                .intro("Reproduces §5 of Chen and Wang, 'Scheduling Hybrid Spark Jobs Based on Deep Reinforcement "
                        + "Learning': the six job sets J-x-n (n jobs of the TPDS types WordCount, Sort, PageRank, x % "
                        + "with a deadline) on the c5 cluster (4 x c5.xlarge, 4 x c5.2xlarge, 4 x c5.4xlarge). Arrivals "
                        + "and deadlines are ours (the paper gives none; docs/hjs.md): exponential gaps of mean 20 s, "
                        + "deadline = arrival + r x (1 + U[0,2)).")
                .intro("Target = 100 x ((C_max - C)/C_max + D_in/D_num) (Eq. 5; C_max as TPDS's Cost_max: every job at "
                        + "its longest duration with every VM billed), so 100 of the 200 points are deadline success. "
                        + "Agents are trained per job set on its training workloads (seeds 1.." + settings.trainWorkloads()
                        + "); every scheduler also runs on " + settings.heldOutWorkloads()
                        + " held-out workloads (seeds " + HjsStudy.HELD_OUT_FIRST_SEED + "..); ± is the 95 % t-interval "
                        + "of the mean over them. Numbers on the training workloads are labelled so.")
                .intro("HJS = hjs-weight queue (λ " + TpdsStudy.betaText(settings.lambda()) + ") + the HJS agent "
                        + "(REINFORCE with baseline, " + settings.hjsIterations() + " iterations of 10 episodes); DQN = "
                        + "FCFS + the TPDS DQN agent (β 0.5, " + settings.dqnIterations() + " iterations); FIFO+RR = "
                        + "FCFS + round-robin (Spark's default); EDF = EDF + round-robin.");
        headline(report);
        fig2(report, charts, index, labels);
        fig1(report, charts, index);
        trainingTimes(report);
        report.build().write(index);
        return index;
    }

    private static final List<String> HEADLINE_HEADER =
            List.of("workloads", "scheduler", "average Target", "HJS above it by", "paper");

    private void headline(HtmlReport.Builder report) {
        report.section("Average Target over the job sets", s -> s
                .paragraph("Mean over the six job sets of each scheduler's mean Target, and how much higher HJS's is. "
                        + "The paper reports HJS 16 % above FIFO+RR, 8 % above EDF and 14 % above DQN.")
                .table(HEADLINE_HEADER, headlineRows()));
    }

    private List<List<String>> headlineRows() {
        List<List<String>> rows = new ArrayList<>();
        for (String split : List.of(HELD_OUT, TRAINING)) {
            Map<String, Double> avg = averageTargets(split);
            double hjs = avg.get("HJS");
            for (Map.Entry<String, Double> e : avg.entrySet()) {
                double gain = 100 * (hjs / e.getValue() - 1);
                Double paper = PAPER_GAINS.get(e.getKey());
                rows.add(List.of(split, e.getKey(), Format.sig(e.getValue(), 4),
                        e.getKey().equals("HJS") ? Format.MISSING : Format.sig(gain, 3) + " %",
                        paper == null ? Format.MISSING : "+" + Format.sig(paper, 2) + " %"));
            }
        }
        return rows;
    }

    /** The report's headline table on screen, after one sentence on the held-out workloads. */
    StudyOutcome outcome(Path index) {
        Map<String, Double> avg = averageTargets(HELD_OUT);
        double hjs = avg.get("HJS");
        StringBuilder h = new StringBuilder("On " + settings.heldOutWorkloads() + " held-out workloads per job set, HJS's "
                + "average Target is " + Format.sig(hjs, 4) + " of 200");
        String sep = ": ";
        for (Map.Entry<String, Double> e : avg.entrySet()) {
            if (!e.getKey().equals("HJS")) {
                double gain = 100 * (hjs / e.getValue() - 1);
                h.append(sep).append(Format.sig(Math.abs(gain), 3)).append(gain < 0 ? " % below " : " % above ").append(e.getKey());
                sep = ", ";
            }
        }
        h.append(" (the paper: +16 % over FIFO+RR, +8 % over EDF, +14 % over DQN).");
        return StudyOutcome.of(index, h.toString()).table("Average Target over the job sets (higher is better; "
                + "per job set: the report)", HEADLINE_HEADER, headlineRows());
    }

    private void fig2(HtmlReport.Builder report, Path charts, Path index, List<String> labels) throws IOException {
        for (String split : List.of(HELD_OUT, TRAINING)) {
            List<BarChartSpec.Series> series = new ArrayList<>();
            for (HjsStudy.Entry e : entries) {
                double[] mean = new double[settings.jobSets().size()];
                double[] err = new double[mean.length];
                for (int i = 0; i < mean.length; i++) {
                    Interval iv = interval("fig2", settings.jobSets().get(i), e.label(), split, HjsReport::target);
                    mean[i] = iv.mean();
                    err[i] = Double.isNaN(iv.halfWidth()) ? 0 : iv.halfWidth();
                }
                series.add(new BarChartSpec.Series(e.label(), mean, err));
            }
            List<List<String>> rows = perJobSet((set, e) -> {
                Interval iv = interval("fig2", set, e.label(), split, HjsReport::target);
                // A handful of training workloads: their mean, not an interval.
                return split.equals(TRAINING) ? Format.sig(iv.mean(), 4) : text(iv);
            });
            List<List<String>> successRows = perJobSet((set, e) -> {
                Interval t = interval("fig2", set, e.label(), split, HjsReport::success);
                Interval c = interval("fig2", set, e.label(), split, x -> x.summary().totalCost());
                return Format.sig(t.mean(), 3) + " % / $" + Format.sig(c.mean(), 3);
            });
            List<String> header = new ArrayList<>();
            header.add("job set");
            header.addAll(labels);
            ChartFiles f = ChartWriter.write(BarChartSpec.of("Target per job set (" + split + " workloads)", "Target",
                    settings.jobSets(), series.toArray(new BarChartSpec.Series[0])), charts, "fig2-target-" + split);
            String note = split.equals(TRAINING) ? " These are the workloads the agents were trained on." : "";
            report.section("Fig. 2: Target, " + split + " workloads", s -> s
                    .paragraph("Mean Target per job set and scheduler" + (split.equals(HELD_OUT) ? " ± 95 % interval" : "")
                            + "." + note)
                    .table(header, rows)
                    .paragraph("Deadline success D_in/D_num and total cost behind those Targets (means).")
                    .table(header, successRows)
                    .figure(ReportFigure.of(f, index, "Target per job set, " + split + " workloads")));
        }
    }

    /** A row per job set: its name, then a cell per scheduler entry. */
    private List<List<String>> perJobSet(BiFunction<String, HjsStudy.Entry, String> cell) {
        List<List<String>> rows = new ArrayList<>();
        for (String set : settings.jobSets()) {
            List<String> row = new ArrayList<>();
            row.add(set);
            for (HjsStudy.Entry e : entries) {
                row.add(cell.apply(set, e));
            }
            rows.add(row);
        }
        return rows;
    }

    private void fig1(HtmlReport.Builder report, Path charts, Path index) throws IOException {
        double[] x = settings.lambdas().stream().mapToDouble(Double::doubleValue).toArray();
        List<LineChartSpec.Series> targets = new ArrayList<>();
        List<LineChartSpec.Series> successes = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        for (String set : settings.jobSets()) {
            double[] t = new double[x.length];
            double[] d = new double[x.length];
            List<String> row = new ArrayList<>();
            row.add(set);
            for (int i = 0; i < x.length; i++) {
                String label = "HJS λ=" + TpdsStudy.betaText(x[i]);
                Interval ti = interval("fig1", set, label, HELD_OUT, HjsReport::target);
                Interval di = interval("fig1", set, label, HELD_OUT, HjsReport::success);
                t[i] = ti.mean();
                d[i] = di.mean();
                row.add(text(ti) + " (" + Format.sig(di.mean(), 3) + " %)");
            }
            targets.add(new LineChartSpec.Series(set, x, t));
            successes.add(new LineChartSpec.Series(set, x, d));
            rows.add(row);
        }
        List<String> header = new ArrayList<>();
        header.add("job set");
        for (double l : x) {
            header.add("λ = " + TpdsStudy.betaText(l));
        }
        ChartFiles ft = ChartWriter.write(LineChartSpec.of("Target vs λ (held-out workloads)", "λ", "Target",
                targets.toArray(new LineChartSpec.Series[0])), charts, "fig1-target");
        ChartFiles fd = ChartWriter.write(LineChartSpec.of("Deadline success vs λ (held-out workloads)", "λ",
                "D_in / D_num, %", successes.toArray(new LineChartSpec.Series[0])), charts, "fig1-deadline-success");
        report.section("Fig. 1: influence of λ", s -> s
                .paragraph("HJS (its agent, queue hjs-weight:λ) on the held-out workloads: mean Target ± 95 % interval "
                        + "and, in brackets, deadline success. The paper: a larger λ favours deadline jobs and meets more "
                        + "deadlines; λ matters most for the 100-job sets.")
                .table(header, rows)
                .figure(ReportFigure.of(ft, index, "Target against λ per job set"))
                .figure(ReportFigure.of(fd, index, "Deadline success against λ per job set")));
    }

    private void trainingTimes(HtmlReport.Builder report) {
        List<List<String>> rows = new ArrayList<>();
        double total = 0;
        for (HjsStudy.Trained t : trained) {
            rows.add(List.of(t.jobSet(), t.kind().name(), HjsStudy.algorithm(t.kind()).label(),
                    Integer.toString(t.iterations()), Format.sig(t.seconds(), 3)));
            total += t.seconds();
        }
        String sum = Format.sig(total, 3);
        report.section("Training time", s -> s
                .paragraph("Wall-clock seconds per training (single-threaded each; trainings run in parallel on the "
                        + "study's threads, so on a shared machine they include waiting for a core). Sum: " + sum + " s.")
                .table(List.of("job set", "agent", "algorithm", "iterations", "seconds"), rows));
    }

    private static final List<String> COLUMNS = List.of("figure", "jobSet", "scheduler", "queue", "split", "seed",
            "target", "deadlineSuccess", "deadlineJobs", "deadlinesMet", "totalCost", "costMax", "meanTurnaround",
            "jobsDropped");

    private void writeResults(Path dir) throws IOException {
        List<Map<String, Object>> records = new ArrayList<>();
        for (HjsStudy.Cell c : cells) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("figure", c.figure());
            m.put("jobSet", c.jobSet());
            m.put("scheduler", c.scheduler());
            m.put("queue", c.queue());
            m.put("split", c.split());
            m.put("seed", c.seed());
            m.put("target", c.target() == null ? null : c.target().target());
            m.put("deadlineSuccess", c.target() == null ? null : c.target().deadlineSuccess());
            m.put("deadlineJobs", c.target() == null ? null : c.target().deadlineJobs());
            m.put("deadlinesMet", c.target() == null ? null : c.target().deadlinesMet());
            m.put("totalCost", c.summary().totalCost());
            m.put("costMax", c.target() == null ? null : c.target().maxCost());
            m.put("meanTurnaround", Double.isNaN(c.summary().meanTurnaround()) ? null : c.summary().meanTurnaround());
            m.put("jobsDropped", c.summary().jobsDropped());
            records.add(m);
        }
        CsvTable table = new CsvTable(COLUMNS);
        records.forEach(table::record);
        table.write(dir.resolve("results.csv"));
        AtomicFiles.write(dir.resolve("results.json"), JSON.writeValueAsBytes(records));
    }

    private void writeTraining(Path file) throws IOException {
        CsvTable table = new CsvTable("jobSet", "agent", "algorithm", "iterations", "seconds", "folder");
        for (HjsStudy.Trained t : trained) {
            table.row(t.jobSet(), t.kind().name(), HjsStudy.algorithm(t.kind()).label(), t.iterations(), t.seconds(),
                    t.folder());
        }
        table.write(file);
    }
}
