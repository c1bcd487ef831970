package io.execplace.cli.inputs;

import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.ContextCommand;
import io.execplace.cli.command.Options;
import io.execplace.cli.output.TraceOutput;
import io.execplace.cli.output.Version;
import io.execplace.cli.command.GeneratorOptions;
import io.execplace.cli.command.JobProfileOption;
import io.execplace.cli.command.PresetJobs;
import io.execplace.cli.command.TraceFormatOption;
import io.execplace.core.io.BadInputException;
import io.execplace.core.model.Workload;
import io.execplace.core.profile.JobProfile;
import io.execplace.core.workload.TraceFormat;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.experiments.scenario.ScenarioInput;
import io.execplace.experiments.scenario.ScenarioResolver;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import io.execplace.core.io.OutputPaths;

import java.nio.file.Path;

/** {@code execplace generate}: write a generated workload as a trace file in any supported format. */
@Command(name = "generate", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Generate a workload from a preset and write it as a trace (csv, tpds, hyb or swim).")
public final class GenerateCommand extends ContextCommand {

    public GenerateCommand(CommandContext context) {
        super(context);
    }

    @Option(names = "--workload", paramLabel = "PRESET", defaultValue = "hybrid-medium",
            description = "Workload preset (default: ${DEFAULT-VALUE}, as compare's): tpds-normal, tpds-burst, hybrid-light, "
                    + "hybrid-medium, hybrid-high, hybrid-day, hjs-60-100 ... hjs-40-20 (see 'execplace presets').")
    String workload;

    @Mixin
    PresetJobs jobs;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Mixin
    GeneratorOptions generator;

    @Mixin
    TraceFormatOption format;

    @Mixin
    JobProfileOption jobProfile;

    @Option(names = "--out", paramLabel = "FILE", required = true, description = "File to write ('-' for standard output).")
    String out;

    @Override
    public Integer call() throws Exception {
        if (!out.equals("-")) {
            OutputPaths.checkFile("--out", Path.of(out));
        }
        if (!WorkloadPresets.isPreset(workload)) {
            throw BadInputException.option("--workload", "unknown workload preset '" + workload + "' (known: "
                    + String.join(", ", WorkloadPresets.list().stream().map(WorkloadPresets.Preset::name).toList()) + ")");
        }
        // The scenario resolver checks the generator options as it does for compare and simulate.
        ScenarioInput in = ScenarioInput.empty().withOption("workload", workload, "--workload")
                .withOption("jobs", jobs.jobs, "--jobs").withOption("requests", generator.requests, "--requests")
                .withOption("deadlineTolerance", generator.deadlineTolerance, "--deadline-tolerance")
                .withOption("meanGap", generator.meanGap, "--mean-gap").withOption("gaps", generator.gaps, "--gaps")
                .withOption("deadlineShare", generator.deadlineShare, "--deadline-share")
                .withOption("deadlineSlack", generator.deadlineSlack, "--deadline-slack")
                .withOption("profile", jobProfile.file, "--profile");
        WorkloadOptions options = new ScenarioResolver(context.schedulers()).spec(in).workload().generator().withSeed(seed);
        TraceFormat fmt = format.format();
        JobProfile profile = jobProfile.file == null ? JobProfile.paper() : Options.checked("--profile",
                () -> ScenarioResolver.profile(jobProfile.file, null));
        Workload w = Options.checked("--workload", () -> WorkloadPresets.generate(workload, options, profile));
        PrintWriter stdout = spec.commandLine().getOut();
        TraceOutput.write(w, out, fmt, stdout);
        if (!out.equals("-")) {
            spec.commandLine().getErr().println("wrote " + w.size() + " jobs (" + w.name() + ", seed " + seed + ") to "
                    + out + " in the " + fmt.key() + " format");
        }
        return 0;
    }
}
