package io.execplace.experiments.study;

import io.execplace.core.progress.ProgressListener;
import io.execplace.experiments.results.ResultsFiles;
import io.execplace.experiments.run.Comparison;
import io.execplace.experiments.run.Runner;
import io.execplace.experiments.scenario.Scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A reproduction that runs its scenarios on a {@link Runner} and writes one folder in stages: the
 * runs; {@code results.csv} and {@code results.json}; then its charts in {@code charts/} and its HTML
 * report {@code index.html}, with the outcome the command prints. {@link HybridStudy} and {@link
 * ElasticStudy} are such studies; each says only what its scenarios are and what its report shows.
 */
public abstract class ScenarioStudy {

    /** What the study's folder holds besides {@code index.html}, as the command names it. */
    public static final List<String> FILES = List.of("results.csv", "results.json", "charts/");

    /** Runs the scenarios (in process or on a cell engine). */
    protected final Runner runner;

    protected ScenarioStudy(Runner runner) {
        this.runner = runner;
    }

    /** Every scenario of the study, in report order. */
    public abstract List<Scenario> scenarios();

    /** The runs of the whole study (scenario × scheduler × seed), the progress total. */
    public final int cells() {
        return scenarios().stream().mapToInt(Scenario::cells).sum();
    }

    /**
     * Runs the whole study, then writes results, charts and {@code index.html} into {@code dir}; returns
     * what the command prints of it.
     */
    public final StudyOutcome run(Path dir, ProgressListener progress) throws IOException {
        List<Comparison> comparisons = runner.runAll(scenarios(), progress);
        Files.createDirectories(dir);
        ResultsFiles.write(comparisons, dir);
        Path charts = dir.resolve("charts");
        Files.createDirectories(charts);
        return report(comparisons, charts, dir.resolve("index.html"));
    }

    /**
     * Draws the charts into {@code charts} and writes the report to {@code index}, from the runs of
     * every scenario in {@link #scenarios()} order; returns the headline and main table.
     */
    protected abstract StudyOutcome report(List<Comparison> comparisons, Path charts, Path index) throws IOException;
}
