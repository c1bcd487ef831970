package io.execplace.liu.agent;

import io.execplace.liu.sim.LiuEpisode;

/**
 * The Monte-Carlo action values of LIU Eqs. 1–2, computed once the episode has ended: for the
 * decision that dispatched application {@code i} at slice {@code t_i},
 * {@code value_i = −λ·MDL_i − γ·MDL_{t>t_i} − η·DelayResult_i}, where {@code MDL_i} counts i's own
 * missed deadlines (always 0 for a regular application, so Eq. 2 is Eq. 1 without that term),
 * {@code MDL_{t>t_i}} all missed deadlines in every cluster at slices in {@code (t_i, end_i]}, and
 * {@code DelayResult_i} the mean ratio of actual to optimal running time over i's runs.
 */
public final class MonteCarloValues {

    private MonteCarloValues() {
    }

    /** The value of the decision that dispatched application {@code app}. */
    public static double value(LiuEpisode episode, int app, double lambda, double gamma, double eta) {
        LiuEpisode.AppOutcome a = episode.app(app);
        double own = a.category().timeCritical() ? lambda * a.missed() : 0;
        return -own - gamma * episode.missedBetween(a.dispatched(), a.end()) - eta * a.delayResult();
    }
}
