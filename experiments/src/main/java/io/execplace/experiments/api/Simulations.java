package io.execplace.experiments.api;

import io.execplace.core.io.AtomicFiles;
import io.execplace.core.io.StagedFolder;
import io.execplace.core.metrics.ScheduleTrace;
import io.execplace.core.progress.ProgressListener;
import io.execplace.experiments.results.ResultColumns;
import io.execplace.experiments.results.ResultsFiles;
import io.execplace.experiments.run.CellEngine;
import io.execplace.experiments.run.CellRun;
import io.execplace.experiments.run.Comparison;
import io.execplace.experiments.run.Runner;
import io.execplace.experiments.scenario.Scenario;
import io.execplace.experiments.study.ComparisonReport;
import io.execplace.schedulers.spi.SchedulerRegistry;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Runs of schedulers on scenarios: {@link #simulate} (one scheduler, one seed) and {@link #compare}
 * (every scheduler × seed, with the results folder), what {@code execplace simulate} and {@code
 * execplace compare} do and the Python package's {@code simulate} and {@code compare} call.
 */
public final class Simulations {

    /** The scheduler of a run whose request names none. */
    public static final String DEFAULT_SCHEDULER = "gio";

    private Simulations() {
    }

    /**
     * One run and what it produced.
     *
     * @param scenario the resolved scenario
     * @param run      the run of its one scheduler and seed (per-job records included)
     */
    public record SimulationResult(Scenario scenario, CellRun run) {

        /** The run's summary: the fields of one {@code results.json} record ({@link ResultColumns}). */
        public Map<String, Object> summary() {
            return ResultColumns.record(scenario, run.toCellResult(2));
        }

        /** Writes the run's schedule trace (JSON Lines) to {@code file}, atomically. */
        public void writeTrace(Path file) throws IOException {
            AtomicFiles.write(file, w -> ScheduleTrace.write(run.result(), w));
        }
    }

    /**
     * A comparison and the folder it was written to.
     *
     * @param comparison every cell's result
     * @param folder     the results folder (results.csv, results.json, charts, index.html)
     * @param index      its HTML report
     */
    public record ComparisonResult(Comparison comparison, Path folder, Path index) {

        /** One record per scheduler and seed, as in results.json. */
        public List<Map<String, Object>> records() {
            return ResultsFiles.records(comparison);
        }
    }

    /** The request as one run: its scheduler ({@value #DEFAULT_SCHEDULER} when it names none) and one seed. */
    public static SimulationRequest oneRun(SimulationRequest request) {
        SimulationRequest.Builder b = request.toBuilder();
        if (!request.hasSchedulers()) {
            b.scheduler(DEFAULT_SCHEDULER);
        }
        return b.seeds(1).build();
    }

    /** Resolves the request as {@link #oneRun} and runs it. */
    public static SimulationResult simulate(SchedulerRegistry registry, SimulationRequest request) {
        return simulate(registry, oneRun(request).resolve(registry));
    }

    /** Runs the scenario's first scheduler on its first seed. */
    public static SimulationResult simulate(SchedulerRegistry registry, Scenario scenario) {
        CellRun run = new Runner(registry, 1).runCell(scenario, scenario.schedulers().get(0), scenario.seeds().get(0));
        return new SimulationResult(scenario, run);
    }

    /**
     * Resolves the request, runs every scheduler × seed on {@code threads} threads (the number of cores
     * when null) and writes the results folder {@code out} ({@link #folder} when null).
     */
    public static ComparisonResult compare(SchedulerRegistry registry, SimulationRequest request, Path out, Integer threads)
            throws IOException {
        Scenario scenario = request.resolve(registry);
        Path dir = folder(out, scenario);
        return compare(registry, scenario, dir, OptionChecks.threads(threads), null, ProgressListener.NONE);
    }

    /**
     * Runs every scheduler × seed of the scenario, on {@code engine} (null: as objects on {@code threads}
     * threads of this JVM), and writes the results folder {@code dir} (staged, then renamed into place).
     */
    public static ComparisonResult compare(SchedulerRegistry registry, Scenario scenario, Path dir, int threads,
                                           CellEngine engine, ProgressListener progress) throws IOException {
        Runner runner = new Runner(registry, threads);
        Comparison comparison = (engine == null ? runner : runner.withEngine(engine)).run(scenario, progress);
        Path index;
        try (StagedFolder folder = StagedFolder.create(dir)) {
            index = dir.resolve(ComparisonReport.write(comparison, folder.path()).getFileName());
            folder.commit();
        }
        return new ComparisonResult(comparison, dir, index);
    }

    /**
     * The results folder of a comparison, {@code out} or {@code results/SCENARIO}, refused (as {@code
     * --out}) when it holds something other than an earlier results folder.
     */
    public static Path folder(Path out, Scenario scenario) {
        Path dir = out != null ? out : Path.of("results", OptionChecks.folderName(scenario.name()));
        StagedFolder.checkTarget("--out", dir);
        return dir;
    }
}
