package io.execplace.kubernetes.run;

import io.execplace.kubernetes.cluster.ClusterSnapshot;
import io.execplace.kubernetes.cluster.NodeInfo;
import io.execplace.kubernetes.observe.EventRecorder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Nodes that became empty: reported (log line and a NodeEmpty Event) so that autoscaler
 * consolidation can remove them, and with {@code --cordon-empty} cordoned and annotated
 * {@code execplace.io/cordoned-by: NAME}. When an application then waits for room, the nodes this
 * scheduler cordoned (and only those, found by the annotation, also after a restart) are
 * uncordoned, so that demand that returns before the node is removed can use it.
 */
final class NodeCordoner {

    /** Node annotation: the scheduler name that cordoned the node because it was empty. */
    static final String CORDONED_BY = "execplace.io/cordoned-by";

    private static final Logger LOG = LoggerFactory.getLogger(NodeCordoner.class);

    private final KubernetesClient client;
    private final EventRecorder events;
    private final SchedulerSettings settings;
    private Set<String> previouslyActive = new HashSet<>();

    NodeCordoner(KubernetesClient client, EventRecorder events, SchedulerSettings settings) {
        this.client = client;
        this.events = events;
        this.settings = settings;
    }

    /** Nodes that ran pods last cycle and run none now (after this cycle's bindings); cordons them when asked. */
    List<String> emptyNodes(ClusterSnapshot snapshot, List<NodeInfo> usable, Map<String, Node> nodesByName) {
        Set<String> active = new HashSet<>();
        if (!snapshot.isEmpty()) {
            for (NodeInfo n : usable) {
                if (snapshot.executorsOn(snapshot.vmOf(n.name())) > 0) {
                    active.add(n.name());
                }
            }
        }
        List<String> empty = new ArrayList<>();
        for (String name : previouslyActive) {
            if (!active.contains(name) && snapshot.vmOf(name) >= 0) {
                empty.add(name);
            }
        }
        empty.sort(null);
        previouslyActive = active;
        for (String name : empty) {
            Node node = nodesByName.get(name);
            LOG.info("node {} became empty: it can be removed{}", name, settings.scaling().cordonEmpty() ? " (cordoning it)" : "");
            if (settings.dryRun()) {
                continue;
            }
            if (node != null) {
                events.normal(node, "NodeEmpty", "node " + name + " runs no pods any more; it can be removed");
            }
            if (settings.scaling().cordonEmpty()) {
                setCordon(name, true);
            }
        }
        return empty;
    }

    /**
     * Uncordons the nodes this scheduler cordoned, when an application waits for room.
     *
     * @return the nodes uncordoned
     */
    List<String> uncordonForDemand(boolean demandWaits, Iterable<Node> nodes) {
        List<String> uncordoned = new ArrayList<>();
        if (!demandWaits || !settings.scaling().cordonEmpty() || settings.dryRun()) {
            return uncordoned;
        }
        for (Node n : nodes) {
            Map<String, String> annotations = n.getMetadata().getAnnotations();
            if (Boolean.TRUE.equals(n.getSpec().getUnschedulable()) && annotations != null
                    && settings.schedulerName().equals(annotations.get(CORDONED_BY))) {
                String name = n.getMetadata().getName();
                if (setCordon(name, false)) {
                    uncordoned.add(name);
                    LOG.info("node {} uncordoned: applications wait for room", name);
                    events.normal(n, "NodeUncordoned", "node " + name + " uncordoned by " + settings.schedulerName()
                            + ": applications wait for room");
                }
            }
        }
        uncordoned.sort(null);
        return uncordoned;
    }

    private boolean setCordon(String name, boolean cordon) {
        try {
            client.nodes().withName(name).edit(n -> {
                n.getSpec().setUnschedulable(cordon ? Boolean.TRUE : null);
                if (cordon) {
                    if (n.getMetadata().getAnnotations() == null) {
                        n.getMetadata().setAnnotations(new java.util.HashMap<>());
                    }
                    n.getMetadata().getAnnotations().put(CORDONED_BY, settings.schedulerName());
                } else if (n.getMetadata().getAnnotations() != null) {
                    n.getMetadata().getAnnotations().remove(CORDONED_BY);
                }
                return n;
            });
            return true;
        } catch (KubernetesClientException e) {
            LOG.warn("could not {} node {}: {}", cordon ? "cordon" : "uncordon", name, e.getMessage());
            return false;
        }
    }
}
