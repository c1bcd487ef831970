package io.execplace.rl.env;

import io.execplace.core.rules.HjsWeightOrder;

/**
 * Settings of the HJS environment ({@link HjsEnv}).
 *
 * @param lambda      λ of the {@code hjs-weight} order in which jobs are offered (HJS Eq. 8)
 * @param rewards     the immediate rewards (HJS Table 1)
 * @param observation normalisation, action mask and step limit, as the TPDS environment's; the mask
 *                    allows only placements that keep the job placeable, and a skip only before any
 *                    executor of the job is placed and while some job runs
 */
public record HjsEnvConfig(double lambda, Rewards rewards, ObservationSettings observation) {

    /**
     * HJS Table 1, plus the dead end every environment needs.
     *
     * @param jobPlaced    the last executor of a job placed: the job starts (+1)
     * @param invalid      a placement on a node without room (−200, episode ends)
     * @param skip         a skip (−1): the job is not placed now and the clock moves to the next event
     * @param jobCompleted a job finished (+10, paid on the step during which it finishes)
     * @param deadEnd      a skip while nothing runs: nothing could ever free room (−200, episode ends;
     *                     not in Table 1, as TPDS Table 3's wait while nothing runs)
     */
    public record Rewards(double jobPlaced, double invalid, double skip, double jobCompleted, double deadEnd) {

        /** HJS Table 1. */
        public static final Rewards PAPER = new Rewards(1, -200, -1, 10, -200);

        public Rewards {
            for (double r : new double[]{jobPlaced, invalid, skip, jobCompleted, deadEnd}) {
                if (!Double.isFinite(r)) {
                    throw new IllegalArgumentException("rewards must be finite numbers, got " + r);
                }
            }
        }
    }

    public HjsEnvConfig {
        new HjsWeightOrder(lambda); // validates λ
        if (rewards == null) {
            throw new IllegalArgumentException("rewards are required");
        }
        if (observation == null) {
            throw new IllegalArgumentException("observation settings are required");
        }
    }

    /** Table 1 rewards, λ as given, normalised observations with the action mask. */
    public static HjsEnvConfig of(double lambda) {
        return new HjsEnvConfig(lambda, Rewards.PAPER, new ObservationSettings(true, true, 0));
    }

    public HjsEnvConfig withLambda(double l) {
        return new HjsEnvConfig(l, rewards, observation);
    }

    public HjsEnvConfig withObservation(ObservationSettings o) {
        return new HjsEnvConfig(lambda, rewards, o);
    }

    /** The queue order the environment offers jobs in. */
    public HjsWeightOrder queue() {
        return new HjsWeightOrder(lambda);
    }
}
