package io.execplace.kubernetes.run;

import io.execplace.kubernetes.provisioned.WatchEvents;
import io.execplace.kubernetes.spark.PodFacts;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The scheduler's node and pod informers (pods into the {@link SlimPodStore}), what their events tell
 * the loop, and when each pending pod of ours was first seen. A pod of ours to place is work for the next
 * cycle; any other change (our own bindings coming back, pods of other schedulers, deletions, nodes)
 * matters only while something waits for room ({@link CycleTrigger}).
 */
final class Informers implements AutoCloseable {

    private final KubernetesClient client;
    private final String schedulerName;
    private final String namespace;
    private final Clock clock;
    /** Told of each event: true when it is work for a cycle. */
    private final Consumer<Boolean> signal;
    /** First time each pending pod (by uid) was seen, epoch seconds: drives the batching window. */
    private final Map<String, Double> firstSeen = new ConcurrentHashMap<>();
    private SharedIndexInformer<Node> nodeInformer;
    private SharedIndexInformer<Pod> podInformer;

    Informers(KubernetesClient client, SchedulerSettings settings, Clock clock, Consumer<Boolean> signal) {
        this.client = client;
        this.schedulerName = settings.schedulerName();
        this.namespace = settings.namespace();
        this.clock = clock;
        this.signal = signal;
    }

    /** Starts both informers, nodes also told to {@code nodeHandler}, and waits until both have listed (at most {@code timeout}). */
    void start(SlimPodStore podStore, ResourceEventHandler<Node> nodeHandler, Duration timeout) {
        nodeInformer = client.nodes().runnableInformer(0);
        podInformer = (namespace == null ? client.pods().inAnyNamespace() : client.pods().inNamespace(namespace))
                .runnableInformer(0).itemStore(podStore);
        nodeInformer.addEventHandler(WatchEvents.to((Node node, boolean gone) -> signal.accept(false)));
        nodeInformer.addEventHandler(nodeHandler);
        podInformer.addEventHandler(WatchEvents.to((Pod pod, boolean gone) -> {
            if (gone) {
                firstSeen.remove(pod.getMetadata().getUid());
                signal.accept(false);
                return;
            }
            boolean toPlace = ours(pod) && PodFacts.unbound(pod);
            if (toPlace) {
                firstSeen.putIfAbsent(pod.getMetadata().getUid(), clock.millis() / 1000.0);
            }
            signal.accept(toPlace);
        }));
        try {
            nodeInformer.start().toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            podInformer.start().toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while listing nodes and pods", e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot list nodes and pods from " + client.getMasterUrl() + ": "
                    + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()), e);
        }
    }

    boolean ours(Pod p) {
        return p.getSpec() != null && schedulerName.equals(p.getSpec().getSchedulerName());
    }

    /** True when both informers have listed and are watching. */
    boolean synced() {
        return nodeInformer != null && podInformer != null && nodeInformer.hasSynced() && podInformer.hasSynced()
                && nodeInformer.isWatching() && podInformer.isWatching();
    }

    List<Node> nodes() {
        return nodeInformer.getStore().list();
    }

    List<Pod> pods() {
        return podInformer.getStore().list();
    }

    /** When each pending pod of ours was first seen, by uid (epoch seconds). */
    Map<String, Double> firstSeen() {
        return firstSeen;
    }

    @Override
    public void close() {
        if (podInformer != null) {
            podInformer.close();
        }
        if (nodeInformer != null) {
            nodeInformer.close();
        }
    }
}
