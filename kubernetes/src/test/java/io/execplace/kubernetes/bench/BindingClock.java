package io.execplace.kubernetes.bench;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Watches the pods of a namespace (with its own client) and records when each pod was created, as
 * its creator says, and when the watch first showed it bound: creation-to-bind latency as a client
 * sees it, in the spirit of kube-scheduler's {@code pod_scheduling_sli_duration_seconds}.
 */
final class BindingClock implements AutoCloseable {

    private final Map<String, Long> created = new ConcurrentHashMap<>();
    private final Map<String, Long> bound = new ConcurrentHashMap<>();
    private final Map<String, String> nodeOf = new ConcurrentHashMap<>();
    private final SharedIndexInformer<Pod> informer;

    BindingClock(KubernetesClient client, String namespace) {
        informer = client.pods().inNamespace(namespace).inform(new ResourceEventHandler<>() {
            @Override
            public void onAdd(Pod pod) {
                see(pod);
            }

            @Override
            public void onUpdate(Pod oldPod, Pod pod) {
                see(pod);
            }

            @Override
            public void onDelete(Pod pod, boolean unknown) {
            }
        });
    }

    private void see(Pod pod) {
        String node = pod.getSpec().getNodeName();
        boolean executor = pod.getMetadata().getLabels() != null && "executor".equals(pod.getMetadata().getLabels().get("spark-role"));
        if (executor && node != null && !node.isEmpty()) {
            String name = pod.getMetadata().getName();
            if (bound.putIfAbsent(name, System.nanoTime()) == null) {
                nodeOf.put(name, node);
            }
        }
    }

    /** Call just before the pod's create request. */
    void creating(String pod) {
        created.put(pod, System.nanoTime());
    }

    void clear() {
        created.clear();
        bound.clear();
        nodeOf.clear();
    }

    int boundCount() {
        return bound.size();
    }

    Map<String, Long> created() {
        return created;
    }

    Map<String, Long> bound() {
        return bound;
    }

    Map<String, String> nodeOf() {
        return nodeOf;
    }

    @Override
    public void close() {
        informer.close();
    }
}
