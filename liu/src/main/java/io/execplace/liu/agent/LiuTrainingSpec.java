package io.execplace.liu.agent;

import io.execplace.liu.model.LiuWorkloadSpec;

/**
 * One LIU training run.
 *
 * @param workload           training workloads are drawn from this spec, a fresh one per episode
 * @param episodes           training episodes (2,000)
 * @param seed               seeds the network, the exploration and the training workloads
 * @param evalInterval       evaluate the greedy agent on the test workloads every this many episodes
 * @param checkpointInterval write a checkpoint every this many episodes (0: only at the end)
 */
public record LiuTrainingSpec(LiuWorkloadSpec workload, int episodes, long seed, int evalInterval,
                              int checkpointInterval) {

    public LiuTrainingSpec {
        if (episodes < 1 || episodes > 10_000_000 || evalInterval < 1 || checkpointInterval < 0) {
            throw new IllegalArgumentException("episodes must be in 1..10000000, the evaluation interval positive, "
                    + "the checkpoint interval at least 0");
        }
    }

    /** Seed of the workload of 0-based training episode {@code e}; disjoint from {@link #testSeed}. */
    public long trainingSeed(int e) {
        return seed * 1_000_003L + e;
    }

    /** Seed of test workload {@code i} (held out: never a training seed for seeds below 2^40). */
    public static long testSeed(long base, int i) {
        return (1L << 62) + base * 10_007L + i;
    }
}
