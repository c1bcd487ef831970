package io.execplace.rl.env;

/**
 * One finished episode as the {@link EpisodeStatistics} wrapper records it: its length and return
 * (counted by the wrapper, for any environment) and what it achieved (the environment's
 * {@link EpisodeOutcome}). The outcome's fields are repeated as accessors for convenience.
 *
 * @param steps       actions taken
 * @param totalReward undiscounted sum of rewards
 * @param outcome     the environment's results of the episode
 */
public record EpisodeStats(int steps, double totalReward, EpisodeOutcome outcome) {

    public boolean completed() {
        return outcome.completed();
    }

    public StepEvent endEvent() {
        return outcome.endEvent();
    }

    public double episodeReward() {
        return outcome.episodeReward();
    }

    public double cost() {
        return outcome.cost();
    }

    public double meanDuration() {
        return outcome.meanDuration();
    }

    public double meanTurnaround() {
        return outcome.meanTurnaround();
    }

    public int jobsPlaced() {
        return outcome.jobsPlaced();
    }

    public int jobs() {
        return outcome.jobs();
    }

    public int goodPlacements() {
        return outcome.goodPlacements();
    }

    public int waits() {
        return outcome.waits();
    }
}
