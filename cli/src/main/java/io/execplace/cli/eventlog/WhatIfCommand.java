package io.execplace.cli.eventlog;

import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.ContextCommand;
import io.execplace.cli.command.Options;
import io.execplace.cli.command.OutputOptions;
import io.execplace.cli.output.Progress;
import io.execplace.cli.output.TextTable;
import io.execplace.cli.output.Version;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.execplace.core.config.ClusterFile;
import io.execplace.core.io.AtomicFiles;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.CsvTable;
import io.execplace.core.io.OutputPaths;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.metrics.ScheduleTrace;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.DriverPod;
import io.execplace.core.model.PricingModel;
import io.execplace.core.rules.Billing;
import io.execplace.eventlogs.EventLogImport;
import io.execplace.experiments.report.BarChartSpec;
import io.execplace.experiments.report.ChartFiles;
import io.execplace.experiments.report.ChartWriter;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.report.HtmlReport;
import io.execplace.experiments.report.ReportFigure;
import io.execplace.experiments.whatif.WhatIf;
import io.execplace.experiments.whatif.WhatIfFindings;
import io.execplace.experiments.whatif.WhatIfRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code execplace whatif}: what the applications of Spark event logs would have cost under each scheduler. */
@Command(name = "whatif", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"What Spark event logs would have cost under each scheduler, against what happened.",
                "Replays the applications' executors as they came and went on a priced cluster, under the placement that",
                "actually happened (executors on the VMs their logged hosts stand for) and under each scheduler; cost,",
                "durations and the saving of each scheduler against what happened (docs/eventlogs.md)."})
public final class WhatIfCommand extends ContextCommand {

    public WhatIfCommand(CommandContext context) {
        super(context);
    }

    @Option(names = "--eventlogs", paramLabel = "PATH", split = ",", required = true,
            description = "Event log files, rolling-log folders or folders of logs (comma-separated or repeated).")
    List<Path> eventLogs;

    @Option(names = "--cluster", paramLabel = "PRESET|FILE", required = true,
            description = "The priced cluster the logs' hosts are VMs of: a preset or a cluster YAML file.")
    String cluster;

    @Option(names = "--hosts", paramLabel = "FILE",
            description = "Host table, 'host,vm' lines (vm: a VM id of the cluster). Default: hosts in order of first "
                    + "appearance in the logs take VMs 0, 1, 2, ...")
    Path hosts;

    @Option(names = "--pods", paramLabel = "FILE",
            description = "Kubernetes logs: which node each Spark pod ran on, a placement log (JSON lines: pod, node, app, "
                    + "executor, bound, ended) or a saved 'kubectl get pods -o json'. Without it 'actual' takes every "
                    + "executor pod as a node of its own.")
    Path pods;

    @Option(names = "--schedulers", paramLabel = "a,b", split = ",",
            description = "Schedulers to compare with what happened (default: first-fit, round-robin, "
                    + "round-robin-consolidate, gio).")
    List<String> schedulers;

    @Option(names = "--pools", paramLabel = "PRESET|FILE", split = ",",
            description = "Also replay the applications on elastic node pools (elastic-ondemand, elastic-spot or a cluster "
                    + "file with nodePools; comma-separated or repeated): today's stack (kube-default, kube-most) and "
                    + "finish-together buy and remove nodes, billed by the pools (docs/elastic.md).")
    List<String> pools;

    @Option(names = "--drivers", description = "Every --pools cluster runs a driver pod per application (Spark's defaults, "
            + "1 core and 1g + 384 MiB; as the +drivers preset suffix, --pools elastic-spot+drivers): there each application "
            + "is replayed whole, one driver and its executors coming and going as logged (dynamic allocation), and a "
            + "driver's node taken back restarts it (docs/elastic.md, \"Driver pods\").")
    boolean drivers;

    @Option(names = "--billing", paramLabel = "exact|per-second|hourly", description = "Billing of VM busy time (default exact).")
    String billing;

