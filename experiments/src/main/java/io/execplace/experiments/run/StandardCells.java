package io.execplace.experiments.run;

import io.execplace.experiments.training.TrainingCells;

/** The cells of {@code compare}, {@code reproduce hybrid}, {@code train --sweep} and {@code reproduce tpds}. */
public enum StandardCells implements CellKind {

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
    }
}
