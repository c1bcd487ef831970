package io.execplace.rl.train;

import io.execplace.rl.agent.IterationStats;

import java.nio.file.Path;

/** Progress of a training run (the command line shows it; tests ignore it). */
public interface TrainingListener {

    /** After every iteration; {@code recentReturn} is the mean return of training episodes since the last evaluation. */
    default void iterationDone(int iteration, int iterations, IterationStats stats, double recentReturn) {
    }

    /** After each evaluation (the curve CSV has been written). */
    default void evaluated(CurvePoint point, LearningCurve curve) {
    }

    /** After each checkpoint. */
    default void checkpointed(int iteration, Path checkpoint) {
    }

    TrainingListener NONE = new TrainingListener() {
    };
}
