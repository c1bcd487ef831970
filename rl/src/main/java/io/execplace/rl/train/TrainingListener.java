package io.execplace.rl.train;

import io.execplace.core.progress.ProgressListener;
import io.execplace.rl.agent.IterationStats;

import java.nio.file.Path;

/**
 * What a training run tells as it goes: its iterations (progress) and the evaluations and checkpoints
 * it has written (the command line draws curves from them; tests ignore them).
 */
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

    /** Iterations told to {@code progress} (iteration of iterations), evaluations and checkpoints not. */
    static TrainingListener reporting(ProgressListener progress) {
        return new TrainingListener() {
            @Override
            public void iterationDone(int iteration, int iterations, IterationStats stats, double recentReturn) {
                progress.advanced(iteration, iterations, null);
            }
        };
    }
}
