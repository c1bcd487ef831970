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

    /** Per slot: its running jobs' executor ends, the first {@code count[vm]} of {@code ends[vm]}, in time order. */
    private double[][] ends = new double[0][];
    private int[] count = new int[0];
    private boolean active;
    /** The running jobs the ends hold (the view's list, compared by identity), or null: then no slot holds any. */
    private List<RunningJob> loadedFrom;
    /** Scratch of {@link #update}: positions of the jobs gone from the last list and of those new in this one. */
    private int[] gone = new int[8];
    private int[] added = new int[8];

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
        List<RunningJob> jobs = running.get();
        if (jobs != loadedFrom) {
            // Usually a job or two started or ended since the last decision: only theirs change.
            if (loadedFrom == null || view.vmCount() > count.length) {
                reload(jobs, view.vmCount());
            } else {
                update(loadedFrom, jobs);
            }
            loadedFrom = jobs;
        }
        active = true;
        return true;
    }

    /** Empties every slot and reads the ends of all {@code jobs}. */
    private void reload(List<RunningJob> jobs, int slots) {
        if (loadedFrom != null) {
            for (RunningJob r : loadedFrom) {
                for (int e = 0; e < r.placement().executors(); e++) {
                    count[r.placement().vm(e)] = 0;
                }
            }
        }
        if (count.length < slots) {
            count = new int[slots];
            ends = new double[slots][];
        }
        for (RunningJob r : jobs) {
            add(r);
        }
    }

    /**
     * Brings the ends from the jobs of {@code last} to those of {@code now}: the jobs that ended or
     * were stopped leave, those that started (or were placed again) come. One walk over the two: where
     * they differ, the last list's job is gone when the new list does not have it further on, else the
     * new list's job is new. Every job of either list is matched with the same job, placement and
     * finish or else taken off or added, so the ends are right in any order; the kernel's lists are in
     * job order, so the walk finds only the jobs that changed.
     */
    private void update(List<RunningJob> last, List<RunningJob> now) {
        int goneCount = 0;
        int addedCount = 0;
        int i = 0;
        int k = 0;
        while (i < last.size() || k < now.size()) {
            RunningJob before = i < last.size() ? last.get(i) : null;
            RunningJob after = k < now.size() ? now.get(k) : null;
            if (before != null && after != null && before.job() == after.job()) {
                // The same job: changed only when placed again or its finish moved.
                if (before.placement() != after.placement() || Double.compare(before.finish(), after.finish()) != 0) {
                    gone = append(gone, goneCount++, i);
                    added = append(added, addedCount++, k);
                }
                i++;
                k++;
            } else if (after == null || (before != null && !holds(now, k + 1, before))) {
                // Not further on in the new list either: it ended (or was stopped).
                gone = append(gone, goneCount++, i++);
            } else {
                // It comes before the last list's next job, which the new list still has: it started.
                added = append(added, addedCount++, k++);
            }
        }
        for (int g = 0; g < goneCount; g++) {
            remove(last.get(gone[g]));
        }
        for (int a = 0; a < addedCount; a++) {
            add(now.get(added[a]));
        }
    }

    /** True when {@code jobs} from position {@code from} on has {@code r}'s job. */
    private static boolean holds(List<RunningJob> jobs, int from, RunningJob r) {
        for (int k = from; k < jobs.size(); k++) {
            if (jobs.get(k).job() == r.job()) {
                return true;
            }
        }
        return false;
    }

    private static int[] append(int[] to, int at, int value) {
        int[] out = at < to.length ? to : Arrays.copyOf(to, 2 * to.length);
        out[at] = value;
        return out;
    }

    /** Adds the job's executors' end to their nodes, each node's ends kept in time order. */
    private void add(RunningJob r) {
        for (int e = 0; e < r.placement().executors(); e++) {
            int vm = r.placement().vm(e);
            double[] on = ends[vm];
            int c = count[vm];
            if (on == null || c == on.length) {
                on = on == null ? new double[4] : Arrays.copyOf(on, 2 * c);
                ends[vm] = on;
            }
            int at = c;
            while (at > 0 && on[at - 1] > r.finish()) {
                on[at] = on[at - 1];
                at--;
            }
            on[at] = r.finish();
            count[vm] = c + 1;
        }
    }

    /** Takes the job's executors' end off their nodes. */
    private void remove(RunningJob r) {
        for (int e = 0; e < r.placement().executors(); e++) {
            int vm = r.placement().vm(e);
            double[] on = ends[vm];
            int c = count[vm];
            int at = 0;
            while (Double.compare(on[at], r.finish()) != 0) {
                at++;
            }
            System.arraycopy(on, at + 1, on, at, c - at - 1);
            count[vm] = c - 1;
        }
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
        double[] ends = this.ends[vm];
        int i = 0;
        int last = count[vm];
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
