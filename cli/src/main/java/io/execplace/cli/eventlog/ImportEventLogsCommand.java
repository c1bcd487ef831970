package io.execplace.cli.eventlog;

import io.execplace.cli.command.Options;
import io.execplace.cli.output.TraceOutput;
import io.execplace.cli.output.Version;
import io.execplace.cli.command.QuietOption;
import io.execplace.cli.command.TraceFormatOption;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.execplace.core.io.BadInputException;
import io.execplace.core.workload.TraceFormat;
import io.execplace.eventlogs.EventLogImport;
import io.execplace.eventlogs.ImportReport;
import io.execplace.eventlogs.ImportSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
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
                "One job per application (or per Spark job, job group, or group of executors that came and went together)",
                "with its arrival, logged duration, executors, and cores and memory per executor. Single files, rolling",
                "eventlog_v2_* folders, Databricks log folders, .inprogress files, lz4/snappy/zstd/gzip; Spark 1.x to 4.x,",
                "standalone, YARN, Kubernetes, Databricks and local. The same logs run directly as --workload eventlogs:PATH."})
public final class ImportEventLogsCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(com.fasterxml.jackson.core.JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Event log files, rolling-log folders, or folders of logs.")
    List<Path> paths;

    @Option(names = "--out", paramLabel = "FILE", required = true, description = "Trace file to write ('-' for standard output).")
    String out;

    @Mixin
    TraceFormatOption format;

    @Option(names = "--unit", paramLabel = "application|job|group|executors|dynamic", defaultValue = "application",
            description = "What becomes one job of the trace: a Spark application, each Spark job inside one, each "
                    + "job group (setJobGroup; a job outside any group on its own), each group of executors that came "
                    + "and went together (dynamic allocation as it happened; the driver too in cluster mode), or an "
                    + "application whose executor demand follows its executors as they came and went (dynamic "
                    + "allocation in the simulator; csv format, columns executorDemand and executorIdleTimeout) "
                    + "(default: ${DEFAULT-VALUE}).")
    String unit;

    @Option(names = "--json", description = "Print the applications read (hosts, executors, durations) and what was "
            + "skipped or assumed as JSON on standard output.")
    boolean json;

    @Mixin
    QuietOption quietOption;

    @Override
    public Integer call() throws Exception {
        TraceFormat fmt = format.format();
        EventLogImport.Unit u = Options.checked("--unit", () -> EventLogImport.Unit.parse(unit));
        if (u == EventLogImport.Unit.DYNAMIC && (fmt == TraceFormat.TPDS || fmt == TraceFormat.HYB)) {
            throw BadInputException.option("--format", "the " + fmt.key() + " format cannot hold executor demands "
                    + "(--unit dynamic); write csv");
        }
        if (json && out.equals("-")) {
            throw BadInputException.option("--json", "and --out - would both write to standard output; give --out a file");
        }
        EventLogImport.Imported imported = EventLogImport.workload(paths, u);
        PrintWriter stdout = spec.commandLine().getOut();
        TraceOutput.write(imported.workload(), out, fmt, stdout);
        ImportReport report = imported.report();
        if (!quietOption.quiet) {
            PrintWriter err = spec.commandLine().getErr();
            err.println(report.summary());
            for (String m : report.messages()) {
                err.println("  " + m);
            }
            if (report.messagesLeftOut() > 0) {
                err.println("  ... and " + report.messagesLeftOut() + " more");
            }
            for (String a : report.assumptions()) {
                err.println("assumed: " + a);
            }
            if (fmt == TraceFormat.SWIM) {
                err.println("warning: the swim format keeps only arrival times (cores, memory, executors and durations are "
                        + "written as 0 and generated again when read); csv keeps them all");
            }
            if (!out.equals("-")) {
                err.println("wrote " + imported.workload().size() + " jobs (one per " + u.name().toLowerCase(java.util.Locale.ROOT)
                        + ") to " + out + " in the " + fmt.key() + " format");
            }
            err.flush();
        }
        if (json) {
            stdout.println(JSON.writeValueAsString(ImportSummary.json(imported)));
            stdout.flush();
        }
        return 0;
    }
}
