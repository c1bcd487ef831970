package io.execplace.core.workload;

import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.profile.BaseDurations;
import io.execplace.core.profile.JobProfile;
import io.execplace.core.profile.PaperProfile;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.DiscreteUniformSampler;
import org.apache.commons.rng.sampling.distribution.SharedStateDiscreteSampler;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Turns a list of arrival times into TPDS jobs: type uniform among WordCount, Sort and PageRank,
 * requests uniform from {@link RequestRanges}, base duration drawn by the {@link JobProfile} (by
 * default the papers': a uniform whole number of seconds in the type's range). Shared by the TPDS generator and the SWIM trace reader so that the same arrivals
 * and seed give the same jobs either way.
 */
public final class TpdsJobFactory {

    /** Base durations of the TPDS reference traces, seconds, inclusive (the paper only says "profiled"). */
    public static final int WORDCOUNT_MIN_SECONDS = PaperProfile.WORDCOUNT_MIN_SECONDS;
    public static final int WORDCOUNT_MAX_SECONDS = PaperProfile.WORDCOUNT_MAX_SECONDS;
    public static final int SORT_MIN_SECONDS = PaperProfile.SORT_MIN_SECONDS;
    public static final int SORT_MAX_SECONDS = PaperProfile.SORT_MAX_SECONDS;
    public static final int PAGERANK_MIN_SECONDS = PaperProfile.PAGERANK_MIN_SECONDS;
    public static final int PAGERANK_MAX_SECONDS = PaperProfile.PAGERANK_MAX_SECONDS;

    private static final JobType[] TYPES = {JobType.WORDCOUNT, JobType.SORT, JobType.PAGERANK};

    private TpdsJobFactory() {
    }

    /**
     * One job per arrival, in the given order; job {@code i} gets id {@code ids[i]}.
     *
     * @param ids      job ids, same length as {@code arrivals}
     * @param arrivals arrival times, seconds
     * @param ranges   request ranges
     * @param seed     random seed
     */
    public static List<Job> jobs(int[] ids, double[] arrivals, RequestRanges ranges, long seed) {
        return jobs(ids, arrivals, ranges, seed, JobProfile.paper());
    }

    /** As {@link #jobs(int[], double[], RequestRanges, long)}, base durations drawn by {@code profile}. */
    public static List<Job> jobs(int[] ids, double[] arrivals, RequestRanges ranges, long seed, JobProfile profile) {
        if (ids.length != arrivals.length) {
            throw new IllegalArgumentException("ids and arrivals differ in length: " + ids.length + " vs " + arrivals.length);
        }
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        // Samplers are created in a fixed order from one generator; per job the draws are
        // type, cores, memory, executors, duration. Changing either order changes every workload.
        SharedStateDiscreteSampler type = DiscreteUniformSampler.of(rng, 0, TYPES.length - 1);
        RequestSampler requests = new RequestSampler(rng, ranges);
        BaseDurations duration = profile.baseDurations(rng);
        List<Job> jobs = new ArrayList<>(arrivals.length);
        for (int i = 0; i < arrivals.length; i++) {
            int t = type.sample();
            RequestSampler.Request r = requests.next();
            double seconds = duration.next(TYPES[t], r.executors());
            jobs.add(new Job(ids[i], TYPES[t], arrivals[i], r.executors(), r.cores(), r.memoryGb(),
                    seconds, Job.NO_DEADLINE));
        }
        return jobs;
    }

    /** Inclusive base-duration range of a TPDS job type, seconds: {@code {min, max}}. */
    public static int[] durationRange(JobType type) {
        return PaperProfile.durationRange(type);
    }
}
