package io.execplace.kubernetes.cluster;

import io.execplace.core.model.Site;
import io.execplace.kubernetes.pricing.PriceTable;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeCondition;

import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Turns a Kubernetes node into a {@link NodeInfo}, priced from the (possibly reloaded) price table —
 * at its spot price when the node is labelled spot and the table has one — or says why the node
 * cannot take executors:
 * cordoned or not ready (normal, not reported as a problem) or bad input (no instance type, an
 * unknown instance type, a malformed price annotation or site label, no allocatable resources).
 */
public final class NodeReader {

    /** The outcome for one node: usable ({@code info}), skipped quietly, or a problem to report. */
    public record Reading(NodeInfo info, String skipReason, String problem) {
        static Reading usable(NodeInfo info) {
            return new Reading(info, null, null);
        }

        static Reading skipped(String reason) {
            return new Reading(null, reason, null);
        }

        static Reading problem(String problem) {
            return new Reading(null, null, problem);
        }

        public boolean usable() {
            return info != null;
        }
    }

    private final Supplier<PriceTable> prices;
    private final String siteLabel;
    private final Site defaultSite;
    private final CapacityTypes capacityTypes;

    /**
     * @param siteLabel   node label whose value is {@code local} or {@code cloud}
     * @param defaultSite the site of a node without that label
     */
    public NodeReader(Supplier<PriceTable> prices, String siteLabel, Site defaultSite) {
        this(prices, siteLabel, defaultSite, CapacityTypes.KNOWN);
    }

    /** As above, spot nodes (priced at their spot price) told by {@code capacityTypes}. */
    public NodeReader(Supplier<PriceTable> prices, String siteLabel, Site defaultSite, CapacityTypes capacityTypes) {
        this.prices = prices;
        this.siteLabel = siteLabel;
        this.defaultSite = defaultSite;
        this.capacityTypes = capacityTypes;
    }

    /** The price table now (a reloading table gives a new instance when its file changed). */
    public PriceTable priceTable() {
        return prices.get();
    }

    public Reading read(Node node) {
        return read(node, prices.get());
    }

    /** The node read with the given price table (one table for a whole cycle). */
    public Reading read(Node node, PriceTable table) {
        String name = node.getMetadata().getName();
        String skip = notTakingPods(node);
        if (skip != null) {
            return Reading.skipped(skip);
        }
        Map<String, String> labels = orEmpty(node.getMetadata().getLabels());
        Map<String, String> annotations = orEmpty(node.getMetadata().getAnnotations());
        String type = labels.get(Labels.INSTANCE_TYPE);
        String priceText = annotations.get(Labels.PRICE_PER_HOUR);
        double perHour;
        if (priceText != null) {
            try {
                perHour = Double.parseDouble(priceText.trim());
            } catch (NumberFormatException e) {
                return Reading.problem("node " + name + ": annotation " + Labels.PRICE_PER_HOUR
                        + " must be a price per hour (a number >= 0), got '" + priceText + "'");
            }
            if (!(perHour >= 0) || !Double.isFinite(perHour)) {
                return Reading.problem("node " + name + ": annotation " + Labels.PRICE_PER_HOUR
                        + " must be a number >= 0, got '" + priceText + "'");
            }
        } else if (type == null || type.isBlank()) {
            return Reading.problem("node " + name + " has no label " + Labels.INSTANCE_TYPE
                    + " and no annotation " + Labels.PRICE_PER_HOUR + ": its price is unknown");
        } else {
            Optional<Double> p = table.pricePerHour(type, capacityTypes.spot(node));
            if (p.isEmpty()) {
                return Reading.problem("node " + name + ": instance type '" + type
                        + "' is not in the price table (add it, or annotate the node with " + Labels.PRICE_PER_HOUR + ")");
            }
            perHour = p.get();
        }
        Site site = defaultSite;
        String siteText = labels.get(siteLabel);
        if (siteText != null) {
            try {
                site = Site.parse(siteText);
            } catch (IllegalArgumentException e) {
                return Reading.problem("node " + name + ": label " + siteLabel + " must be local or cloud, got '"
                        + siteText + "'");
            }
        }
        Map<String, io.fabric8.kubernetes.api.model.Quantity> alloc =
                node.getStatus() == null ? null : node.getStatus().getAllocatable();
        long cpu = alloc == null ? 0 : Resources.cpuMillis(alloc.get("cpu"));
        long memory = alloc == null ? 0 : Resources.memoryBytes(alloc.get("memory"));
        if (cpu < 1000 || memory <= 0) {
            return Reading.problem("node " + name + ": status.allocatable must have at least 1 cpu and some memory, got cpu="
                    + cpu + "m memory=" + memory + " bytes");
        }
        long podLimit = alloc == null || alloc.get("pods") == null ? Long.MAX_VALUE : Resources.memoryBytes(alloc.get("pods"));
        return Reading.usable(new NodeInfo(name, type == null ? "unlabelled" : type, site, perHour / 3600.0, cpu, memory,
                Resources.otherAmounts(alloc), podLimit, node));
    }

    /**
     * Why the node takes no new pods whatever their requests (being deleted, cordoned, not Ready, or a
     * Karpenter node not yet registered), or null when it may. Karpenter removes its
     * {@code karpenter.sh/unregistered:NoExecute} taint and adds {@code karpenter.sh/registered=true} in
     * one patch (sigs.k8s.io/karpenter, nodeclaim lifecycle registration.go, {@code syncNode}), so a node
     * of a NodePool without that label is still being registered, whatever taints a stale copy shows.
     */
    public static String notTakingPods(Node node) {
        if (node.getMetadata().getDeletionTimestamp() != null) {
            return "being deleted";
        }
        if (node.getSpec() != null && Boolean.TRUE.equals(node.getSpec().getUnschedulable())) {
            return "cordoned";
        }
        if (!ready(node)) {
            return "not Ready";
        }
        Map<String, String> labels = orEmpty(node.getMetadata().getLabels());
        if (labels.containsKey(Labels.KARPENTER_NODEPOOL) && !"true".equals(labels.get(Labels.KARPENTER_REGISTERED))) {
            return "not registered by Karpenter yet";
        }
        return null;
    }

    /** A node without conditions (as fresh test nodes) counts as ready; otherwise its Ready condition decides. */
    private static boolean ready(Node node) {
        if (node.getStatus() == null || node.getStatus().getConditions() == null) {
            return true;
        }
        for (NodeCondition c : node.getStatus().getConditions()) {
            if ("Ready".equals(c.getType())) {
                return "True".equals(c.getStatus());
            }
        }
        return true;
    }

    private static Map<String, String> orEmpty(Map<String, String> m) {
        return m == null ? Map.of() : m;
    }
}
