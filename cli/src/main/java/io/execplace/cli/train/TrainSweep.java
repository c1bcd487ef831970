package io.execplace.cli.train;

import io.execplace.cli.output.Progress;
import io.execplace.cli.output.TextTable;
import io.execplace.core.io.CsvTable;
import io.execplace.core.io.StagedFolder;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.run.CellEngine;
import io.execplace.experiments.run.StandardCells;
import io.execplace.experiments.run.InProcessEngine;
import io.execplace.experiments.study.LearningCurves;
import io.execplace.experiments.training.TrainingCells;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.train.CurvePoint;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code train --sweep}: one training per agent × β × seed, each an independent cell
 * ({@link TrainingCells}) run by the in-process engine or Spark; every cell's agent folder and one
 * {@code sweep.csv} (a row per cell, in agent, β, seed order) go into the output folder as a whole.
 */
public final class TrainSweep {

    /** The columns of {@code sweep.csv}; {@code seconds} is the one timing field. */
    public static final String[] COLUMNS = {"agent", "beta", "seed", "iterations", "envSteps", "evalMeanReturn",
        "evalCompleted", "evalMeanCost", "evalMeanDuration", "folder", "seconds"};

    /**
     * One cell of the sweep.
     *
     * @param algorithm the agent
     * @param beta      β of R_epi
     * @param seed      the workload's and the training's seed
     * @param training  the training, files going to the output folder's {@link #folder()}
     */
    record Cell(Algorithm algorithm, double beta, long seed, TrainingCells.Training training) {

        String folder() {
            return algorithm.label() + "-beta-" + beta + "-seed-" + seed;
        }
    }

    private TrainSweep() {
    }

    /**
     * Runs the cells on {@code engine} (null: the in-process engine with {@code threads}) and writes
     * {@code out} as a whole; prints the table to {@code stdout}.
     */
    static void run(List<Cell> cells, CellEngine engine, int threads, Path out, Progress progress, PrintWriter stdout)
            throws IOException {
        List<String> texts = new ArrayList<>(cells.size());
        for (Cell c : cells) {
            texts.add(TrainingCells.cell(c.training()));
        }
        List<String> results;
        try (CellEngine local = engine == null ? new InProcessEngine(threads) : null) {
            CellEngine running = engine == null ? local : engine;
            results = running.run(StandardCells.TRAINING, texts, (done, total, what) -> progress.step(null));
        }
        TextTable table = new TextTable(List.of("agent", "beta", "seed", "env steps", "eval return", "completed %",
                "eval cost", "eval duration s"));
        try (StagedFolder folder = StagedFolder.create(out)) {
            CsvTable csv = new CsvTable(COLUMNS);
            for (int i = 0; i < cells.size(); i++) {
                Cell c = cells.get(i);
                TrainingCells.Trained trained = TrainingCells.result(results.get(i));
                Path cellFolder = folder.path().resolve(c.folder());
                TrainingCells.writeFiles(trained, cellFolder);
                // Drawn here, as a single training draws it: the chart is not shipped.
                LearningCurves.write(c.algorithm().name() + ", beta " + c.beta() + ", seed " + c.seed(),
                        Map.of(c.algorithm().name(), trained.curve()), cellFolder, "learning-curve");
                CurvePoint last = trained.curve().last();
                csv.row(c.algorithm().label(), c.beta(), c.seed(), c.training().spec().iterations(),
                        trained.steps(), last.evalMeanReturn(), last.evalCompleted(), last.evalMeanCost(),
                        last.evalMeanDuration(), c.folder(), trained.seconds());
                table.row(List.of(c.algorithm().label(), Double.toString(c.beta()), Long.toString(c.seed()),
                        Long.toString(trained.steps()), Format.sig(last.evalMeanReturn(), 4),
                        Format.sig(100 * last.evalCompleted(), 3), Format.cost(last.evalMeanCost()),
                        Format.sig(last.evalMeanDuration(), 4)));
            }
            csv.write(folder.path().resolve("sweep.csv"));
            folder.commit();
        }
        table.print(stdout);
        stdout.println("wrote " + out.resolve("sweep.csv") + " and " + cells.size()
                + " agent folders (scheduler agent:" + out.resolve(cells.get(0).folder()) + ", ...)");
        stdout.flush();
    }
}
