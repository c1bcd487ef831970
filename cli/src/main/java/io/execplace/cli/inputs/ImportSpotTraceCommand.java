package io.execplace.cli.inputs;

import io.execplace.cli.output.Version;
import io.execplace.cli.command.QuietOption;
import io.execplace.core.config.AvailabilityTraceFile;
import io.execplace.core.spottrace.SpotLakeImport;
import io.execplace.core.spottrace.SpotLakeTrace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code execplace import-spot-trace}: SpotLake snapshots into an availability trace (docs/elastic.md). */
@Command(name = "import-spot-trace", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Read SpotLake's AWS spot snapshots into an availability trace (docs/elastic.md).",
                "SpotLake (Lee et al., IISWC 2022) publishes one CSV or CSV.gz per 10 minutes (its 2025 open-data sample,",
                "CC BY-NC 4.0); for one instance type and zone this writes the windows in which the spot pool had no",
                "capacity. A spot pool of a cluster file names the trace with 'availabilityTrace: FILE'."})
public final class ImportSpotTraceCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "SpotLake snapshot files, or folders of them (read recursively).")
    List<Path> paths;

    @Option(names = "--instance-type", paramLabel = "TYPE", required = true, description = "EC2 instance type, e.g. m7g.xlarge.")
    String instanceType;

    @Option(names = "--az", paramLabel = "AZ_ID", required = true,
            description = "Availability Zone ID as SpotLake names zones, e.g. use1-az1.")
    String zone;

    @Option(names = "--min-score", paramLabel = "N", defaultValue = "2",
            description = "Lowest Spot Placement Score that counts as capacity (default: ${DEFAULT-VALUE}).")
    int minScore;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "1",
            description = "Nodes the pool must be able to get at once (SpotLake's T2/T3 columns; default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--out", paramLabel = "FILE", required = true, description = "Availability trace to write.")
    Path out;

    @Mixin
    QuietOption quietOption;

    @Override
    public Integer call() throws Exception {
        SpotLakeTrace trace = new SpotLakeImport(instanceType, zone, minScore, nodes).read(paths);
        List<String> source = List.of(
                "from SpotLake (Lee et al., IISWC 2022; data CC BY-NC 4.0): " + instanceType + " in " + zone,
                "second 0 = " + trace.start() + ", " + trace.snapshots() + " snapshots, span " + (long) trace.spanSeconds() + " s",
                "no capacity = no spot price or Spot Placement Score < " + minScore
                        + (nodes > 1 ? " or fewer than " + nodes + " nodes (T" + minScore + ")" : ""));
        AvailabilityTraceFile.write(out, source, trace.windows());
        if (!quietOption.quiet) {
            PrintWriter err = spec.commandLine().getErr();
            err.printf(Locale.ROOT, "%s in %s: %d snapshots over %.1f h from %s; %d windows without capacity, %.1f %% of the time%n",
                    instanceType, zone, trace.snapshots(), trace.spanSeconds() / 3600, trace.start(), trace.windows().size(),
                    100 * trace.unavailableShare());
            err.printf(Locale.ROOT, "for the pool: spotPricePerHour %.4f (mean), onDemandPricePerHour %.4f, interruptionBand \"%s\"%n",
                    trace.meanSpotPricePerHour(), trace.meanOnDemandPricePerHour(),
                    trace.interruptionBand() == null ? "unknown" : trace.interruptionBand());
            err.println("wrote " + out + " (availabilityTrace: " + out.getFileName() + " in a spot pool of a cluster file)");
            err.flush();
        }
        return 0;
    }
}
