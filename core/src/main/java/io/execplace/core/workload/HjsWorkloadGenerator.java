package io.execplace.core.workload;

import io.execplace.core.model.Job;
import io.execplace.core.model.Workload;
import io.execplace.core.profile.JobProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.PermutationSampler;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Builds HJS job sets (see {@link HjsWorkloadSpec}). Job ids run 0…N-1 in arrival order; the same
 * spec always yields the same jobs. Job types, requests and durations come from
 * {@link TpdsJobFactory} with the spec's seed, so an HJS job set is a TPDS workload plus arrivals
 * and deadlines; those are drawn from a second generator so that the two do not share draws.
 */
public final class HjsWorkloadGenerator {

    /** Mixed into the seed of the arrival/deadline generator. */
    private static final long STREAM = 0x484a53L; // "HJS"

    private HjsWorkloadGenerator() {
    }

    public static Workload generate(HjsWorkloadSpec spec) {
        return generate(spec, JobProfile.paper());
    }

    /** As {@link #generate(HjsWorkloadSpec)}, base durations drawn by {@code profile}. */
    public static Workload generate(HjsWorkloadSpec spec, JobProfile profile) {
        JobStream stream = spec.stream();
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(new long[]{stream.seed(), STREAM});
        int n = stream.jobs();
        // Draw order: all gaps, then which jobs have deadlines, then one slack draw per deadline job.
        double[] arrivals = new double[n];
        int[] ids = new int[n];
        double t = 0;
        DoubleSupplier gap = stream.gapDistribution().sampler(rng, stream.meanGapSeconds());
        for (int i = 0; i < n; i++) {
            t += gap.getAsDouble();
            arrivals[i] = t;
            ids[i] = i;
        }
        boolean[] hasDeadline = new boolean[n];
        int[] chosen = PermutationSampler.natural(n);
        PermutationSampler.shuffle(rng, chosen);
        for (int k = 0; k < spec.deadlineJobs(); k++) {
            hasDeadline[chosen[k]] = true;
        }
        List<Job> base = TpdsJobFactory.jobs(ids, arrivals, stream.requestRanges(), stream.seed(), profile);
        List<Job> jobs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Job j = base.get(i);
            if (hasDeadline[i]) {
                double u = 2 * rng.nextDouble();
                jobs.add(j.withDeadline(j.arrival() + j.baseDuration() * (1 + spec.deadlineSlack() * u)));
            } else {
                jobs.add(j);
            }
        }
        return new Workload(stream.name() + "/seed-" + stream.seed(), jobs);
    }
}
