package io.execplace.kubernetes.run;

import io.execplace.core.model.Placement;
import io.execplace.kubernetes.cluster.ClusterSnapshot;
import io.execplace.kubernetes.cluster.NodeInfo;
import io.execplace.kubernetes.cluster.NodeReader;
import io.execplace.kubernetes.cluster.Resources;
import io.execplace.kubernetes.observe.EventRecorder;
import io.execplace.kubernetes.spark.ApplicationGrouper;
import io.execplace.kubernetes.spark.Grouping;
import io.execplace.kubernetes.spark.PendingApplication;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The cycle's view of the cluster from the informer caches: usable nodes (bad ones reported once),
 * minus the requests of every pod bound by any scheduler, of this scheduler's bound gangs (with
 * their busy time, rebuilt from the API as at placement), and of its assumed bindings.
 */
final class SnapshotBuilder {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshotBuilder.class);

    private final NodeReader nodeReader;
    private final ApplicationGrouper grouper;
    private final EventRecorder events;
    private final ProblemLog problems;
    private final boolean dryRun;

    SnapshotBuilder(NodeReader nodeReader, ApplicationGrouper grouper, EventRecorder events, ProblemLog problems, boolean dryRun) {
        this.nodeReader = nodeReader;
        this.grouper = grouper;
        this.events = events;
        this.problems = problems;
        this.dryRun = dryRun;
    }

    /** The usable nodes in name order (the VM order); a node with bad labels is reported once and skipped. */
    List<NodeInfo> usableNodes(List<Node> nodes) {
        List<NodeInfo> usable = new ArrayList<>();
        for (Node node : nodes) {
            NodeReader.Reading r = nodeReader.read(node);
            String key = "node/" + node.getMetadata().getName();
            if (r.usable()) {
                usable.add(r.info());
                problems.clear(key);
            } else if (r.problem() != null && problems.firstTime(key, r.problem())) {
                LOG.warn("{} (node skipped)", r.problem());
                if (!dryRun) {
                    events.warning(node, "BadNodeLabels", r.problem() + " (execplace skips this node)");
                }
            }
        }
        usable.sort(Comparator.comparing(NodeInfo::name));
        return usable;
    }

    /**
     * The snapshot of the usable nodes with everything bound counted.
     *
     * @param cpuUnit     the cycle's CPU unit ({@link ClusterSnapshot#cpuUnitFor})
     * @param oursBound   pods this scheduler bound (their gangs' busy time counts)
     * @param othersBound pods anyone else bound
     * @param all         every pod in the cache (to find drivers)
     */
    ClusterSnapshot build(List<NodeInfo> usable, double now, long cpuUnit, List<Pod> oursBound, List<Pod> othersBound,
                          List<Pod> all, AssumeCache assumed) {
        ClusterSnapshot snapshot = ClusterSnapshot.of(usable, now, cpuUnit);
        for (Pod p : othersBound) {
            snapshot.addPod(p.getSpec().getNodeName(), Resources.podCpuMillis(p), Resources.podMemoryBytes(p),
                    Resources.podOtherRequests(p), !daemonSet(p), Double.NaN);
        }
        addOurBoundPods(snapshot, oursBound, all, now);
        assumed.addTo(snapshot);
        return snapshot;
    }

    /** Our bound pods: resources, and busy time from their gang's expected duration since binding. */
    private void addOurBoundPods(ClusterSnapshot snapshot, List<Pod> oursBound, List<Pod> all, double now) {
        if (oursBound.isEmpty()) {
            return;
        }
        // Rebuild each gang's duration exactly as at placement time: the duration model on the nodes it runs on.
        Grouping asGangs = grouper.group(oursBound, all, Map.of(), Double.POSITIVE_INFINITY);
        Map<String, Double> busyUntil = new HashMap<>();
        for (PendingApplication gang : asGangs.ready()) {
            int[] vms = new int[gang.pods().size()];
            boolean known = !snapshot.isEmpty();
            double bindTime = Double.POSITIVE_INFINITY;
            for (int i = 0; i < vms.length && known; i++) {
                Pod p = gang.pods().get(i);
                vms[i] = snapshot.vmOf(p.getSpec().getNodeName());
                known = vms[i] >= 0;
                bindTime = Math.min(bindTime, boundAt(p, now));
            }
            double duration = gang.spec().durationSeconds();
            if (known) {
                duration = snapshot.durationModel().duration(gang.toJob(0), Placement.wrap(vms), snapshot.cluster());
            }
            for (Pod p : gang.pods()) {
                busyUntil.put(p.getMetadata().getUid(), (Double.isInfinite(bindTime) ? now : bindTime) + duration);
            }
        }
        for (Pod p : oursBound) {
            snapshot.addPod(p.getSpec().getNodeName(), Resources.podCpuMillis(p), Resources.podMemoryBytes(p),
                    Resources.podOtherRequests(p), true, busyUntil.getOrDefault(p.getMetadata().getUid(), Double.NaN));
        }
    }

    /** When the pod was bound: its PodScheduled=True transition, else its start, else its creation. */
    private static double boundAt(Pod p, double fallback) {
        if (p.getStatus() != null && p.getStatus().getConditions() != null) {
            for (PodCondition c : p.getStatus().getConditions()) {
                if ("PodScheduled".equals(c.getType()) && "True".equals(c.getStatus()) && c.getLastTransitionTime() != null) {
                    return parse(c.getLastTransitionTime(), fallback);
                }
            }
        }
        if (p.getStatus() != null && p.getStatus().getStartTime() != null) {
            return parse(p.getStatus().getStartTime(), fallback);
        }
        return parse(p.getMetadata().getCreationTimestamp(), fallback);
    }

    private static double parse(String ts, double fallback) {
        if (ts == null) {
            return fallback;
        }
        try {
            return Instant.parse(ts).toEpochMilli() / 1000.0;
        } catch (RuntimeException e) {
            return fallback;
        }
    }

    private static boolean daemonSet(Pod p) {
        List<OwnerReference> owners = p.getMetadata().getOwnerReferences();
        if (owners == null) {
            return false;
        }
        for (OwnerReference o : owners) {
            if ("DaemonSet".equals(o.getKind())) {
                return true;
            }
        }
        return false;
    }
}
