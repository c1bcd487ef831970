package io.execplace.core.workload;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.DiscreteUniformSampler;
import org.apache.commons.rng.sampling.distribution.SharedStateDiscreteSampler;

/** Draws one job's executor request (cores, memory, executors) uniformly from {@link RequestRanges}. */
final class RequestSampler {

    private final SharedStateDiscreteSampler cores;
    private final SharedStateDiscreteSampler memory;
    private final SharedStateDiscreteSampler executors;

    RequestSampler(UniformRandomProvider rng, RequestRanges ranges) {
        cores = DiscreteUniformSampler.of(rng, ranges.minCores(), ranges.maxCores());
        memory = DiscreteUniformSampler.of(rng, ranges.minMemoryGb(), ranges.maxMemoryGb());
        executors = DiscreteUniformSampler.of(rng, ranges.minExecutors(), ranges.maxExecutors());
    }

    /** Cores, memory GB and executors, drawn in that fixed order (the order is part of determinism). */
    Request next() {
        int c = cores.sample();
        int m = memory.sample();
        int e = executors.sample();
        return new Request(c, m, e);
    }

    record Request(int cores, int memoryGb, int executors) {
    }
}
