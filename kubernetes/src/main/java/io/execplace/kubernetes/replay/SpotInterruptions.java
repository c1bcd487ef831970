package io.execplace.kubernetes.replay;

import io.execplace.kubernetes.cluster.Labels;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Spot capacity taken back during a replay, as the simulator's availability trace takes it
 * (docs/elastic.md): at each time of the trace every live spot node (label {@code
 * karpenter.sh/capacity-type: spot}) gets the notice — a {@code NoSchedule} taint {@value #TAINT},
 * so that no scheduler places anything new there, as the simulator cordons it — and when the notice
 * has run out the Node is deleted, which Karpenter's termination finalizer turns into a drain (its
 * pods evicted) and the NodeClaim's removal, as for a real interruption.
 */
final class SpotInterruptions {

    /** The taint a node under notice carries. */
    static final String TAINT = "execplace.io/spot-interruption";

    private final KubernetesClient client;
    private final List<Instant> notices;
    private final Duration notice;
    /** Nodes under notice and when each goes; nodes already deleted stay in {@link #gone}. */
    private final Map<String, Instant> goingAt = new HashMap<>();
    private final Set<String> gone = new HashSet<>();
    private int next;
    private int interruptions;

    /**
     * @param notices when each notice is given (real instants, in order)
     * @param notice  how long from the notice to the node's deletion (real time)
     */
    SpotInterruptions(KubernetesClient client, List<Instant> notices, Duration notice) {
        this.client = client;
        this.notices = List.copyOf(notices);
        this.notice = notice;
    }

    /** Gives the notices that are due and deletes the nodes whose notice ran out. */
    void step(Instant now) {
        while (next < notices.size() && !now.isBefore(notices.get(next))) {
            next++;
            List<Node> spot = client.nodes().withLabel(Labels.CAPACITY_TYPE, "spot").list().getItems();
            boolean found = false;
            for (Node n : spot) {
                String name = n.getMetadata().getName();
                if (n.getMetadata().getDeletionTimestamp() == null && !goingAt.containsKey(name) && !gone.contains(name) && taint(name)) {
                    goingAt.put(name, now.plus(notice));
                    found = true;
                }
            }
            interruptions += found ? 1 : 0;
        }
        List<String> due = new ArrayList<>();
        goingAt.forEach((name, at) -> {
            if (!now.isBefore(at)) {
                due.add(name);
            }
        });
        for (String name : due) {
            client.nodes().withName(name).delete();
            goingAt.remove(name);
            gone.add(name);
        }
    }

    /**
     * Adds the notice taint by an update of the version read (Karpenter and the node lifecycle controller
     * change nodes' taints too: a patch computed against an older list was refused), read again on a
     * conflict. False when the node is gone.
     */
    private boolean taint(String name) {
        for (int attempt = 1; ; attempt++) {
            Node node = client.nodes().withName(name).get();
            if (node == null || node.getMetadata().getDeletionTimestamp() != null) {
                return false;
            }
            Node tainted = new NodeBuilder(node).editOrNewSpec()
                    .addToTaints(new TaintBuilder().withKey(TAINT).withEffect("NoSchedule").build()).endSpec().build();
            try {
                client.resource(tainted).update();
                return true;
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409 || attempt == 10) {
                    throw e;
                }
            }
        }
    }

    /** Whether a node is under notice and not yet deleted. */
    boolean pending() {
        return !goingAt.isEmpty();
    }

    /** Notices that found at least one spot node. */
    int interruptions() {
        return interruptions;
    }

    /** The spot nodes deleted, by name. */
    List<String> nodesTaken() {
        return gone.stream().sorted().toList();
    }
}
