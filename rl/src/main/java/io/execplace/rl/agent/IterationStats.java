package io.execplace.rl.agent;

/**
 * What one training iteration did.
 *
 * @param envSteps         environment steps taken in the iteration
 * @param episodesFinished training episodes that ended in the iteration
 * @param meanReturn       mean undiscounted return of those episodes (NaN when none ended)
 * @param loss             the minimised loss of the last update (NaN when no update happened)
 * @param diagnostics      entropy, value loss and PPO's figures, averaged over the iteration's updates
 */
public record IterationStats(int envSteps, int episodesFinished, double meanReturn, double loss,
                             Diagnostics diagnostics) {

    /** An iteration without diagnostics. */
    public IterationStats(int envSteps, int episodesFinished, double meanReturn, double loss) {
        this(envSteps, episodesFinished, meanReturn, loss, Diagnostics.NONE);
    }
}
