package io.execplace.schedulers.elastic;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;

/**
 * Which executors of a placement to protect from under-used consolidation with Karpenter's pod
 * annotation {@code karpenter.sh/do-not-disrupt: "<duration>"}, node by node: a drain of a node stops
 * the whole job (Spark re-runs what the lost executors did, the job waits to be placed again), so the
 * job's executors on node N are protected for the job's expected run (the duration its layout earns) when what an eviction there is
 * expected to cost exceeds the node time a drain could keep. In core-seconds, with the eviction half
 * way through the run of {@code d} seconds on average:
 * <pre>
 *   cost = c × (k × d/2 + e × W)      the k lost executors' work re-run (none with graceful
 *                                      decommissioning) and all e executors waiting a relaunch W
 *   kept = weight × free(N) × d/2     N's cores left idle after the placement, over the rest of the run
 * </pre>
 * where c is the cores per executor and W the pools' mean launch delay (a stopped job usually waits for
 * a node). A job whose deadline slack is shorter than W plus the lost share of a half-run re-run is
 * protected whatever the cost. Nodes of pools that remove only empty nodes are never protected (the
 * annotation would change nothing there). The rule, W and graceful decommissioning come from the view
 * ({@link ClusterView#drainsUnderused}): an elastic cluster's pools, or the NodePools a Kubernetes view read.
 */
final class EvictionGuard {

    /** What a core-second of idle node weighs against a core-second an eviction costs (the rule's one knob). */
    private final double weight;

    EvictionGuard(double weight) {
        this.weight = weight;
    }

    /** {@code chosen} with the protections the rule gives it ({@code chosen} itself when it protects nothing). */
    Placement protect(Job job, Placement chosen, ClusterView view) {
        if (chosen.isNone() || !anyDrained(chosen, view)) {
            return chosen;
        }
        int e = chosen.executors();
        // The run the kernel will give this layout (a layout that does not match the job's type runs longer).
        double d = view.durationModel().duration(job, chosen, view.cluster());
        double relaunch = view.relaunchSeconds();
        double[] seconds = new double[e];
        boolean any = false;
        for (int i = 0; i < e; i++) {
            int vm = chosen.vm(i);
            if (seconds[i] > 0 || !view.drainsUnderused(vm)) {
                continue;
            }
            int k = 0;
            for (int x = 0; x < e; x++) {
                k += chosen.vm(x) == vm ? 1 : 0;
            }
            if (worthProtecting(job, view, vm, k, e, d, relaunch)) {
                // A Go duration in whole seconds, as the annotation's value would be written.
                double until = Math.ceil(d);
                for (int x = i; x < e; x++) {
                    if (chosen.vm(x) == vm) {
                        seconds[x] = until;
                    }
                }
                any = true;
            }
        }
        return any ? chosen.withProtection(seconds) : chosen;
    }

    /** True when under-used consolidation may drain one of the placement's nodes (the view's rule: a pool's, or a NodePool's on Kubernetes). */
    private static boolean anyDrained(Placement chosen, ClusterView view) {
        for (int i = 0; i < chosen.executors(); i++) {
            if (view.drainsUnderused(chosen.vm(i))) {
                return true;
            }
        }
        return false;
    }

    private boolean worthProtecting(Job job, ClusterView view, int vm, int k, int e, double d, double relaunch) {
        int c = job.coresPerExecutor();
        boolean redo = !view.gracefulDecommission();
        double lostWork = redo ? k * d / 2 : 0;
        if (job.hasDeadline() && job.deadline() - view.now() - view.readyIn(vm) - d < relaunch + lostWork / e) {
            return true;
        }
        double cost = c * (lostWork + e * relaunch);
        double idleCores = Math.max(0, view.freeCores(vm) - k * c);
        return cost > weight * idleCores * d / 2;
    }
}
