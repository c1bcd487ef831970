package io.execplace.schedulers.elastic;

import io.execplace.core.model.ConsolidationPolicy;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.RunningJob;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How long the live nodes would sit with executors and no pod event, which is when under-used
 * consolidation ({@code WhenEmptyOrUnderutilized}) may evict them: Karpenter takes a node once no pod
 * has come or gone for {@code consolidateAfter} and holds the choice {@value #VALIDATION_SECONDS} s
 * before it re-validates and drains (kubernetes-sigs/karpenter, v1: the {@code Consolidatable}
 * condition counts from the node's last pod event; {@code consolidationTTL}). From the running jobs'
 * finish times the future pod events of each node are known up to new arrivals: its <em>exposure</em>
 * is the sum, over the quiet stretches between them while it holds executors, of the part of the
 * stretch longer than that window, in seconds. A job placed on a node adds its start and end to the
 * node's events: a job that outlives the others on its node, or a long one on a node nothing else will
 * touch, raises it; one whose end breaks a long stretch lowers it. Seconds, not executor-seconds: on
 * seeds 1-5 (docs/elastic.md) weighing stretches by the executors they hold evicted more (380 against
 * 350 executors), as it steered jobs away from nodes already exposed, where more executors make a
 * drain less likely (Karpenter needs all of them to fit elsewhere). Pools that remove only empty nodes
 * have none.
 */
final class QuietNodes {

    /** Karpenter re-validates a consolidation choice after {@code consolidationTTL}: the node must stay quiet that long too. */
    static final double VALIDATION_SECONDS = 15;

    /** Per slot: its running jobs' executor ends, {@code [from[vm], from[vm] + count[vm])} of {@link #ends}, in time order. */
    private int[] from = new int[0];
    private int[] count = new int[0];
    private double[] ends = new double[0];
    /** The slots read for this decision (only those are reset next time). */
    private int[] touched = new int[0];
    private int touchedCount;
    private boolean active;
    /** The running jobs the ends were read from (the view's list, compared by identity), or null. */
    private List<RunningJob> loadedFrom;

    /**
     * Reads the running jobs' ends per node; false (and no exposure anywhere) when no pool consolidates
     * under-used nodes or the view does not know its running jobs.
     */
    boolean load(ClusterView view) {
        active = false;
        if (!view.cluster().isElastic() || !underusedPool(view.cluster().pools())) {
            return false;
        }
        // Only where the executors run and when they end matter here: the layout list stays the same
        // while protections' time left moves with the clock.
        Optional<List<RunningJob>> running = view.runningLayout();
        if (running.isEmpty()) {
            return false;
        }
        if (running.get() == loadedFrom) {
            // The same list as the last decision's (the simulator hands it out again while nothing ran or
            // ended): the ends read then still hold.
            active = true;
            return true;
        }
        loadedFrom = null;
        int n = view.vmCount();
        if (from.length < n) {
            from = new int[n];
            count = new int[n];
            touched = new int[n];
        }
        for (int k = 0; k < touchedCount; k++) {
            count[touched[k]] = 0;
        }
        touchedCount = 0;
        int executors = 0;
        for (RunningJob r : running.get()) {
            for (int e = 0; e < r.placement().executors(); e++) {
                int vm = r.placement().vm(e);
                if (count[vm]++ == 0) {
                    touched[touchedCount++] = vm;
                }
                executors++;
            }
        }
        if (ends.length < executors) {
            ends = new double[Math.max(executors, 2 * ends.length)];
        }
        int at = 0;
        for (int k = 0; k < touchedCount; k++) {
            int vm = touched[k];
            from[vm] = at;
            at += count[vm];
            count[vm] = 0;
        }
        for (RunningJob r : running.get()) {
            for (int e = 0; e < r.placement().executors(); e++) {
                int vm = r.placement().vm(e);
                ends[from[vm] + count[vm]++] = r.finish();
            }
        }
        for (int k = 0; k < touchedCount; k++) {
            int vm = touched[k];
            Arrays.sort(ends, from[vm], from[vm] + count[vm]);
        }
        loadedFrom = running.get();
        active = true;
        return true;
    }

    private static boolean underusedPool(NodePools pools) {
        for (NodePool pool : pools.pools()) {
            if (pool.consolidationPolicy() == ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED) {
                return true;
            }
        }
        return false;
    }

    /**
     * How long a node of slot {@code vm}'s pool may sit unchanged with executors before under-used
     * consolidation can drain it; infinite for a pool that removes only empty nodes.
     */
    private static double window(NodePools pools, int vm) {
        NodePool pool = pools.pool(vm);
        return pool.consolidationPolicy() == ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED
                ? pool.consolidateAfterSeconds() + VALIDATION_SECONDS : Double.POSITIVE_INFINITY;
    }

    /**
     * The exposure a job running {@code duration} adds to node {@code vm} by putting executors there
     * (negative when its end breaks a long quiet stretch), in seconds.
     */
    double added(ClusterView view, int vm, double duration) {
        if (!active) {
            return 0;
        }
        double quiet = window(view.cluster().pools(), vm);
        if (quiet == Double.POSITIVE_INFINITY) {
            return 0;
        }
        double start = view.now() + view.readyIn(vm);
        double end = start + duration;
        return exposure(vm, start, end, true, quiet) - exposure(vm, start, end, false, quiet);
    }

    /**
     * Seconds the node spends from {@code start} (the job's pod event) with executors, in quiet stretches
     * longer than {@code quiet}, with the job's executors on it until {@code end} or not ({@code withJob}).
     */
    private double exposure(int vm, double start, double end, boolean withJob, double quiet) {
        int i = from[vm];
        int last = i + count[vm];
        while (i < last && ends[i] <= start) {
            i++;
        }
        boolean jobThere = withJob;
        double previous = start;
        double total = 0;
        while (jobThere || i < last) {
            double next;
            if (jobThere && (i == last || end <= ends[i])) {
                next = end;
                jobThere = false;
            } else {
                next = ends[i++];
            }
            total += Math.max(0, next - previous - quiet);
            previous = next;
        }
        return total;
    }
}
