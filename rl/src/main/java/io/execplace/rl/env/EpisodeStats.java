package io.execplace.rl.env;

/**
 * The outcome of one finished episode of the TPDS environment.
 *
 * @param completed      every job was placed (the episode earned {@code R_epi})
 * @param endEvent       the event that ended the episode
 * @param steps          actions taken
 * @param totalReward    undiscounted sum of rewards
 * @param episodeReward  {@code R_epi} (Eq. 14), or NaN when the episode did not complete
 * @param cost           total VM cost (price × busy seconds, as the simulator), or NaN when not completed
 * @param meanDuration   mean job duration in seconds, penalties included, or NaN when not completed
 * @param meanTurnaround mean completion − arrival in seconds, or NaN when not completed
 * @param jobsPlaced     jobs whose executors were all placed
 * @param jobs           jobs in the episode (those that fit the empty cluster)
 * @param goodPlacements placed jobs whose layout suits their type (TPDS Fig. 8)
 * @param waits          wait actions (action 0) taken
 */
public record EpisodeStats(boolean completed, StepEvent endEvent, int steps, double totalReward, double episodeReward,
                           double cost, double meanDuration, double meanTurnaround, int jobsPlaced, int jobs,
                           int goodPlacements, int waits) {
}
