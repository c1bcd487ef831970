package io.execplace.kubernetes.filter;

import io.execplace.kubernetes.cluster.CapacityTypes;
import io.execplace.kubernetes.cluster.Labels;
import io.execplace.kubernetes.cluster.NodeInfo;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Runs the filter plugins for an application's pods over every node: which nodes all its pods may
 * run on. Executors of one application share a pod template, so the filters run once per distinct
 * set of scheduling constraints (tolerations, node selector, affinity), not once per pod.
 */
public final class Feasibility {

    /** The plugins in kube-scheduler's default order (NodeUnschedulable is the node reader's: cordoned nodes are skipped). */
    public static List<NodeFilter> defaultFilters() {
        return List.of(new NodeAffinity(), new TaintToleration());
    }

    /** kube-scheduler's plugins, then, unless {@code driversOnSpot}, {@link DriversOffSpot} by these capacity labels. */
    public static List<NodeFilter> filters(CapacityTypes capacityTypes, boolean driversOnSpot) {
        return driversOnSpot ? defaultFilters() : List.of(new NodeAffinity(), new TaintToleration(), new DriversOffSpot(capacityTypes));
    }

    private final List<NodeFilter> filters;

    public Feasibility(List<NodeFilter> filters) {
        this.filters = List.copyOf(filters);
    }

    /** Which of the nodes (in VM order) every pod may run on, and why the others were refused. */
    public Verdict check(List<Pod> pods, List<NodeInfo> nodes) {
        boolean[] allowed = new boolean[nodes.size()];
        java.util.Arrays.fill(allowed, true);
        Diagnosis refused = new Diagnosis();
        List<Pod> checked = new ArrayList<>();
        for (Pod pod : pods) {
            if (pod.getSpec() == null || checked.stream().anyMatch(c -> sameConstraints(c, pod))) {
                continue;
            }
            checked.add(pod);
            for (int vm = 0; vm < allowed.length; vm++) {
                if (!allowed[vm]) {
                    continue;
                }
                for (NodeFilter f : filters) {
                    String why = f.reject(pod, nodes.get(vm).source());
                    if (why != null) {
                        allowed[vm] = false;
                        refused.add(why);
                        break;
                    }
                }
            }
        }
        return new Verdict(allowed, refused);
    }

    /** Same tolerations, node selector, affinity and Spark role (drivers are filtered apart). */
    private static boolean sameConstraints(Pod x, Pod y) {
        PodSpec a = x.getSpec();
        PodSpec b = y.getSpec();
        return Objects.equals(a.getTolerations(), b.getTolerations()) && Objects.equals(a.getNodeSelector(), b.getNodeSelector())
                && Objects.equals(a.getAffinity(), b.getAffinity()) && Objects.equals(role(x), role(y));
    }

    private static String role(Pod p) {
        return p.getMetadata().getLabels() == null ? null : p.getMetadata().getLabels().get(Labels.SPARK_ROLE);
    }

    /** Nodes the application may use, and the filters' reasons for the others. */
    public record Verdict(boolean[] allowed, Diagnosis refused) {
        public boolean allowed(int vm) {
            return allowed[vm];
        }

        public boolean none() {
            for (boolean a : allowed) {
                if (a) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * Counts of refusal reasons over the nodes, written as kube-scheduler writes them:
     * {@code 0/5 nodes are available: 2 Insufficient cpu, 3 node(s) didn't match node selector.}
     */
    public static final class Diagnosis {
        private final TreeMap<String, Integer> counts = new TreeMap<>();

        public void add(String reason) {
            counts.merge(reason, 1, Integer::sum);
        }

        public boolean isEmpty() {
            return counts.isEmpty();
        }

        /** The summary line for {@code nodes} nodes of which {@code available} are available. */
        public String summary(int available, int nodes) {
            StringBuilder b = new StringBuilder().append(available).append('/').append(nodes).append(" nodes are available");
            String sep = ": ";
            for (var e : counts.entrySet()) {
                b.append(sep).append(e.getValue()).append(' ').append(e.getKey());
                sep = ", ";
            }
            return b.append('.').toString();
        }

        /** A copy to add more reasons to (the resource checks of one policy call). */
        public Diagnosis copy() {
            Diagnosis d = new Diagnosis();
            d.counts.putAll(counts);
            return d;
        }
    }
}
