package io.execplace.liu.sim;

/**
 * A cluster's projected future (see {@link LiuSimulation#outlook}).
 *
 * @param misses          deadlines its runs and the candidate's miss from now on
 * @param candidateMisses of which the candidate's
 * @param candidateRatio  the candidate's mean running-time ratio (0 without a candidate)
 * @param candidateWait   slices from now until the candidate's first run starts (0 without a candidate)
 * @param drain           slices from now until the last projected run finishes (0: the cluster is idle)
 * @param committedWork   executor-slices the cluster's committed runs (not the candidate's) hold from now on
 */
public record Outlook(int misses, int candidateMisses, double candidateRatio, int candidateWait, int drain,
                      long committedWork) {
}
