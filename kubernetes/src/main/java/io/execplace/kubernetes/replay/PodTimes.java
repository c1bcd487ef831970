package io.execplace.kubernetes.replay;

import io.execplace.kubernetes.cluster.Labels;
import io.execplace.kubernetes.provisioned.WatchEvents;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * When each replayed pod was created, bound and ended, as seen from here (the API server's timestamps
 * have whole seconds only). A pod deleted before it ended (evicted by consolidation or an interruption)
 * is counted as evicted.
 */
final class PodTimes implements AutoCloseable {

    /** One pod's times; null until seen. */
    static final class Seen {
        Instant created;
        Instant bound;
        Instant ended;
        boolean succeeded;
        boolean evicted;
    }

    private final Map<String, Seen> pods = new HashMap<>();
    private final Clock clock;
    private final SharedIndexInformer<Pod> informer;

    PodTimes(KubernetesClient client, String namespace, Clock clock) {
        this.clock = clock;
        this.informer = client.pods().inNamespace(namespace).withLabel(Labels.SPARK_APP).inform(WatchEvents.to(this::seen));
    }

    /** Records that this client created the pod now (more precise than its creation timestamp). */
    synchronized void created(String name) {
        pods.computeIfAbsent(name, n -> new Seen()).created = Instant.now(clock);
    }

    private synchronized void seen(Pod pod, boolean gone) {
        Instant now = Instant.now(clock);
        Seen s = pods.computeIfAbsent(pod.getMetadata().getName(), n -> new Seen());
        if (s.bound == null && pod.getSpec().getNodeName() != null && !pod.getSpec().getNodeName().isEmpty()) {
            s.bound = now;
        }
        String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
        if (s.ended == null && ("Succeeded".equals(phase) || "Failed".equals(phase))) {
            s.ended = now;
            s.succeeded = "Succeeded".equals(phase);
        }
        if (gone && s.ended == null) {
            s.ended = now;
            s.evicted = true;
        }
    }

    /** A copy of what was seen of the pod, or null. */
    synchronized Seen of(String name) {
        Seen s = pods.get(name);
        if (s == null) {
            return null;
        }
        Seen copy = new Seen();
        copy.created = s.created;
        copy.bound = s.bound;
        copy.ended = s.ended;
        copy.succeeded = s.succeeded;
        copy.evicted = s.evicted;
        return copy;
    }

    @Override
    public void close() {
        informer.close();
    }
}
