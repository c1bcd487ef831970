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
 *
 * <p>Or, with a hazard ({@link HazardDraws}), as the simulator's hazard model takes it: each spot node,
 * when first seen, draws its lifetime from its launch; it gets the notice a notice before the end of
 * that lifetime and is deleted at its end.
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
    /** With a hazard: each spot node's drawn taking, by name, in the order the nodes were first seen. */
    private final Map<String, HazardDraws.Taking> drawn = new HashMap<>();
    private final HazardDraws hazard;
    private int next;
    private int interruptions;

    /**
     * @param notices when each notice is given (real instants, in order)
     * @param notice  how long from the notice to the node's deletion (real time)
     * @param hazard  per-node draws of when each spot node is taken, or null for none
     */
    SpotInterruptions(KubernetesClient client, List<Instant> notices, Duration notice, HazardDraws hazard) {
        this.client = client;
        this.notices = List.copyOf(notices);
        this.notice = notice;
        this.hazard = hazard;
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
        if (hazard != null) {
            drawAndNotify(now);
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

    /** Draws the new spot nodes' takings (oldest first, then by name) and gives the notices that are due. */
    private void drawAndNotify(Instant now) {
        List<Node> fresh = new ArrayList<>();
        for (Node n : client.nodes().withLabel(Labels.CAPACITY_TYPE, "spot").list().getItems()) {
            if (!drawn.containsKey(n.getMetadata().getName()) && n.getMetadata().getCreationTimestamp() != null) {
                fresh.add(n);
            }
        }
        fresh.sort(java.util.Comparator.comparing((Node n) -> Instant.parse(n.getMetadata().getCreationTimestamp()))
                .thenComparing(n -> n.getMetadata().getName()));
        for (Node n : fresh) {
            drawn.put(n.getMetadata().getName(), hazard.next(Instant.parse(n.getMetadata().getCreationTimestamp())));
        }
        for (Map.Entry<String, HazardDraws.Taking> e : drawn.entrySet()) {
            HazardDraws.Taking taking = e.getValue();
            String name = e.getKey();
            if (taking.noticeAt() == null || now.isBefore(taking.noticeAt()) || goingAt.containsKey(name) || gone.contains(name)) {
                continue;
            }
            if (taint(name)) {
                goingAt.put(name, taking.goneAt());
                interruptions++;
            } else {
                e.setValue(new HazardDraws.Taking(null, null)); // gone before its time (consolidated)
            }
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

    /** Notices that found at least one spot node (with a hazard: nodes that got their notice). */
    int interruptions() {
        return interruptions;
    }

    /** The spot nodes deleted, by name. */
    List<String> nodesTaken() {
        return gone.stream().sorted().toList();
    }
}