    @Option(names = "--penalties", description = "Apply the papers' placement penalties (1.3 x for a layout against the "
            + "job type, for spanning local and cloud); default off: every application keeps its logged duration.")
    boolean penalties;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write DIR/whatif.csv, DIR/whatif.json, the HTML report "
            + "DIR/index.html and each row's schedule trace, DIR/traces/SCHEDULER.jsonl (the format of simulate --trace-out).")
    Path out;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() throws Exception {
        Cluster c = Options.checked("--cluster", () -> ClusterFile.resolve(cluster, PricingModel.MODEL_1));
        Billing bill = billing == null ? null : Options.checked("--billing", () -> Billing.parse(billing));
        List<String> names = schedulers == null ? WhatIfRequest.DEFAULT_SCHEDULERS : schedulers;
        for (String n : names) {
            Options.checked("--schedulers", () -> context.schedulers().check(n));
        }
        if (out != null) {
            OutputPaths.checkFolder("--out", out);
        }
        List<Cluster> poolClusters = new ArrayList<>();
        for (String name : pools == null ? List.<String>of() : pools) {
            Cluster e = Options.checked("--pools", () -> ClusterFile.resolve(name.trim(), PricingModel.MODEL_1));
            if (!e.isElastic()) {
                throw BadInputException.option("--pools", "'" + name + "' is a fixed cluster; give elastic-ondemand, "
                        + "elastic-spot or a cluster file with nodePools");
            }
            poolClusters.add(drivers && e.pools().drivers() == null
                    ? e.pools().withDrivers(DriverPod.SPARK_DEFAULT, e.name() + ClusterPresets.DRIVERS).cluster() : e);
        }
        if (drivers && poolClusters.isEmpty()) {
            throw BadInputException.option("--drivers", "driver pods are modelled on elastic node pools: give --pools too");
        }
        WhatIfRequest request = WhatIfRequest.builder().eventLogs(eventLogs).cluster(c).hosts(hosts).pods(pods)
                .schedulers(names).pools(poolClusters).billing(bill).penalties(penalties).build();
        WhatIf.Outcome outcome;
        try (Progress progress = Progress.start("whatif", WhatIf.replays(request), output.quiet(), spec.commandLine().getErr())) {
            outcome = WhatIf.run(context.schedulers(), request, (done, total, what) -> progress.step(what));
        }
        WhatIfFindings findings = outcome.findings();
        EventLogImport.Imported imported = outcome.imported();
        List<RunResult> runs = outcome.runs();
        report(findings, imported);
        if (out != null) {
            Path traces = Files.createDirectories(out.resolve("traces"));
            for (RunResult run : runs) {
                AtomicFiles.write(traces.resolve(run.summary().scheduler().replace(':', '_').replace('/', '_') + ".jsonl"),
                        w -> ScheduleTrace.write(run, w));
            }
        }
        return 0;
    }

    private void report(WhatIfFindings findings, EventLogImport.Imported imported) throws Exception {
        List<Map<String, Object>> rows = findings.rows();
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        Map<String, Object> doc = new LinkedHashMap<>();
        int applications = imported.applications().size();
        doc.put("applications", applications);
        doc.put("executorGroups", imported.workload().size());
        doc.put("headline", findings.headline());
        doc.put("results", rows);
        doc.put("assumed", findings.assumed());
        doc.put("import", findings.importSummary());
        if (out != null) {
            Files.createDirectories(out);
            CsvTable table = new CsvTable(new ArrayList<>(rows.get(0).keySet()));
            rows.forEach(table::record);
            table.write(out.resolve("whatif.csv"));
            AtomicFiles.write(out.resolve("whatif.json"), mapper.writeValueAsBytes(doc));
            html(findings, applications);
        }
        PrintWriter stdout = spec.commandLine().getOut();
        if (output.json) {
            stdout.println(mapper.writeValueAsString(doc));
        } else {
            stdout.println(findings.headline());
            stdout.println(Options.count(applications, "application") + " (" + Options.count(imported.workload().size(),
                    "group") + " of executors) replayed; "
                    + "'actual' is the placement that happened");
            TextTable t = new TextTable(HEADER);
            rows.forEach(r -> t.row(shown(r)));
            t.print(stdout);
            stdout.println("import: " + findings.importLine());
            for (String m : findings.importMessages()) {
                stdout.println("  " + m);
            }
            for (String a : findings.assumed()) {
                stdout.println("assumed: " + a);
            }
            if (out != null) {
                stdout.println("wrote " + out.resolve("whatif.csv") + ", " + out.resolve("whatif.json") + ", "
                        + out.resolve("traces") + "/, " + out.resolve("index.html"));
            }
        }
        stdout.flush();
    }

    private static final List<String> HEADER = List.of("scheduler", "cost", "saving vs actual", "mean duration s",
            "mean turnaround s", "completed", "dropped", "VMs used");

    /** A result row as the table shows it (an undefined saving or mean as a dash). */
    private static List<String> shown(Map<String, Object> r) {
        Object saving = r.get("savingVsActualPercent");
        return List.of((String) r.get("scheduler"), Format.cost((double) r.get("cost")),
                saving == null ? Format.MISSING : Format.sig((double) saving, 3) + " %", number(r.get("meanDurationSeconds")),
                number(r.get("meanTurnaroundSeconds")), r.get("applicationsCompleted").toString(),
                r.get("applicationsDropped").toString(), r.get("vmsUsed").toString());
    }

    private static String number(Object v) {
        return v == null ? Format.MISSING : Format.sig((double) v, 4);
    }

    /** DIR/index.html: the headline, the table, a cost chart and what was assumed. */
    private void html(WhatIfFindings findings, int applications) throws Exception {
        List<Map<String, Object>> rows = findings.rows();
        List<String> names = new ArrayList<>();
        double[] costs = new double[rows.size()];
        List<List<String>> table = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Map<String, Object> r = rows.get(i);
            names.add((String) r.get("scheduler"));
            costs[i] = (double) r.get("cost");
            table.add(shown(r));
        }
        Path index = out.resolve("index.html");
        ChartFiles chart = ChartWriter.write(BarChartSpec.of("Cost of the " + applications + " applications", "cost ($)",
                names, new BarChartSpec.Series("cost", costs, null)), Files.createDirectories(out.resolve("charts")), "cost");
        HtmlReport.builder("execplace whatif: your Spark applications under each scheduler")
                .headline(findings.headline())
                .intro(applications + " applications from Spark event logs, their executors replayed as they came and went on "
                        + "cluster " + cluster + ": 'actual' puts every executor on the VM its logged host stands for; every "
                        + "other row is a scheduler's placement.")
                .section("Results", sec -> sec.table(HEADER, table)
                        .figure(ReportFigure.of(chart, index, "Cost of each placement of the same applications.")))
                .section("What the import left out", sec -> {
                    sec.paragraph(findings.importLine());
                    findings.importMessages().forEach(sec::paragraph);
                })
                .section("What was assumed", sec -> findings.assumed().forEach(sec::paragraph))
                .build().write(index);
    }
}
