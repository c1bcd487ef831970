package io.execplace.rl.train;

import io.execplace.rl.agent.Diagnostics;

/**
 * One evaluation point of a learning curve (TPDS Figs. 4–5 plot {@code evalMeanReturn}).
 *
 * @param iteration        training iterations done
 * @param envSteps         environment steps taken in training so far
 * @param episodes         training episodes finished so far
 * @param trainMeanReturn  mean return of the training episodes that ended since the previous point (NaN if none)
 * @param evalMeanReturn   mean undiscounted return of the greedy evaluation episodes
 * @param evalCompleted    fraction of evaluation episodes that placed every job
 * @param evalMeanCost     mean VM cost of the completed evaluation episodes (NaN if none)
 * @param evalMeanDuration mean job duration of the completed evaluation episodes, seconds (NaN if none)
 * @param evalMeanGood     mean good placements of the completed evaluation episodes (NaN if none)
 * @param training         the training diagnostics averaged over the iterations since the previous point
 */
public record CurvePoint(int iteration, long envSteps, long episodes, double trainMeanReturn, double evalMeanReturn,
                         double evalCompleted, double evalMeanCost, double evalMeanDuration, double evalMeanGood,
                         Diagnostics training) {

    static final String[] COLUMNS = {"iteration", "env_steps", "episodes", "train_mean_return", "eval_mean_return",
        "eval_completed", "eval_mean_cost", "eval_mean_duration_s", "eval_mean_good_placements",
        "policy_entropy", "value_loss", "approx_kl", "clip_fraction", "explained_variance"};
    /** Values per point before the diagnostics were recorded (older checkpoints). */
    static final int OLD_WIDTH = 9;

    double[] toArray() {
        double[] a = new double[COLUMNS.length];
        double[] head = {iteration, envSteps, episodes, trainMeanReturn, evalMeanReturn, evalCompleted, evalMeanCost,
            evalMeanDuration, evalMeanGood};
        System.arraycopy(head, 0, a, 0, OLD_WIDTH);
        System.arraycopy(training.toArray(), 0, a, OLD_WIDTH, Diagnostics.SIZE);
        return a;
    }

    /** A point at {@code iteration} after {@code envSteps} steps and {@code episodes} training episodes. */
    static Builder at(int iteration, long envSteps, long episodes) {
        return new Builder(iteration, envSteps, episodes);
    }

    /** Builds a {@link CurvePoint} by name, so that no two of its many numbers can be swapped silently. */
    static final class Builder {
        private final int iteration;
        private final long envSteps;
        private final long episodes;
        private double trainMeanReturn = Double.NaN;
        private Evaluation.Result evaluation;
        private Diagnostics training = Diagnostics.NONE;

        private Builder(int iteration, long envSteps, long episodes) {
            this.iteration = iteration;
            this.envSteps = envSteps;
            this.episodes = episodes;
        }

        Builder trainMeanReturn(double v) {
            trainMeanReturn = v;
            return this;
        }

        Builder evaluation(Evaluation.Result r) {
            evaluation = r;
            return this;
        }

        Builder training(Diagnostics d) {
            training = d;
            return this;
        }

        CurvePoint build() {
            return new CurvePoint(iteration, envSteps, episodes, trainMeanReturn, evaluation.meanReturn(),
                    evaluation.completed(), evaluation.meanCost(), evaluation.meanDuration(), evaluation.meanGood(),
                    training);
        }
    }

    static CurvePoint fromArray(double[] a, int from, int width) {
        return new CurvePoint((int) a[from], (long) a[from + 1], (long) a[from + 2], a[from + 3], a[from + 4],
                a[from + 5], a[from + 6], a[from + 7], a[from + 8],
                width > OLD_WIDTH ? Diagnostics.fromArray(a, from + OLD_WIDTH) : Diagnostics.NONE);
    }
}
