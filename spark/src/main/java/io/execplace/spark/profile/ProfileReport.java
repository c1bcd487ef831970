package io.execplace.spark.profile;

import io.execplace.core.io.AtomicFiles;
import io.execplace.core.io.CsvTable;
import io.execplace.core.model.JobType;
import io.execplace.core.model.PlacementPreference;
import io.execplace.core.profile.MeasuredProfile;
import io.execplace.core.profile.Measurement;
import io.execplace.core.profile.PlacementFactor;
import io.execplace.core.profile.ProfileCell;
import io.execplace.core.profile.Provenance;
import io.execplace.experiments.report.BarChartSpec;
import io.execplace.experiments.report.ChartWriter;
import io.execplace.experiments.report.HtmlReport;
import io.execplace.experiments.report.ReportFigure;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The output of {@code execplace profile} besides the profile file: {@code runs.csv} (every measured
 * run) and {@code report.html} with the measured distributions (mean ± standard deviation per cell,
 * one chart per job type; min and max in the table).
 */
final class ProfileReport {

    static final String SINGLE_MACHINE_NOTE = "All Workers of a local-cluster master run on this one machine: "
            + "executors on different Workers still share its memory bus, disks and loopback network, so a spread-out "
            + "layout pays no network cost and a consolidated one gains no locality. The placement penalties the papers "
            + "measured (network-bound PageRank slower when spread, CPU- and memory-bound jobs slower when consolidated) "
            + "need executors on separate nodes: run execplace profile against a spark:// or k8s:// master for those. "
            + "A factor below 1 is recorded as measured (ratio) and used as 1: the simulator's penalty never shortens a job.";

    private ProfileReport() {
    }

    static void writeRuns(List<Profiler.RunRecord> runs, Path file) throws IOException {
        CsvTable table = new CsvTable("type", "input_mb", "executors", "layout", "run", "seconds", "stages", "shuffle_bytes");
        int index = 0;
        ProfileCell last = null;
        for (Profiler.RunRecord r : runs) {
            index = r.cell().equals(last) ? index + 1 : 1;
            last = r.cell();
            table.row(r.cell().type().label(), r.cell().inputMb(), r.cell().executors(),
                    MeasuredProfile.layoutLabel(r.cell().layout()), index, Double.toString(r.run().seconds()),
                    r.run().stages(), r.run().shuffleBytes());
        }
        table.write(file);
    }

    static void write(Profiler.Result result, Path dir, String profileFile, double elapsedSeconds) throws IOException {
        MeasuredProfile p = result.profile();
        Path index = dir.resolve("report.html");
        Path charts = dir.resolve("charts");
        List<ReportFigure> figures = new ArrayList<>();
        for (JobType t : MeasuredProfile.TYPES) {
            List<Measurement> rows = p.measurements().stream().filter(m -> m.cell().type() == t).toList();
            if (rows.isEmpty()) {
                continue;
            }
            Set<String> categories = new LinkedHashSet<>();
            rows.forEach(m -> categories.add(category(m.cell())));
            List<String> cats = List.copyOf(categories);
            double[][] mean = new double[2][cats.size()];
            double[][] sd = new double[2][cats.size()];
            for (double[] a : mean) {
                Arrays.fill(a, Double.NaN);
            }
            for (double[] a : sd) {
                Arrays.fill(a, Double.NaN);
            }
            for (Measurement m : rows) {
                int layout = m.cell().layout() == PlacementPreference.SPREAD ? 0 : 1;
                int c = cats.indexOf(category(m.cell()));
                mean[layout][c] = m.durations().meanSeconds();
                sd[layout][c] = m.durations().sdSeconds();
            }
            BarChartSpec chart = BarChartSpec.of(t.label() + " (prefers " + MeasuredProfile.layoutLabel(t.preference()) + ")",
                    "job duration (s)", cats, new BarChartSpec.Series("spread", mean[0], sd[0]),
                    new BarChartSpec.Series("consolidated", mean[1], sd[1]));
            figures.add(ReportFigure.of(ChartWriter.write(chart, charts, t.label()), index,
                    t.label() + ": mean job duration per input size and executor count, error bars one standard deviation "
                            + "over " + p.provenance().repetitions() + " runs"));
        }
        Provenance pv = p.provenance();
        List<List<String>> cellRows = new ArrayList<>();
        for (Measurement m : p.measurements()) {
            ProfileCell c = m.cell();
            cellRows.add(List.of(c.type().label(), Integer.toString(c.inputMb()), Integer.toString(c.executors()),
                    MeasuredProfile.layoutLabel(c.layout()), Integer.toString(m.durations().runs()),
                    f3(m.durations().meanSeconds()), f3(m.durations().sdSeconds()), f3(m.durations().minSeconds()),
                    f3(m.durations().maxSeconds()), Integer.toString(m.stages()),
                    String.format(Locale.ROOT, "%.2f", m.shuffleBytes() / 1e6)));
        }
        List<List<String>> factorRows = new ArrayList<>();
        for (JobType t : MeasuredProfile.TYPES) {
            PlacementFactor f = p.factors().get(t);
            factorRows.add(List.of(t.label(), MeasuredProfile.layoutLabel(t.preference()),
                    Double.isNaN(f.measuredRatio()) ? "not measured" : f3(f.measuredRatio()), f3(f.factor())));
        }
        HtmlReport.builder("execplace profile: " + pv.master())
                .headline("Placement factors used by the simulator: " + String.join(", ", factorRows.stream()
                        .map(r -> r.get(0) + " " + r.get(3)).toList()) + " (the papers: 1.3 each).")
                .intro("Measured on " + pv.machine() + " with Spark " + pv.sparkVersion() + ", master " + pv.master()
                        + ", " + pv.repetitions() + " runs per cell after one unmeasured warm-up run per type and Spark "
                        + "context; inputs generated from seed " + pv.seed() + ". " + result.runs().size()
                        + " measured runs in " + String.format(Locale.ROOT, "%.0f", elapsedSeconds) + " s. Durations "
                        + "are Spark's job start-to-end times from a SparkListener. Profile file: " + profileFile
                        + "; every run: runs.csv.")
                .section("Placement factors", s -> s.paragraph("The ratio is the geometric mean, over the input sizes and "
                        + "executor counts (2 or more) measured in both layouts, of the mean duration in the layout the "
                        + "type does not prefer over the mean in the layout it prefers; the factor is the ratio, at least 1.")
                        .table(List.of("type", "prefers", "measured ratio", "factor"), factorRows)
                        .paragraph(SINGLE_MACHINE_NOTE))
                .section("Layouts and load", s -> result.notes().forEach(s::paragraph))
                .section("Measured distributions", s -> {
                    figures.forEach(s::figure);
                    s.table(List.of("type", "input MB", "executors", "layout", "runs", "mean s", "sd s", "min s", "max s",
                            "stages", "shuffle MB"), cellRows);
                })
                .build().write(index);
    }

    private static String category(ProfileCell c) {
        return c.inputMb() + " MB x" + c.executors();
    }

    private static String f3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
