/**
 * Charts (PNG + SVG) and self-contained HTML reports for experiment results, and the one table model
 * ({@link io.execplace.experiments.report.ReportTable}) rendered as HTML there and as plain text on a
 * terminal ({@link io.execplace.experiments.report.PlainTextTable}); CSV files keep their unformatted
 * numbers and go through {@code core.io.CsvTable}, the one CSV writer.
 *
 * <p>Generic on purpose: nothing here knows about schedulers or pricing models, so the
 * {@code compare} and {@code reproduce} commands can both feed it. Every file is written
 * atomically (temporary file in the same directory, then an atomic rename), so a reader never
 * sees half a chart or half a report, and a failed write leaves the previous file untouched.
 * Chart rendering is headless.
 *
 * <pre>{@code
 * var spec = BarChartSpec.of("Total cost", "cost ($)", List.of("first-fit", "best-fit"),
 *         new BarChartSpec.Series("on-demand", new double[] {12.1, 9.8}, new double[] {0.4, 0.3}),
 *         new BarChartSpec.Series("spot", 5.2, 4.9));
 * ChartFiles cost = ChartWriter.write(spec, out.resolve("charts"), "cost");
 *
 * Path report = out.resolve("report.html");
 * HtmlReport.builder("Scheduler comparison")
 *         .intro("Six schedulers, three pricing models, five seeds.")
 *         .section("Cost", s -> s
 *                 .table(List.of("scheduler", "cost ($)"),
 *                        List.of(List.of("first-fit", Format.meanStd(12.1, 0.4))))
 *                 .figure(ReportFigure.of(cost, report, "Total cost per scheduler")))
 *         .build()
 *         .write(report);
 * }</pre>
 *
 * <p>May import {@code core.io}, {@code core.metrics}, {@code core.model}.
 */
package io.execplace.experiments.report;
