package io.execplace.kubernetes.scenario;

import io.execplace.core.policy.PlacementPolicy;
import io.execplace.kubernetes.mock.Harness;
import io.execplace.kubernetes.mock.ManualClock;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.kubernetes.run.SchedulerSettings;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;

import java.time.Duration;
import java.util.List;

import static org.awaitility.Awaitility.await;

/** An API server the same scenarios run against: fabric8's mock, or a real kube-apiserver. */
public interface TestCluster {

    /** A client allowed everything (creates nodes and pods). */
    KubernetesClient admin();

    /** The client the scheduler uses (on the real server: its ServiceAccount's token, RBAC applied). */
    KubernetesClient schedulerClient();

    /**
     * Creates a node as a ready node looks once the control plane has seen its kubelet report Ready.
     * (A real API server taints every new node {@code node.kubernetes.io/not-ready:NoSchedule} until
     * the node lifecycle controller, which these tests do not run, removes it.)
     */
    default void createNode(Node node) {
        admin().resource(node).create();
    }

    /** Creates the namespace if the server needs it. */
    void namespace(String name);

    /** Starts a scheduler with test settings (no batching window) and waits until it has listed. */
    default KubernetesScheduler start(PlacementPolicy policy) {
        return start(policy, Harness.settings().build());
    }

    /** As {@link #start(PlacementPolicy)} with these settings (the clock at {@link Harness#START}). */
    default KubernetesScheduler start(PlacementPolicy policy, SchedulerSettings settings) {
        KubernetesScheduler s = new KubernetesScheduler(schedulerClient(), policy, Harness.PRICES, settings,
                new ManualClock(Harness.START));
        s.start(Duration.ofSeconds(30));
        return s;
    }

    /** Waits until the scheduler's caches hold {@code pods} pods and {@code nodes} nodes. */
    default void awaitCache(KubernetesScheduler s, int pods, int nodes) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(10))
                .until(() -> s.cachedPods().size() == pods && s.cachedNodes().size() == nodes);
    }

    /** The pods of a namespace, fresh from the server. */
    default List<Pod> pods(String ns) {
        return admin().pods().inNamespace(ns).list().getItems();
    }

    /** The node a pod is bound to on the server, or null. */
    default String nodeOf(String ns, String pod) {
        Pod p = admin().pods().inNamespace(ns).withName(pod).get();
        return p == null ? null : p.getSpec().getNodeName();
    }
}
