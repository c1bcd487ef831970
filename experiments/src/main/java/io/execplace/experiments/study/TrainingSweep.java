package io.execplace.experiments.study;

import io.execplace.core.io.CsvTable;
import io.execplace.core.io.StagedFolder;
import io.execplace.core.progress.ProgressListener;
import io.execplace.experiments.run.CellEngine;
import io.execplace.experiments.run.InProcessEngine;
import io.execplace.experiments.run.StandardCells;
import io.execplace.experiments.training.TrainingCells;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.train.CurvePoint;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code train --sweep}: one training per agent × β × seed, each an independent cell
 * ({@link TrainingCells}) run by the in-process engine or Spark; every cell's agent folder and one
 * {@code sweep.csv} (a row per cell, in agent, β, seed order) go into the output folder as a whole.
 */
public final class TrainingSweep {

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
    public record Cell(Algorithm algorithm, double beta, long seed, TrainingCells.Training training) {

        /** The cell's agent folder, below the sweep's folder. */
        public String folder() {
            return algorithm.label() + "-beta-" + beta + "-seed-" + seed;
        }
    }

    /**
     * A cell trained.
     *
     * @param cell    the cell
     * @param trained its agent's files, learning curve, environment steps and seconds
     */
    public record Result(Cell cell, TrainingCells.Trained trained) {

        /** The last evaluation of the learning curve. */
        public CurvePoint last() {
            return trained.curve().last();
        }
    }

    private TrainingSweep() {
    }

    /**
     * Runs the cells on {@code engine} (null: the in-process engine with {@code threads}) and writes
     * {@code out} as a whole; returns the cells' results in cell order.
     */
    public static List<Result> run(List<Cell> cells, CellEngine engine, int threads, Path out, ProgressListener progress)
            throws IOException {
        List<String> texts = new ArrayList<>(cells.size());
        for (Cell c : cells) {
            texts.add(TrainingCells.cell(c.training()));
        }
        List<String> results;
        try (CellEngine local = engine == null ? new InProcessEngine(threads) : null) {
            CellEngine running = engine == null ? local : engine;
            results = running.run(StandardCells.TRAINING, texts, progress);
        }
        List<Result> done = new ArrayList<>(cells.size());
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
                done.add(new Result(c, trained));
            }
            csv.write(folder.path().resolve("sweep.csv"));
            folder.commit();
        }
        return done;
    }
}
