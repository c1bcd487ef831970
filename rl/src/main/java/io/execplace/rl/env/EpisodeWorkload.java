package io.execplace.rl.env;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.ExecutorDemand;
import io.execplace.core.model.Job;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.DurationModel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A workload prepared for fast episodes: the jobs that fit the empty cluster (the simulator drops
 * the others on arrival, and so does the environment), their executor demands (dynamic allocation)
 * and the constants of {@code R_epi}, which count every job with its floor of executors.
 */
final class EpisodeWorkload {

    final Workload source;
    final Job[] jobs;
    final int dropped;
    /** Executor demands by job id (dynamic allocation; empty for fixed executors). */
    final Map<Integer, ExecutorDemand> demands;
    /** True when a kept job's demand asks for more than its floor: the kernel then makes executor requests. */
    final boolean dynamic;
    /** {@code Cost_max = Σ_j T_max^j × Σ_i price_i} (TPDS Eq. 7). */
    final double maxCost;
    /** {@code Avg_Tmin} (Eq. 10): mean of the shortest durations. */
    final double minMeanDuration;
    /** {@code Avg_Tmax} (Eq. 11): mean of the longest durations. */
    final double maxMeanDuration;
    final int maxExecutors;
    /** The shortest possible duration of each job. */
    final double[] minDuration;
    /** The longest possible duration of any job: the longest a VM can stay busy ahead of the clock. */
    final double longestDuration;
    /** {@code D_num} of HJS Eq. 5: the jobs with a deadline. */
    final int deadlineJobs;

    EpisodeWorkload(Workload workload, Cluster cluster, DurationModel model) {
        this.source = workload;
        List<Job> kept = new ArrayList<>(workload.size());
        for (Job job : workload.jobs()) {
            if (cluster.executorCapacityWhenEmpty(job.coresPerExecutor(), job.memoryGbPerExecutor()) >= job.executors()) {
                kept.add(job);
            }
        }
        if (kept.isEmpty()) {
            throw new IllegalArgumentException("workload '" + workload.name() + "' has no job that fits cluster '"
                    + cluster.name() + "'");
        }
        jobs = kept.toArray(new Job[0]);
        dropped = workload.size() - jobs.length;
        demands = workload.demands();
        boolean above = false;
        for (Job job : jobs) {
            ExecutorDemand d = demands.get(job.id());
            above |= d != null && d.most() > job.executors();
        }
        dynamic = above;
        minDuration = new double[jobs.length];
        double sumMax = 0;
        double sumMin = 0;
        double longest = 0;
        int most = 1;
        int withDeadline = 0;
        for (int j = 0; j < jobs.length; j++) {
            withDeadline += jobs[j].hasDeadline() ? 1 : 0;
            double max = model.maxDuration(jobs[j], cluster);
            sumMax += max;
            longest = Math.max(longest, max);
            minDuration[j] = model.minDuration(jobs[j], cluster);
            sumMin += minDuration[j];
            most = Math.max(most, jobs[j].executors());
        }
        maxExecutors = most;
        deadlineJobs = withDeadline;
        longestDuration = longest;
        maxCost = sumMax * cluster.totalPricePerSecond();
        minMeanDuration = sumMin / jobs.length;
        maxMeanDuration = sumMax / jobs.length;
    }
}
