package io.execplace.spark.profile;

import io.execplace.core.model.JobType;

import java.util.List;

/**
 * What {@code execplace profile} measures: job types × input sizes × executor counts × the two
 * layouts (one for a single executor, which every layout places alike), each run {@code repetitions}
 * times after one unmeasured warm-up run per type and Spark context.
 *
 * @param types          job types
 * @param sizesMb        input sizes, MB
 * @param executorCounts executor counts
 * @param repetitions    measured runs per cell
 * @param seed           seed of the generated inputs
 */
record ProfilePlan(List<JobType> types, List<Integer> sizesMb, List<Integer> executorCounts, int repetitions, long seed) {

    ProfilePlan {
        types = List.copyOf(types);
        sizesMb = List.copyOf(sizesMb);
        executorCounts = List.copyOf(executorCounts);
        if (types.isEmpty() || sizesMb.isEmpty() || executorCounts.isEmpty()) {
            throw new IllegalArgumentException("a profile needs at least one type, size and executor count");
        }
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions must be at least 1, got " + repetitions);
        }
    }

    /** Spark contexts the plan starts: one for a single executor, two (spread, consolidated) for more. */
    int contexts() {
        return executorCounts.stream().mapToInt(e -> e == 1 ? 1 : 2).sum();
    }

    /** Measured runs in all. */
    long runs() {
        return (long) contexts() * types.size() * sizesMb.size() * repetitions;
    }
}
