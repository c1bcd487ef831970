package io.execplace.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.io.BadInputException;
import io.execplace.core.model.Job;
import io.execplace.core.workload.TraceFormat;
import io.execplace.eventlogs.EventLogImport;
import io.execplace.eventlogs.ImportReport;
import io.execplace.eventlogs.SparkApplication;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code execplace import-eventlogs}: Spark event logs into a workload trace (docs/eventlogs.md). */
@Command(name = "import-eventlogs", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Read Spark event logs into a workload trace (docs/eventlogs.md).",
                "One job per application (or per Spark job) with its arrival, logged duration, peak executors, and cores and",
                "memory per executor. Single files, rolling eventlog_v2_* folders, .inprogress files, lz4/snappy/zstd;",
                "Spark 2.x to 4.x, standalone, YARN, Kubernetes and local. The same logs run directly as --workload eventlogs:PATH."})
final class ImportEventLogsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Event log files, rolling-log folders, or folders of logs.")
    List<Path> paths;

    @Option(names = "--out", paramLabel = "FILE", required = true, description = "Trace file to write ('-' for standard output).")
    String out;

    @Option(names = "--format", paramLabel = "csv|tpds|hyb|swim", defaultValue = "csv",
            description = "Trace format to write (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--unit", paramLabel = "application|job|group", defaultValue = "application",
            description = "What becomes one job of the trace: a Spark application, each Spark job inside one, or each "
                    + "job group (setJobGroup; a job outside any group on its own) (default: ${DEFAULT-VALUE}).")
    String unit;

    @Option(names = "--json", description = "Print the applications read (hosts, executors, durations) and what was "
            + "skipped or assumed as JSON on standard output.")
    boolean json;

    @Option(names = {"-q", "--quiet"}, description = "No summary on standard error.")
    boolean quiet;

    @Override
    public Integer call() throws Exception {
        TraceFormat fmt = Options.checked("--format", () -> TraceFormat.parse(format));
        EventLogImport.Unit u = Options.checked("--unit", () -> EventLogImport.Unit.parse(unit));
        if (json && out.equals("-")) {
            throw BadInputException.option("--json", "and --out - would both write to standard output; give --out a file");
        }
        EventLogImport.Imported imported = EventLogImport.workload(paths, u);
        PrintWriter stdout = spec.commandLine().getOut();
        TraceOutput.write(imported.workload(), out, fmt, stdout);
        ImportReport report = imported.report();
        if (!quiet) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("read " + report.logs() + " application log(s): " + report.skippedLines() + " line(s) skipped, "
                    + report.unreadableLogs() + " log(s) unreadable, " + report.incompleteApplications() + " without an end");
            for (String m : report.messages()) {
                err.println("  " + m);
            }
            if (report.messagesLeftOut() > 0) {
                err.println("  ... and " + report.messagesLeftOut() + " more");
            }
            for (String a : report.assumptions()) {
                err.println("assumed: " + a);
            }
            if (!out.equals("-")) {
                err.println("wrote " + imported.workload().size() + " jobs (one per " + u.name().toLowerCase(java.util.Locale.ROOT)
                        + ") to " + out + " in the " + fmt.key() + " format");
            }
            err.flush();
        }
        if (json) {
            stdout.println(summary(imported).toPrettyString());
            stdout.flush();
        }
        return 0;
    }

    private static ObjectNode summary(EventLogImport.Imported imported) {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        ArrayNode jobs = root.putArray("jobs");
        List<Job> list = imported.workload().jobs();
        for (Job job : list) {
            EventLogImport.Origin origin = imported.origins().get(job.id());
            SparkApplication a = origin.application();
            ObjectNode n = jobs.addObject();
            n.put("id", job.id());
            n.put("application", a.id());
            n.put("name", a.name());
            if (!origin.sparkJobs().isEmpty()) {
                origin.sparkJobs().forEach(n.putArray("sparkJobs")::add);
            }
            if (origin.group() != null) {
                n.put("jobGroup", origin.group());
            }
            n.put("sparkVersion", a.sparkVersion());
            n.put("arrivalSeconds", job.arrival());
            n.put("durationSeconds", job.baseDuration());
            n.put("executors", job.executors());
            n.put("coresPerExecutor", job.coresPerExecutor());
            n.put("memoryGbPerExecutor", job.memoryGbPerExecutor());
            n.put("type", job.type().label());
            n.put("ended", a.ended());
            ArrayNode hosts = n.putArray("hosts");
            a.hosts().forEach(hosts::add);
        }
        ImportReport r = imported.report();
        ObjectNode report = root.putObject("report");
        report.put("logs", r.logs());
        report.put("skippedLines", r.skippedLines());
        report.put("unreadableLogs", r.unreadableLogs());
        report.put("incompleteApplications", r.incompleteApplications());
        r.messages().forEach(report.putArray("messages")::add);
        r.assumptions().forEach(report.putArray("assumptions")::add);
        return root;
    }
}
