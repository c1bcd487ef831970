package io.execplace.core.workload;

import io.execplace.core.model.ExecutorDemand;
import io.execplace.core.model.Job;
import io.execplace.core.model.Workload;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a workload's jobs into applications with dynamic allocation: each job's executors become its
 * maximum ({@code spark.dynamicAllocation.maxExecutors}), a quarter of them (at least one) its floor,
 * and its run a sequence of stages, each wanting its own number of executors between the two.
 *
 * <p>The shape is a generator's, not a measurement: 2 to 6 stages with uniformly drawn boundaries,
 * each stage wanting a uniform count from the floor to the maximum, one stage (drawn) at the maximum;
 * idle timeout Spark's default, 60 s. Real executor timelines come from event logs
 * ({@code import-eventlogs}); docs/elastic.md compares the two.
 */
public final class DynamicDemands {

    private static final int MIN_STAGES = 2;
    private static final int MAX_STAGES = 6;

    private DynamicDemands() {
    }

    /**
     * The workload with every job of at least two executors using dynamic allocation, drawn from
     * {@code seed}; jobs keep their ids, arrivals, sizes, durations and deadlines.
     */
    public static Workload apply(Workload workload, long seed) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed ^ 0x6461L);
        List<Job> jobs = new ArrayList<>(workload.size());
        Map<Integer, ExecutorDemand> demands = new HashMap<>();
        for (Job job : workload.jobs()) {
            int most = job.executors();
            if (most < 2) {
                jobs.add(job);
                continue;
            }
            int floor = Math.max(1, most / 4);
            int stages = MIN_STAGES + rng.nextInt(MAX_STAGES - MIN_STAGES + 1);
            double[] at = new double[stages];
            for (int s = 1; s < stages; s++) {
                at[s] = Math.rint(rng.nextDouble() * job.baseDuration());
            }
            Arrays.sort(at);
            at = Arrays.stream(at).distinct().toArray();
            int[] wanted = new int[at.length];
            for (int s = 0; s < at.length; s++) {
                wanted[s] = floor + rng.nextInt(most - floor + 1);
            }
            wanted[rng.nextInt(at.length)] = most;
            jobs.add(job.withExecutors(floor));
            demands.put(job.id(), merged(at, wanted));
        }
        return new Workload(workload.name() + "/dynamic", jobs, demands);
    }

    /** The steps, a step that wants what the one before it wants left out. */
    private static ExecutorDemand merged(double[] at, int[] wanted) {
        double[] a = new double[at.length];
        int[] w = new int[at.length];
        int k = 0;
        for (int s = 0; s < at.length; s++) {
            if (k == 0 || w[k - 1] != wanted[s]) {
                a[k] = at[s];
                w[k] = wanted[s];
                k++;
            }
        }
        return new ExecutorDemand(Arrays.copyOf(a, k), Arrays.copyOf(w, k), ExecutorDemand.SPARK_IDLE_TIMEOUT_SECONDS);
    }
}
