package io.execplace.kubernetes.provisioned;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps every NodeClaim's life while it watches, deleted ones included: a deleted NodeClaim leaves the
 * API server once Karpenter has drained and removed its node, so its lifetime exists only in what was
 * seen. A claim deleted without its deletion timestamp ever being seen ends when its removal was seen.
 */
public final class NodeClaimWatch implements AutoCloseable {

    private final Map<String, NodeClaimLife> lives = new LinkedHashMap<>();
    private final Clock clock;
    private final SharedIndexInformer<GenericKubernetesResource> informer;

    private NodeClaimWatch(KubernetesClient client, Clock clock) {
        this.clock = clock;
        this.informer = client.genericKubernetesResources(NodeClaimLife.API_VERSION, NodeClaimLife.KIND)
                .inform(WatchEvents.to(this::seen));
    }

    /** Starts watching the NodeClaims of the cluster (the list it starts from included). */
    public static NodeClaimWatch start(KubernetesClient client, Clock clock) {
        return new NodeClaimWatch(client, clock);
    }

    private synchronized void seen(GenericKubernetesResource claim, boolean gone) {
        NodeClaimLife now = NodeClaimLife.of(claim);
        NodeClaimLife before = lives.get(now.name());
        if (before != null && before.launched() && !now.launched()) {
            now = new NodeClaimLife(now.name(), before.instanceType(), before.spot(), now.created(), now.deleted());
        }
        if (before != null && before.deleted() != null && now.deleted() == null) {
            now = now.endedBy(before.deleted());
        }
        lives.put(now.name(), gone ? now.endedBy(Instant.now(clock)) : now);
    }

    /** Every claim seen so far, in the order first seen. */
    public synchronized List<NodeClaimLife> lives() {
        return new ArrayList<>(lives.values());
    }

    @Override
    public void close() {
        informer.close();
    }
}
