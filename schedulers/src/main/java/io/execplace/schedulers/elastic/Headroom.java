package io.execplace.schedulers.elastic;

import io.execplace.core.model.DriverPod;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Job;
import io.execplace.core.model.NodePools;
import io.execplace.core.policy.ClusterView;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Room kept ready on live nodes for the jobs that cannot wait for a node's launch: what a job whose
 * deadline slack is shorter than a launch needs at its arrival, sized from the arrivals seen so far.
 * A job is <em>short</em> when its slack at arrival (deadline minus arrival minus its work) is under
 * {@link #SHORT_LAUNCHES} mean launch delays: buying a node for it would most likely miss. The target
 * ({@link #cores}) is the {@link #QUANTILE} quantile of the last {@link #WINDOW} short jobs' demands —
 * in cores, memory counted as cores at the pool's memory per core, driver included — when the short
 * jobs arrive often enough that at least {@link #EXPECTED_ARRIVALS} of them are expected within one
 * launch delay (the time a node bought now takes to replace the room they take) — their count in the
 * window over the time from the oldest to now — else none.
 * Only arrivals the run has already shown the policy are counted: no future is read. One per run.
 */
final class Headroom {

    /** Short jobs remembered (their arrivals give the rate, their demands the size). */
    static final int WINDOW = 32;
    /** A job is short when its slack is under this many mean launch delays. */
    static final double SHORT_LAUNCHES = 1.5;
    /** Which quantile of the short jobs' demands the room covers. */
    static final double QUANTILE = 0.5;
    /** Short arrivals expected within one launch delay for any room to be kept. */
    static final double EXPECTED_ARRIVALS = 0.25;

    private final Set<Integer> seen = new HashSet<>();
    private final double[] arrivals = new double[WINDOW];
    private final double[] demands = new double[WINDOW];
    private final double[] sorted = new double[WINDOW];
    private int count;

    /** Records the job's arrival the first time the run shows it (a stopped job placed again is not a new arrival). */
    void observe(Job job, ClusterView view) {
        if (!seen.add(job.id())) {
            return;
        }
        if (isShort(job, view)) {
            arrivals[count % WINDOW] = job.arrival();
            demands[count % WINDOW] = demandCores(job, view.cluster().pools());
            count++;
        }
    }

    /** True when the job's slack at arrival is under {@link #SHORT_LAUNCHES} mean launch delays. */
    boolean isShort(Job job, ClusterView view) {
        return job.hasDeadline() && job.deadline() - job.arrival() - job.baseDuration()
                < SHORT_LAUNCHES * SpotRisk.onDemandLaunchSeconds(view.cluster().pools());
    }

    /** The room to keep free on live ready nodes now, in cores (0: none). */
    double cores(ClusterView view) {
        if (count < 2) {
            return 0;
        }
        int n = Math.min(count, WINDOW);
        // Up to now, not to the newest short arrival: the rate falls while no short job comes.
        double span = view.now() - arrivals[(count - n) % WINDOW];
        if (!(span > 0)) {
            return 0;
        }
        double perSecond = n / span;
        if (perSecond * SpotRisk.onDemandLaunchSeconds(view.cluster().pools()) < EXPECTED_ARRIVALS) {
            return 0;
        }
        for (int k = 0; k < n; k++) {
            sorted[k] = demands[(count - 1 - k) % WINDOW];
        }
        Arrays.sort(sorted, 0, n);
        return sorted[Math.min(n - 1, (int) Math.floor(QUANTILE * n))];
    }

    /**
     * A job's demand in cores: its executors' cores, or their memory at the pools' memory per core
     * where that is more, plus its driver pod's where the pools model one.
     */
    static double demandCores(Job job, NodePools pools) {
        DriverPod driver = pools.drivers();
        double drivers = driver == null ? 0 : Math.max(driver.cores(), driver.memoryGb() / memoryPerCore(pools));
        return job.executors() * executorCores(job, pools) + drivers;
    }

    /** One executor's demand in cores: its cores, or its memory at the pools' memory per core where that is more. */
    static double executorCores(Job job, NodePools pools) {
        return Math.max(job.coresPerExecutor(), job.memoryGbPerExecutor() / memoryPerCore(pools));
    }

    /** Memory per core of the first pool's first instance type (the presets' types share one ratio). */
    static double memoryPerCore(NodePools pools) {
        InstanceType type = pools.pools().get(0).instanceTypes().get(0);
        return type.memoryGb() / type.cores();
    }
}
