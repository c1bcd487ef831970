package io.execplace.rl.env;

import io.execplace.core.metrics.CapacityStats;

/**
 * What an episode achieved in the cluster — the results a study reports — as an environment tells
 * it through {@link Env#outcome()}. Means are NaN when they do not apply (an episode that did not
 * complete, no job with a deadline). The return and length of an episode are not here: they are
 * counted by the {@link EpisodeStatistics} wrapper, as for any environment.
 *
 * @param completed          every job was placed
 * @param endEvent           the event of the last step (null before the first step)
 * @param episodeReward      the completion reward (TPDS {@code R_epi}, Eq. 14), or NaN when not completed
 * @param cost               total VM cost (price × busy seconds), or NaN when not completed
 * @param meanDuration       mean job duration in seconds, penalties included, or NaN when not completed
 * @param meanTurnaround     mean completion − arrival in seconds, or NaN when not completed
 * @param deadlineMetPercent placed jobs with a deadline that meet it, in % of jobs with a deadline; NaN without any
 * @param jobsPlaced         jobs whose executors were all placed
 * @param jobs               jobs in the episode
 * @param jobsDropped        jobs of the workload left out of the episode (they fit no empty cluster)
 * @param goodPlacements     placed jobs whose layout suits their type (TPDS Fig. 8)
 * @param waits              wait actions taken
 * @param capacity           what an elastic cluster's capacity did so far: nodes bought, node-hours,
 *                           interruptions ({@link CapacityStats#NONE} on a fixed cluster)
 */
public record EpisodeOutcome(boolean completed, StepEvent endEvent, double episodeReward, double cost,
                             double meanDuration, double meanTurnaround, double deadlineMetPercent, int jobsPlaced,
                             int jobs, int jobsDropped, int goodPlacements, int waits,
                             CapacityStats capacity) {

    /** A builder; unset numbers are NaN (means) or 0 (counts), the capacity {@link CapacityStats#NONE}. */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds an {@link EpisodeOutcome} field by field, so that no two numbers can be swapped silently. */
    public static final class Builder {
        private boolean completed;
        private StepEvent endEvent;
        private double episodeReward = Double.NaN;
        private double cost = Double.NaN;
        private double meanDuration = Double.NaN;
        private double meanTurnaround = Double.NaN;
        private double deadlineMetPercent = Double.NaN;
        private int jobsPlaced;
        private int jobs;
        private int jobsDropped;
        private int goodPlacements;
        private int waits;
        private CapacityStats capacity = CapacityStats.NONE;

        private Builder() {
        }

        public Builder completed(boolean v) {
            completed = v;
            return this;
        }

        public Builder endEvent(StepEvent v) {
            endEvent = v;
            return this;
        }

        public Builder episodeReward(double v) {
            episodeReward = v;
            return this;
        }

        public Builder cost(double v) {
            cost = v;
            return this;
        }

        public Builder meanDuration(double v) {
            meanDuration = v;
            return this;
        }

        public Builder meanTurnaround(double v) {
            meanTurnaround = v;
            return this;
        }

        public Builder deadlineMetPercent(double v) {
            deadlineMetPercent = v;
            return this;
        }

        public Builder jobsPlaced(int v) {
            jobsPlaced = v;
            return this;
        }

        public Builder jobs(int v) {
            jobs = v;
            return this;
        }

        public Builder jobsDropped(int v) {
            jobsDropped = v;
            return this;
        }

        public Builder goodPlacements(int v) {
            goodPlacements = v;
            return this;
        }

        public Builder waits(int v) {
            waits = v;
            return this;
        }

        public Builder capacity(CapacityStats v) {
            capacity = v;
            return this;
        }

        public EpisodeOutcome build() {
            return new EpisodeOutcome(completed, endEvent, episodeReward, cost, meanDuration, meanTurnaround,
                    deadlineMetPercent, jobsPlaced, jobs, jobsDropped, goodPlacements, waits, capacity);
        }
    }
}
