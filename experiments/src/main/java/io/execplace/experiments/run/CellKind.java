package io.execplace.experiments.run;

import io.execplace.experiments.training.TrainingCells;

/**
 * What a cell is, and the stateless function that runs one: text in, text out. An enum so that an
 * engine can send "which function" to another JVM by name (Spark serialises an enum constant as its
 * name); the cell and result texts are documented in docs/spark.md.
 */
public enum CellKind {

    /** One (scheduler, seed) simulation run of a scenario: {@code compare}, {@code reproduce hybrid}. */
    SCENARIO {
        @Override
        public String run(String cell) {
            return ScenarioCells.run(cell);
        }
    },

    /** One training of an agent: {@code train --sweep}, {@code reproduce tpds}. */
    TRAINING {
        @Override
        public String run(String cell) {
            return TrainingCells.run(cell);
        }
    };

    /** Runs one cell given as text and returns its result as text. */
    public abstract String run(String cell);
}
