package io.execplace.cli.simulate;

import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.ContextCommand;
import io.execplace.cli.command.MilpLookaheadOptions;
import io.execplace.cli.command.Options;
import io.execplace.cli.command.OutputOptions;
import io.execplace.cli.command.QuickCommand;
import io.execplace.cli.command.ScenarioOptions;
import io.execplace.cli.output.Version;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.execplace.core.io.OutputPaths;
import io.execplace.experiments.api.SimulationRequest;
import io.execplace.experiments.api.Simulations;
import io.execplace.experiments.scenario.Scenario;
import io.execplace.experiments.study.ComparisonReport;
import io.execplace.schedulers.spi.SchedulerRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;

/** {@code execplace simulate}: one scheduler, one seed, one run; optionally its schedule trace. */
@Command(name = "simulate", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Run one scheduler on one scenario and seed, optionally writing its schedule trace.",
                "The trace (JSON Lines) lets anyone re-check the run independently."})
public final class SimulateCommand extends ContextCommand implements QuickCommand {

    public SimulateCommand(CommandContext context) {
        super(context);
    }

    @Mixin
    ScenarioOptions scenarioOptions;

    @Mixin
    OutputOptions output;

    @Mixin
    MilpLookaheadOptions milpOptions;

    @Option(names = "--scheduler", paramLabel = "NAME", defaultValue = "gio",
            description = "Scheduler (default: ${DEFAULT-VALUE}). See 'execplace presets'.")
    String scheduler;

    @Option(names = "--trace-out", paramLabel = "FILE", description = "Write the schedule trace (JSON Lines) here.")
    Path traceOut;

    @Override
    public Integer call() throws Exception {
        return run(spec.commandLine().getOut());
    }

    @Override
    public int run(PrintWriter stdout) throws Exception {
        SchedulerRegistry registry = context.schedulers();
        SimulationRequest request = Simulations.oneRun(scenarioOptions.request(milpOptions.tuning()).scheduler(scheduler).build());
        if (traceOut != null) {
            OutputPaths.checkFile("--trace-out", traceOut);
        }
        Scenario scenario = scenarioOptions.resolve(registry, request);
        Simulations.SimulationResult result = Simulations.simulate(registry, scenario);
        if (traceOut != null) {
            result.writeTrace(traceOut);
        }
        Map<String, Object> record = result.summary();
        if (output.json) {
            stdout.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(record));
        } else {
            stdout.println("scenario " + scenario.name() + ": " + ComparisonReport.describe(scenario));
            int width = record.keySet().stream().mapToInt(String::length).max().orElse(10);
            // Padded by hand: a Formatter parses its pattern with regular expressions, a few ms of a short run.
            record.forEach((k, v) -> stdout.println("  " + k + " ".repeat(width - k.length()) + "  "
                    + (v == null ? "-" : v instanceof Double d ? Options.readable(d) : v)));
            if (traceOut != null) {
                stdout.println("wrote schedule trace " + traceOut);
            }
        }
        stdout.flush();
        return 0;
    }
}
