package io.execplace.rl.env;

/**
 * The episodic reward of TPDS Eq. 7–14:
 * {@code R_epi = R_fixed × (β·(1 − Cost/Cost_max) + (1 − β)·(1 − (Avg_T − Avg_Tmin)/(Avg_Tmax − Avg_Tmin)))}.
 */
public final class EpisodeReward {

    private EpisodeReward() {
    }

    /**
     * @param beta       weight of the cost term, in [0, 1]
     * @param fixed      {@code R_fixed}
     * @param cost       the episode's VM cost
     * @param maxCost    {@code Cost_max = Σ_j T_max^j × Σ_i price_i} (Eq. 7)
     * @param meanTime   {@code Avg_T}: mean job duration, penalties included (Eq. 5)
     * @param minMean    {@code Avg_Tmin}: mean of the shortest possible durations (Eq. 10)
     * @param maxMean    {@code Avg_Tmax}: mean of the longest possible durations (Eq. 11)
     */
    public static double of(double beta, double fixed, double cost, double maxCost, double meanTime,
                            double minMean, double maxMean) {
        double costTerm = maxCost > 0 ? 1 - cost / maxCost : 1;
        // Without any penalty every job runs its shortest time, which is the best the time term can say.
        double timeTerm = maxMean > minMean ? 1 - (meanTime - minMean) / (maxMean - minMean) : 1;
        return fixed * (beta * costTerm + (1 - beta) * timeTerm);
    }
}
