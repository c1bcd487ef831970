package io.execplace.core.workload;

import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousUniformSampler;
import org.apache.commons.rng.sampling.distribution.SharedStateContinuousSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Builds HYB workloads (see {@link HybridWorkloadSpec} for the formulas). Jobs are
 * {@link JobType#GENERIC}, ids run 0…N-1 in arrival order, and the same spec always yields the same
 * jobs.
 */
public final class HybridWorkloadGenerator {

    private HybridWorkloadGenerator() {
    }

    public static Workload generate(HybridWorkloadSpec spec) {
        JobStream stream = spec.stream();
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(stream.seed());
        // Samplers are created in a fixed order from one generator; per job the draws are gap,
        // cores, memory, executors, T_est, slack. Changing either order changes every workload.
        DoubleSupplier gap = stream.gapDistribution().sampler(rng, stream.meanGapSeconds());
        RequestSampler requests = new RequestSampler(rng, stream.requestRanges());
        ZigguratSampler.Exponential duration = ZigguratSampler.Exponential.of(rng, spec.durationMeanSeconds());
        // u·max with u in [0, 1) stays below max, so slack lies in [0, max).
        SharedStateContinuousSampler slack = ContinuousUniformSampler.of(rng, 0, spec.maxSlackSeconds());

        List<Job> jobs = new ArrayList<>(stream.jobs());
        double arrival = 0;
        for (int i = 0; i < stream.jobs(); i++) {
            arrival += gap.getAsDouble();
            RequestSampler.Request r = requests.next();
            double tEst = spec.durationOffsetSeconds() + duration.sample();
            double deadline = arrival + tEst + slack.sample() + spec.deadlineToleranceSeconds();
            jobs.add(new Job(i, JobType.GENERIC, arrival, r.executors(), r.cores(), r.memoryGb(), tEst, deadline));
        }
        return new Workload(stream.name() + "/seed-" + stream.seed(), jobs);
    }
}
