package io.execplace.cli.study;

import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.EngineOptions;
import io.execplace.cli.command.Options;
import io.execplace.cli.output.Progress;
import io.execplace.cli.output.TextTable;
import io.execplace.cli.command.QuietOption;
import io.execplace.core.io.StagedFolder;
import io.execplace.experiments.run.CellEngine;
import io.execplace.experiments.run.Runner;
import io.execplace.experiments.study.ScenarioStudy;
import io.execplace.experiments.study.ComparisonReport;
import io.execplace.experiments.study.StudyOutcome;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What every {@code reproduce} command shares: its output folder, how many cells run at once, progress
 * output and where the cells run ({@link EngineOptions}); and the one line that says what a study wrote.
 */
final class StudyOptions {

    /** Each study's folder is named after its command: {@code reproduce tpds} writes results/reproduce-tpds. */
    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results/reproduce-${COMMAND-NAME}",
            description = "Output folder (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--threads", paramLabel = "N",
            description = "Cells (trainings and runs) at once (default: number of cores; reproduce liu: at most 4).")
    Integer threads;

    @Mixin
    QuietOption quietOption;

    @Mixin
    EngineOptions engine;

    /** {@code --threads}, or the number of cores; refuses a value below 1. */
    int threads() {
        return Options.threads(threads);
    }

    /** Checks {@code --threads}, {@code --engine} and {@code --master} before any work. */
    void check(CommandContext context) {
        if (threads != null) {
            threads();
        }
        engine.check(context.engines());
    }

    /**
     * Checks {@code --out} as the folder a staged study replaces as a whole ({@link StagedFolder}), then
     * as {@link #check}.
     */
    void checkStaged(CommandContext context) {
        StagedFolder.checkTarget("--out", out);
        check(context);
    }

    /** The engine the options name, with {@code threads} cells at once; null for the in-process default. */
    CellEngine open(CommandContext context, int threads) {
        return engine.open(context.engines(), threads);
    }

    /** Progress on standard error (nothing with {@code --quiet}). */
    Progress progress(CommandSpec spec, String task, long total) {
        return Progress.start(task, total, quietOption.quiet, spec.commandLine().getErr());
    }

    /**
     * Runs a scenario study on the engine the options name (in process by default), staged into {@code
     * --out} as a whole, with progress named {@code task}; prints its outcome ({@link #report}).
     *
     * @param study the study, given the runner its runs go to
     */
    void run(CommandSpec spec, CommandContext context, String task, Function<Runner, ScenarioStudy> study)
            throws IOException {
        Runner runner = new Runner(context.schedulers(), threads());
        StudyOutcome outcome;
        try (CellEngine cells = open(context, threads())) {
            ScenarioStudy s = study.apply(cells == null ? runner : runner.withEngine(cells));
            try (Progress progress = progress(spec, task, s.cells()); StagedFolder folder = StagedFolder.create(out)) {
                outcome = s.run(folder.path(), (done, all, what) -> progress.step(what));
                folder.commit();
            }
        }
        report(spec, out, ScenarioStudy.FILES, outcome);
    }

    /**
     * Prints what {@code compare} prints first — the study's headline and its main table — then
     * {@code wrote OUT/a, OUT/b, ...}, on standard output. The outcome's index is in the staging
     * folder; the line names it under {@code out}.
     */
    static void report(CommandSpec spec, Path out, List<String> names, StudyOutcome outcome) {
        PrintWriter stdout = spec.commandLine().getOut();
        if (!outcome.headline().isEmpty()) {
            stdout.println(TextTable.wrap(outcome.headline(), 100));
            stdout.println();
        }
        if (!outcome.rows().isEmpty()) {
            stdout.println(outcome.title());
            TextTable table = new TextTable(outcome.header());
            outcome.rows().forEach(table::row);
            table.print(stdout);
            if (outcome.header().contains("Target")) {
                stdout.println(ComparisonReport.TARGET_NOTE);
            }
            stdout.println();
        }
        stdout.println("wrote " + names.stream().map(n -> out.resolve(n) + (n.endsWith("/") ? "/" : "")).collect(Collectors.joining(", "))
                + ", " + out.resolve(outcome.index().getFileName()));
        stdout.flush();
    }
}
