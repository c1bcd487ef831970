package io.execplace.core.workload;

import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.DiscreteUniformSampler;
import org.apache.commons.rng.sampling.distribution.SharedStateDiscreteSampler;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Turns a list of arrival times into TPDS jobs: type uniform among WordCount, Sort and PageRank,
 * requests uniform from {@link RequestRanges}, base duration a uniform whole number of seconds in
 * the type's range. Shared by the TPDS generator and the SWIM trace reader so that the same arrivals
 * and seed give the same jobs either way.
 */
public final class TpdsJobFactory {

    /** Base durations of the TPDS reference traces, seconds, inclusive (the paper only says "profiled"). */
    public static final int WORDCOUNT_MIN_SECONDS = 34;
    public static final int WORDCOUNT_MAX_SECONDS = 74;
    public static final int SORT_MIN_SECONDS = 29;
    public static final int SORT_MAX_SECONDS = 46;
    public static final int PAGERANK_MIN_SECONDS = 100;
    public static final int PAGERANK_MAX_SECONDS = 157;

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
        if (ids.length != arrivals.length) {
            throw new IllegalArgumentException("ids and arrivals differ in length: " + ids.length + " vs " + arrivals.length);
        }
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        // Samplers are created in a fixed order from one generator; per job the draws are
        // type, cores, memory, executors, duration. Changing either order changes every workload.
        SharedStateDiscreteSampler type = DiscreteUniformSampler.of(rng, 0, TYPES.length - 1);
        RequestSampler requests = new RequestSampler(rng, ranges);
        SharedStateDiscreteSampler[] duration = {
            DiscreteUniformSampler.of(rng, WORDCOUNT_MIN_SECONDS, WORDCOUNT_MAX_SECONDS),
            DiscreteUniformSampler.of(rng, SORT_MIN_SECONDS, SORT_MAX_SECONDS),
            DiscreteUniformSampler.of(rng, PAGERANK_MIN_SECONDS, PAGERANK_MAX_SECONDS),
        };
        List<Job> jobs = new ArrayList<>(arrivals.length);
        for (int i = 0; i < arrivals.length; i++) {
            int t = type.sample();
            RequestSampler.Request r = requests.next();
            int seconds = duration[t].sample();
            jobs.add(new Job(ids[i], TYPES[t], arrivals[i], r.executors(), r.cores(), r.memoryGb(),
                    seconds, Job.NO_DEADLINE));
        }
        return jobs;
    }

    /** Inclusive base-duration range of a TPDS job type, seconds: {@code {min, max}}. */
    public static int[] durationRange(JobType type) {
        return switch (type) {
            case WORDCOUNT -> new int[]{WORDCOUNT_MIN_SECONDS, WORDCOUNT_MAX_SECONDS};
            case SORT -> new int[]{SORT_MIN_SECONDS, SORT_MAX_SECONDS};
            case PAGERANK -> new int[]{PAGERANK_MIN_SECONDS, PAGERANK_MAX_SECONDS};
            case GENERIC -> throw new IllegalArgumentException("TPDS jobs have no generic type");
        };
    }
}
