package io.execplace.cli.simulate;

import io.execplace.cli.command.EngineOptions;
import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.ContextCommand;
import io.execplace.cli.command.ExitCode;
import io.execplace.cli.command.MilpLookaheadOptions;
import io.execplace.cli.command.Options;
import io.execplace.cli.command.OutputOptions;
import io.execplace.cli.output.Progress;
import io.execplace.cli.command.ScenarioOptions;
import io.execplace.cli.output.TextTable;
import io.execplace.cli.output.Version;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.execplace.experiments.api.SimulationRequest;
import io.execplace.experiments.api.Simulations;
import io.execplace.experiments.run.CellEngine;
import io.execplace.experiments.run.CellResult;
import io.execplace.experiments.run.Comparison;
import io.execplace.experiments.run.SchedulerAggregate;
import io.execplace.experiments.scenario.Scenario;
import io.execplace.experiments.study.CapacityTable;
import io.execplace.experiments.study.ComparisonReport;
import io.execplace.experiments.study.Headline;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code execplace compare}: every scheduler × seed of a scenario, a table, results files and a report. */
@Command(name = "compare", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Compare schedulers on one scenario over several seeds (in parallel).",
                "Prints mean ± sd per scheduler and writes results.csv, results.json, charts (PNG, SVG) and index.html.",
                "With no options it runs the built-in default scenario."})
public final class CompareCommand extends ContextCommand {

    public CompareCommand(CommandContext context) {
        super(context);
    }

    @Mixin
    ScenarioOptions scenarioOptions;

    @Mixin
    OutputOptions output;

    @Mixin
    MilpLookaheadOptions milpOptions;

    @Option(names = "--schedulers", paramLabel = "a,b,c|all", split = ",",
            description = "Schedulers to compare (default: the scenario's, normally all). See 'execplace presets'.")
    List<String> schedulers;

    @Option(names = "--seeds", paramLabel = "N", description = "Number of seeds: --seed, --seed+1, ... (default: the scenario's).")
    Integer seeds;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (default: results/SCENARIO).")
    Path out;

    @Option(names = "--threads", paramLabel = "N", description = "Parallel runs (default: number of cores).")
    Integer threads;

    @Mixin
    EngineOptions engine;

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        engine.check(context.engines());
        SimulationRequest request = scenarioOptions.request(milpOptions.tuning()).schedulers(schedulers).seeds(seeds).build();
        Scenario scenario = scenarioOptions.resolve(context.schedulers(), request);
        Path dir = Simulations.folder(out, scenario);
        int threadCount = Options.threads(threads); // refused before anything is printed
        if (!output.json) {
            stdout.println("scenario " + scenario.name() + ": " + ComparisonReport.describe(scenario));
            if (stdout.checkError()) {
                return ExitCode.FAILURE; // standard output is lost (Main says why): not worth a whole study
            }
        }
        Simulations.ComparisonResult result;
        try (CellEngine cells = engine.open(context.engines(), threadCount);
             Progress progress = Progress.start("compare", scenario.cells(), output.quiet(), stderr)) {
            result = Simulations.compare(context.schedulers(), scenario, dir, threadCount, cells,
                    (done, total, what) -> progress.step(what));
        }
        Comparison comparison = result.comparison();
        Path index = result.index();
        if (output.json) {
            ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            stdout.println(json.writeValueAsString(result.records()));
        } else {
            List<SchedulerAggregate> aggregates = SchedulerAggregate.of(comparison);
            String unit = Headline.costUnit(scenario.cluster());
            Headline.of(aggregates, unit).ifPresent(h -> {
                stdout.println();
                stdout.println(TextTable.wrap(h, 100));
                paired(comparison, aggregates, unit).ifPresent(p -> stdout.println(TextTable.wrap(p, 100)));
            });
            print(stdout, ComparisonReport.tableHeader(unit), ComparisonReport.tableRows(aggregates));
            stdout.println("cost / bound: total cost over a lower bound on what any scheduler would pay for the same jobs"
                    + (scenario.seeds().size() > 1 ? "; mean ± sd over " + scenario.seeds().size() + " seeds." : "."));
            stdout.println(ComparisonReport.TARGET_NOTE);
            print(stdout, ComparisonReport.detailHeader(), ComparisonReport.detailRows(aggregates));
            print(stdout, CapacityTable.header(comparison), CapacityTable.rows(comparison));
            print(stdout, ComparisonReport.solverHeader(), ComparisonReport.solverRows(aggregates));
            print(stdout, ComparisonReport.agentHeader(), ComparisonReport.agentRows(aggregates));
            stdout.println();
            stdout.println("wrote " + dir.resolve("results.csv") + ", " + dir.resolve("results.json") + ", "
                    + dir.resolve("charts") + "/, " + index);
        }
        stdout.flush();
        return 0;
    }

    /**
     * The headline's winner against the runner-up seed by seed: mean ± sd columns of close schedulers
     * overlap ("1590 ± 40" beside "1640 ± 50") although one is cheaper on every seed. Empty for one
     * seed or no runner-up (the runner-up drops no more jobs than the winner).
     */
    static Optional<String> paired(Comparison comparison, List<SchedulerAggregate> aggregates, String unit) {
        Optional<SchedulerAggregate> best = Headline.best(aggregates);
        if (best.isEmpty() || comparison.scenario().seeds().size() < 2) {
            return Optional.empty();
        }
        SchedulerAggregate b = best.get();
        Optional<SchedulerAggregate> second = aggregates.stream().filter(a -> a != b)
                .filter(a -> a.jobsDropped().mean() <= b.jobsDropped().mean() + 1e-9)
                .min(Comparator.comparingDouble(a -> a.totalCost().mean()));
        if (second.isEmpty()) {
            return Optional.empty();
        }
        Map<String, List<CellResult>> cells = comparison.byScheduler();
        Map<Long, Double> other = new HashMap<>();
        cells.get(second.get().scheduler()).forEach(c -> other.put(c.seed(), c.summary().totalCost()));
        int cheaper = 0;
        int seeds = 0;
        double saved = 0;
        for (CellResult c : cells.get(b.scheduler())) {
            Double o = other.get(c.seed());
            if (o != null) {
                seeds++;
                saved += o - c.summary().totalCost();
                cheaper += c.summary().totalCost() < o ? 1 : 0;
            }
        }
        if (seeds == 0) {
            return Optional.empty();
        }
        return Optional.of("Seed by seed, " + b.scheduler() + " costs less than the runner-up " + second.get().scheduler()
                + " on " + cheaper + " of " + seeds + " seeds (" + Headline.money(saved / seeds, unit) + " less on average).");
    }

    /** A blank line and the table; nothing for a table without rows. */
    private static void print(PrintWriter out, List<String> header, List<List<String>> rows) {
        if (rows.isEmpty()) {
            return;
        }
        TextTable table = new TextTable(header);
        rows.forEach(table::row);
        out.println();
        table.print(out);
    }
}
