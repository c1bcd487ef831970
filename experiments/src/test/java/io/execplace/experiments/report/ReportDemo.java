package io.execplace.experiments.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Writes example charts and a report for eyeballing the styling (not a test):
 * {@code java -cp … io.execplace.experiments.report.ReportDemo /tmp/report-demo}.
 * The numbers are made up.
 */
public final class ReportDemo {

    static final List<String> SCHEDULERS =
            List.of("first-fit", "best-fit-decreasing", "round-robin", "spread-out", "consolidate", "cp-sat-exact");

    private ReportDemo() {
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args.length > 0 ? args[0] : "/tmp/report-demo");
        Random rnd = new Random(42);

        String[] pricing = {"on-demand", "spot", "reserved"};
        double[] level = {1450, 610, 920};
        var bars = new ArrayList<BarChartSpec.Series>();
        for (int p = 0; p < pricing.length; p++) {
            double[] v = new double[SCHEDULERS.size()];
            double[] e = new double[v.length];
            for (int s = 0; s < v.length; s++) {
                v[s] = level[p] * (0.7 + 0.6 * rnd.nextDouble());
                e[s] = v[s] * 0.08 * rnd.nextDouble();
            }
            bars.add(new BarChartSpec.Series(pricing[p], v, e));
        }
        var bar = new BarChartSpec("Total cost by scheduler and pricing model", "total cost ($)", SCHEDULERS, bars);
        ChartFiles barFiles = ChartWriter.write(bar, out, "cost-by-pricing");

        var lines = new ArrayList<LineChartSpec.Series>();
        for (int s = 0; s < SCHEDULERS.size(); s++) {
            int n = 60;
            double[] x = new double[n];
            double[] y = new double[n];
            double t = 0;
            double c = 0;
            for (int i = 0; i < n; i++) {
                t += 300 + 600 * rnd.nextDouble();
                c += (8 + 4 * s) * rnd.nextDouble();
                x[i] = t;
                y[i] = c;
            }
            lines.add(new LineChartSpec.Series(SCHEDULERS.get(s), x, y));
        }
        var line = new LineChartSpec("Cumulative cost over time", "simulated time (s)", "cumulative cost ($)", lines, true);
        ChartFiles lineFiles = ChartWriter.write(line, out, "cumulative-cost");

        var single = BarChartSpec.of("Mean scheduling delay", "delay per decision (ms)", SCHEDULERS,
                new BarChartSpec.Series("delay", new double[] {0.012, 0.02, 0.009, 0.015, Double.NaN, 42.5},
                        new double[] {0.002, 0.004, 0.001, 0.003, Double.NaN, 9.1}));
        ChartFiles singleFiles = ChartWriter.write(single, out, "delay");

        Path report = out.resolve("report.html");
        var rows = new ArrayList<List<String>>();
        for (int s = 0; s < SCHEDULERS.size(); s++) {
            rows.add(List.of(SCHEDULERS.get(s), Format.meanStd(bars.get(0).values()[s], bars.get(0).errors()[s]),
                    Format.meanStd(bars.get(1).values()[s], bars.get(1).errors()[s]),
                    Format.percent(80 + 20 * rnd.nextDouble()), Format.millis(single.series().get(0).values()[s])));
        }
        HtmlReport.builder("execplace demo report")
                .intro("Made-up numbers to check the look of charts and tables. Six schedulers, three pricing models, five seeds.")
                .section("Cost", s -> s
                        .paragraph("Mean total cost over five seeds; error bars show one standard deviation.")
                        .table(new ReportTable("Mean ± std over 5 seeds",
                                List.of("scheduler", "on-demand ($)", "spot ($)", "deadlines met", "delay"), rows))
                        .figure(ReportFigure.of(barFiles, report, "Total cost by scheduler and pricing model"))
                        .figure(ReportFigure.of(lineFiles, report, "Cumulative cost over time (seed 1)")))
                .section("Scheduling delay", s -> s
                        .figure(ReportFigure.of(singleFiles, report, "Wall time per placement decision")))
                .build()
                .write(report);
    }
}
