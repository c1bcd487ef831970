package io.execplace.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.execplace.core.config.ClusterFile;
import io.execplace.core.io.AtomicFiles;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.CsvTable;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.metrics.RunSummary;
import io.execplace.core.metrics.ScheduleTrace;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.PricingModel;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.Billing;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import io.execplace.eventlogs.EventLogImport;
import io.execplace.eventlogs.HostMap;
import io.execplace.eventlogs.LoggedPlacement;
import io.execplace.experiments.report.BarChartSpec;
import io.execplace.experiments.report.ChartFiles;
import io.execplace.experiments.report.ChartWriter;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.report.HtmlReport;
import io.execplace.experiments.report.ReportFigure;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code execplace whatif}: what the applications of Spark event logs would have cost under each scheduler. */
@Command(name = "whatif", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"What Spark event logs would have cost under each scheduler, against what happened.",
                "Replays the applications on a priced cluster under the placement that actually happened (executors on the",
                "VMs their logged hosts stand for) and under each scheduler; cost, durations and the saving of each",
                "scheduler against what happened (docs/eventlogs.md)."})
final class WhatIfCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

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

    @Option(names = "--schedulers", paramLabel = "a,b", split = ",",
            description = "Schedulers to compare with what happened (default: first-fit, round-robin, "
                    + "round-robin-consolidate, gio).")
    List<String> schedulers;

    @Option(names = "--billing", paramLabel = "exact|per-second|hourly", description = "Billing of VM busy time (default exact).")
    String billing;

    @Option(names = "--penalties", description = "Apply the papers' placement penalties (1.3 x for a layout against the "
            + "job type, for spanning local and cloud); default off: every application keeps its logged duration.")
    boolean penalties;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write DIR/whatif.csv, DIR/whatif.json, the HTML report "
            + "DIR/index.html and each row's schedule trace, DIR/traces/SCHEDULER.jsonl (the format of simulate --trace-out).")
    Path out;

    @Option(names = "--json", description = "Print the results as JSON instead of the table.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        Cluster c = Options.checked("--cluster", () -> ClusterFile.resolve(cluster, PricingModel.MODEL_1));
        Billing bill = billing == null ? Billing.EXACT : Options.checked("--billing", () -> Billing.parse(billing));
        List<String> names = schedulers == null ? List.of("first-fit", "round-robin", "round-robin-consolidate", "gio")
                : schedulers;
        for (String n : names) {
            Options.checked("--schedulers", () -> Main.registry(spec).check(n));
        }
        if (out != null && Files.exists(out) && !Files.isDirectory(out)) {
            throw BadInputException.option("--out", out + " is a file, not a folder");
        }
        EventLogImport.Read read = EventLogImport.read(eventLogs);
        EventLogImport.Imported imported = EventLogImport.workload(read.applications(), EventLogImport.Unit.APPLICATION,
                read.report());
        HostMap map = hosts != null ? HostMap.read(hosts, c) : HostMap.byOrder(imported.applications(), c);
        SimulationConfig config = SimulationConfig.defaults(c, imported.workload()).withBilling(bill);
        if (!penalties) {
            config = config.withDurationModel(DurationModel.none());
        }
        List<PlacementPolicy> policies = new ArrayList<>();
        policies.add(new LoggedPlacement(imported, map));
        for (String n : names) {
            policies.add(Main.registry(spec).create(n, 1));
        }
        List<RunResult> runs = new ArrayList<>();
        List<RunSummary> results = new ArrayList<>();
        for (PlacementPolicy p : policies) {
            RunResult run = Simulation.run(c, imported.workload(), p, config);
            runs.add(run);
            results.add(run.summary());
        }
        List<String> assumed = new ArrayList<>(read.report().assumptions());
        assumed.add(map.fromTable() ? "hosts mapped to VMs by " + hosts
                : "hosts mapped to VMs in order of first appearance (" + map.entries() + ")"
                + (map.wrapped() ? "; the logs name more hosts than the cluster has VMs, so some hosts share a VM" : ""));
        assumed.add("prices are the cluster's (" + c.name() + "); event logs carry none");
        assumed.add("no deadlines: event logs carry none");
        if (!penalties) {
            assumed.add("every application keeps its logged duration wherever it runs (--penalties applies the papers' model)");
        }
        if (results.get(0).jobsDropped() > 0) {
            assumed.add("warning: " + results.get(0).jobsDropped() + " application(s) could not be replayed as they happened "
                    + "(more executors on a host than its VM holds, or a host the table does not name): the rows compare "
                    + "different sets of applications; give a cluster whose VMs are the logged hosts (--hosts)");
        }
        report(results, assumed, imported);
        if (out != null) {
            Path traces = Files.createDirectories(out.resolve("traces"));
            for (RunResult run : runs) {
                AtomicFiles.write(traces.resolve(run.summary().scheduler().replace(':', '_').replace('/', '_') + ".jsonl"),
                        w -> ScheduleTrace.write(run, w));
            }
        }
        return 0;
    }

    private void report(List<RunSummary> results, List<String> assumed, EventLogImport.Imported imported) throws Exception {
        double actual = results.get(0).totalCost();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (RunSummary s : results) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("scheduler", s.scheduler());
            r.put("cost", s.totalCost());
            r.put("savingVsActualPercent", actual > 0 ? 100 * (actual - s.totalCost()) / actual : 0.0);
            r.put("meanDurationSeconds", s.meanDuration());
            r.put("meanTurnaroundSeconds", s.meanTurnaround());
            r.put("jobsCompleted", s.jobsCompleted());
            r.put("jobsDropped", s.jobsDropped());
            r.put("vmsUsed", s.vmsUsed());
            rows.add(r);
        }
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("applications", imported.workload().size());
        doc.put("results", rows);
        doc.put("assumed", assumed);
        if (out != null) {
            Files.createDirectories(out);
            CsvTable table = new CsvTable(new ArrayList<>(rows.get(0).keySet()));
            rows.forEach(table::record);
            table.write(out.resolve("whatif.csv"));
            AtomicFiles.write(out.resolve("whatif.json"), mapper.writeValueAsBytes(doc));
            html(rows, assumed, imported.workload().size());
        }
        PrintWriter stdout = spec.commandLine().getOut();
        if (json) {
            stdout.println(mapper.writeValueAsString(doc));
        } else {
            stdout.println(imported.workload().size() + " applications replayed; 'actual' is the placement that happened");
            TextTable t = new TextTable(HEADER);
            rows.forEach(r -> t.row(shown(r)));
            t.print(stdout);
            for (String a : assumed) {
                stdout.println("assumed: " + a);
            }
            if (out != null) {
                stdout.println("wrote " + out.resolve("whatif.csv") + ", " + out.resolve("whatif.json") + ", "
                        + out.resolve("traces") + "/, " + out.resolve("index.html"));
            }
        }
        stdout.flush();
    }

    /** The columns of the table printed and of the HTML report. */
    private static final List<String> HEADER = List.of("scheduler", "cost", "saving vs actual", "mean duration s",
            "mean turnaround s", "completed", "dropped", "VMs used");

    /** A result row as the table shows it. */
    private static List<String> shown(Map<String, Object> r) {
        return List.of((String) r.get("scheduler"), Format.cost((double) r.get("cost")),
                Format.sig((double) r.get("savingVsActualPercent"), 3) + " %",
                Format.sig((double) r.get("meanDurationSeconds"), 4), Format.sig((double) r.get("meanTurnaroundSeconds"), 4),
                r.get("jobsCompleted").toString(), r.get("jobsDropped").toString(), r.get("vmsUsed").toString());
    }

    /** DIR/index.html: the headline, the table, a cost chart and what was assumed. */
    private void html(List<Map<String, Object>> rows, List<String> assumed, int applications) throws Exception {
        List<String> names = new ArrayList<>();
        double[] costs = new double[rows.size()];
        List<List<String>> table = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Map<String, Object> r = rows.get(i);
            names.add((String) r.get("scheduler"));
            costs[i] = (double) r.get("cost");
            table.add(shown(r));
        }
        int best = 1;
        for (int i = 2; i < costs.length; i++) {
            if (costs[i] < costs[best]) {
                best = i;
            }
        }
        Path index = out.resolve("index.html");
        ChartFiles chart = ChartWriter.write(BarChartSpec.of("Cost of the " + applications + " applications", "cost ($)",
                names, new BarChartSpec.Series("cost", costs, null)), Files.createDirectories(out.resolve("charts")), "cost");
        HtmlReport.builder("execplace whatif: your Spark applications under each scheduler")
                .headline(names.get(best) + " would have cost " + Format.cost(costs[best]) + " against " + Format.cost(costs[0])
                        + " for what actually happened ("
                        + Format.sig((double) rows.get(best).get("savingVsActualPercent"), 3) + " % less).")
                .intro(applications + " applications from Spark event logs, replayed on cluster " + cluster + ": 'actual' puts "
                        + "every executor on the VM its logged host stands for; every other row is a scheduler's placement.")
                .section("Results", sec -> sec.table(HEADER, table)
                        .figure(ReportFigure.of(chart, index, "Cost of each placement of the same applications.")))
                .section("What was assumed", sec -> assumed.forEach(sec::paragraph))
                .build().write(index);
    }
}
