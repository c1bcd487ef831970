package io.execplace.kubernetes.run;

import io.execplace.core.model.Placement;
import io.execplace.kubernetes.cluster.ClusterSnapshot;
import io.execplace.kubernetes.cluster.NodeInfo;
import io.execplace.kubernetes.cluster.NodeReader;
import io.execplace.kubernetes.disruption.NodePoolRules;
import io.execplace.kubernetes.observe.EventRecorder;
import io.execplace.kubernetes.pricing.PriceTable;
import io.execplace.kubernetes.spark.ApplicationGrouper;
import io.execplace.kubernetes.spark.ApplicationPods;
import io.execplace.kubernetes.spark.PodFacts;
import io.execplace.kubernetes.spark.PendingApplication;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The cycle's view of the cluster from the informer caches: usable nodes (bad ones reported once),
 * minus the requests of every pod bound by any scheduler (the per-node totals, {@link BoundPodsByNode},
 * with other schedulers' pods' busy time when they carry an expected duration), with this
 * scheduler's bound gangs' busy time (rebuilt from the API as at placement), and minus its assumed
 * bindings.
 */
final class SnapshotBuilder implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshotBuilder.class);

    private final NodeReader nodeReader;
    private final ApplicationGrouper grouper;
    private final EventRecorder events;
    private final ProblemLog problems;
    private final boolean dryRun;
    /** Busy times of our bound gangs, by gang key, valid for the usable nodes {@link #cachedFor}. */
    private final Map<String, GangBusy> busyByGang = new HashMap<>();
    private List<NodeInfo> cachedFor = List.of();
    private List<NodeInfo> usable = List.of();
    private Map<String, NodeReading> readings = Map.of();
    /** Karpenter's consolidation rule per node (none drained when null: nothing guards executors from it). */
    private NodePoolRules drainRules;

    SnapshotBuilder(NodeReader nodeReader, ApplicationGrouper grouper, EventRecorder events, ProblemLog problems, boolean dryRun) {
        this.nodeReader = nodeReader;
        this.grouper = grouper;
        this.events = events;
        this.problems = problems;
        this.dryRun = dryRun;
    }

    /** Reads each node's consolidation rule from {@code rules} from now on ({@code --protect-executors}). */
    void drainRules(NodePoolRules rules) {
        this.drainRules = rules;
    }

    /** Stops watching NodePools, if it did. */
    @Override
    public void close() {
        if (drainRules != null) {
            drainRules.close();
        }
    }

    /** The usable nodes in name order (the VM order); a node with bad labels is reported once and skipped. */
    List<NodeInfo> usableNodes(List<Node> nodes) {
        List<NodeInfo> usable = new ArrayList<>();
        PriceTable table = nodeReader.priceTable();
        Map<String, NodeReading> read = new HashMap<>();
        for (Node node : nodes) {
            // read once per node version and price table (allocatable quantities are strings to parse)
            String version = node.getMetadata().getResourceVersion();
            NodeReading known = readings.get(node.getMetadata().getName());
            NodeReader.Reading r = known != null && version != null && version.equals(known.version()) && known.table() == table
                    ? known.reading() : nodeReader.read(node, table);
            read.put(node.getMetadata().getName(), new NodeReading(version, table, r));
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
        readings = read;
        usable.sort(Comparator.comparing(NodeInfo::name));
        return usable;
    }

    /** A node's reading, valid for that version of the node and that price table. */
    private record NodeReading(String version, PriceTable table, NodeReader.Reading reading) {
    }

    /**
     * The snapshot of the usable nodes with everything bound counted, built from scratch (tests, tools).
     *
     * @param schedulerName this scheduler's name: the bound pods of which it names are ours (their gangs' busy time counts)
     * @param bound         every bound pod
     * @param all           every pod in the cache (to find drivers)
     */
    ClusterSnapshot build(List<NodeInfo> usable, double now, long cpuUnit, String schedulerName, List<Pod> bound, List<Pod> all,
                          AssumeCache assumed) {
        BoundPodsByNode byNode = new BoundPodsByNode(schedulerName);
        List<PodFacts> ours = new ArrayList<>();
        for (Pod p : bound) {
            PodFacts f = PodFacts.of(p);
            byNode.put(p.getMetadata().getNamespace() + "/" + p.getMetadata().getName(), f);
            if (f.bound() && !f.terminal() && f.scheduledBy(schedulerName)) {
                ours.add(f);
            }
        }
        return build(usable, now, cpuUnit, ours, byNode, ApplicationPods.of(all, p -> false), assumed);
    }

    /**
     * The snapshot of the usable nodes: what bound pods take of each node from the per-node totals,
     * our bound gangs' busy times from the cycle's reading, and our assumed bindings.
     */
    ClusterSnapshot build(List<NodeInfo> usable, double now, long cpuUnit, List<PodFacts> oursBound, BoundPodsByNode byNode,
                          ApplicationPods apps, AssumeCache assumed) {
        ClusterSnapshot snapshot = ClusterSnapshot.of(usable, now, cpuUnit);
        if (drainRules != null) {
            snapshot.drainRule(drainRules.drainsUnderused(usable), drainRules.relaunchSeconds());
        }
        this.usable = usable;
        // every bound pod's requests, and how long other schedulers' pods that say how long they run keep their node busy
        byNode.addTo(snapshot);
        addOurBoundPods(snapshot, oursBound, apps, now);
        assumed.addTo(snapshot);
        return snapshot;
    }

    /**
     * Our bound pods' busy time, from their gang's expected duration since binding (their requests are
     * in the per-node totals).
     * Incremental: a gang's busy times are computed when its bound pods (or its driver) change and
     * kept while they do not — every cycle of a burst used to regroup every bound pod, most of a
     * cycle's time at a thousand pods.
     */
    private void addOurBoundPods(ClusterSnapshot snapshot, List<PodFacts> oursBound, ApplicationPods apps, double now) {
        if (!usable.equals(cachedFor)) {
            // the duration model and the nodes' VM ids come from the usable nodes
            busyByGang.clear();
            cachedFor = usable;
        }
        if (oursBound.isEmpty()) {
            busyByGang.clear();
            return;
        }
        Map<String, List<PodFacts>> gangs = new HashMap<>();
        for (PodFacts p : oursBound) {
            gangs.computeIfAbsent(p.gangKey(), k -> new ArrayList<>()).add(p);
        }
        Map<String, GangBusy> next = new HashMap<>();
        for (Map.Entry<String, List<PodFacts>> g : gangs.entrySet()) {
            Pod driver = apps.driver(g.getKey());
            List<PodFacts> gang = g.getValue();
            boolean cacheable = clockFree(gang);
            GangBusy known = cacheable ? busyByGang.get(g.getKey()) : null;
            if (known == null || !known.holdsFor(gang, driver)) {
                List<Pod> pods = gang.stream().map(PodFacts::pod).toList();
                known = GangBusy.of(pods, driver, busyUntil(snapshot, pods, driver, now));
            }
            if (cacheable) {
                next.put(g.getKey(), known);
            }
            for (PodFacts p : gang) {
                snapshot.keepBusyUntil(p.node(), known.busyUntilByUid().getOrDefault(p.uid(), Double.NaN));
            }
        }
        busyByGang.clear();
        busyByGang.putAll(next);
    }

    /**
     * A gang's busy-until by pod uid, valid while its pods and driver are the same objects: the
     * informer stores a new object for every version of a pod (node, annotations, conditions), and
     * cached objects are never changed.
     */
    private record GangBusy(Map<String, Pod> pods, Pod driver, Map<String, Double> busyUntilByUid) {

        static GangBusy of(List<Pod> pods, Pod driver, Map<String, Double> busyUntilByUid) {
            Map<String, Pod> byUid = new HashMap<>();
            for (Pod p : pods) {
                byUid.put(p.getMetadata().getUid(), p);
            }
            return new GangBusy(byUid, driver, busyUntilByUid);
        }

        boolean holdsFor(List<PodFacts> current, Pod currentDriver) {
            if (current.size() != pods.size() || currentDriver != driver) {
                return false;
            }
            for (PodFacts f : current) {
                if (pods.get(f.uid()) != f.pod()) {
                    return false;
                }
            }
            return true;
        }
    }

    /** The busy-until of a gang's bound pods, rebuilt exactly as at placement time: the duration model on its nodes. */
    private Map<String, Double> busyUntil(ClusterSnapshot snapshot, List<Pod> pods, Pod driver, double now) {
        List<Pod> withDriver = new ArrayList<>(pods);
        if (driver != null) {
            withDriver.add(driver);
        }
        Map<String, Double> busy = new HashMap<>();
        for (PendingApplication gang : grouper.group(pods, withDriver, Map.of(), Double.POSITIVE_INFINITY).ready()) {
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
                busy.put(p.getMetadata().getUid(), (Double.isInfinite(bindTime) ? now : bindTime) + duration);
            }
        }
        return busy;
    }

    /**
     * Whether a gang's busy times can be kept between cycles: every pod has a creation time stamp
     * (without one a pod's bind time, and so its busy time, is the clock's now).
     */
    private static boolean clockFree(List<PodFacts> pods) {
        for (PodFacts f : pods) {
            if (f.pod().getMetadata().getCreationTimestamp() == null) {
                return false;
            }
        }
        return true;
    }

    /** When the pod was bound: its PodScheduled=True transition, else its start, else its creation. */
    static double boundAt(Pod p, double fallback) {
        if (p.getStatus() != null && p.getStatus().getConditions() != null) {
            for (PodCondition c : p.getStatus().getConditions()) {
                if ("PodScheduled".equals(c.getType()) && "True".equals(c.getStatus()) && c.getLastTransitionTime() != null) {
                    return PodFacts.epochSeconds(c.getLastTransitionTime(), fallback);
                }
            }
        }
        if (p.getStatus() != null && p.getStatus().getStartTime() != null) {
            return PodFacts.epochSeconds(p.getStatus().getStartTime(), fallback);
        }
        return PodFacts.epochSeconds(p.getMetadata().getCreationTimestamp(), fallback);
    }

}
