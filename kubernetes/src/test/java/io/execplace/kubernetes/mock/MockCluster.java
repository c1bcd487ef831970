package io.execplace.kubernetes.mock;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.NamespacedKubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;

import java.net.InetAddress;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A mock API server on the loopback address with the {@link BindingDispatcher}, and builders of test objects. */
public final class MockCluster implements AutoCloseable {

    /** Keeps the mock web server's request log (java.util.logging, one line per request) quiet. */
    private static final java.util.logging.Logger MOCK_LOG = java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");

    static {
        MOCK_LOG.setLevel(java.util.logging.Level.WARNING);
    }

    public final BindingDispatcher dispatcher = new BindingDispatcher();
    public final KubernetesMockServer server;
    public final NamespacedKubernetesClient client;

    public MockCluster() {
        server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), dispatcher, false);
        server.init(InetAddress.getLoopbackAddress(), 0);
        // As the launcher: no retries inside the HTTP client, the scheduler's binder decides.
        // The mock speaks HTTP/1.1: allow as many connections as a real server's HTTP/2 would multiplex streams.
        client = server.createClient(b -> b.editOrNewConfig().withRequestRetryBackoffLimit(0)
                .withMaxConcurrentRequests(256).withMaxConcurrentRequestsPerHost(128).endConfig());
    }

    /** A ready node with an instance type label, {@code cpu} cores and {@code memoryGi} GiB allocatable. */
    public Node node(String name, String instanceType, int cpu, int memoryGi, Map<String, String> extraLabels) {
        return node(name, instanceType, cpu, memoryGi, extraLabels, Map.of());
    }

    /** As above, with node annotations. */
    public Node node(String name, String instanceType, int cpu, int memoryGi, Map<String, String> extraLabels,
                     Map<String, String> annotations) {
        Map<String, String> labels = new LinkedHashMap<>();
        if (instanceType != null) {
            labels.put("node.kubernetes.io/instance-type", instanceType);
        }
        labels.putAll(extraLabels);
        Node n = new NodeBuilder().withNewMetadata().withName(name).withLabels(labels).withAnnotations(annotations).endMetadata()
                .withNewSpec().endSpec()
                .withNewStatus()
                .addToAllocatable("cpu", new Quantity(Integer.toString(cpu)))
                .addToAllocatable("memory", new Quantity(memoryGi + "Gi"))
                .addNewCondition().withType("Ready").withStatus("True").endCondition()
                .endStatus().build();
        return client.nodes().resource(n).create();
    }

    public Node node(String name, String instanceType, int cpu, int memoryGi) {
        return node(name, instanceType, cpu, memoryGi, Map.of());
    }

    /** A pending Spark executor pod with this scheduler name. */
    public Pod executor(String ns, String app, int execId, String cpu, String memory, String schedulerName,
                        Map<String, String> annotations) {
        Pod p = new PodBuilder().withNewMetadata().withName(app + "-exec-" + execId).withNamespace(ns)
                .addToLabels("spark-app-selector", app).addToLabels("spark-role", "executor")
                .addToLabels("spark-exec-id", Integer.toString(execId))
                .withAnnotations(annotations)
                .endMetadata()
                .withNewSpec().withSchedulerName(schedulerName)
                .addNewContainer().withName("spark-kubernetes-executor").withImage("spark:4.1.1")
                .withNewResources().addToRequests("cpu", new Quantity(cpu)).addToRequests("memory", new Quantity(memory))
                .endResources().endContainer().endSpec().build();
        return client.pods().inNamespace(ns).resource(p).create();
    }

    public Pod executor(String ns, String app, int execId, String cpu, String memory) {
        return executor(ns, app, execId, cpu, memory, "execplace", Map.of());
    }

    /** A Spark driver pod, already running on a node outside the test's interest (bound by someone else). */
    public Pod driver(String ns, String app, Map<String, String> annotations) {
        Pod p = new PodBuilder().withNewMetadata().withName(app + "-driver").withNamespace(ns)
                .addToLabels("spark-app-selector", app).addToLabels("spark-role", "driver")
                .withAnnotations(annotations).endMetadata()
                .withNewSpec().withSchedulerName("default-scheduler")
                .addNewContainer().withName("spark-kubernetes-driver").withImage("spark:4.1.1").endContainer()
                .endSpec().build();
        return client.pods().inNamespace(ns).resource(p).create();
    }

    /** A pending Spark driver pod for this scheduler (execplace places it), requesting {@code cpu} and {@code memory}. */
    public Pod pendingDriver(String ns, String app, String cpu, String memory, Map<String, String> annotations) {
        Pod p = new PodBuilder().withNewMetadata().withName(app + "-driver").withNamespace(ns)
                .addToLabels("spark-app-selector", app).addToLabels("spark-role", "driver")
                .withAnnotations(annotations).endMetadata()
                .withNewSpec().withSchedulerName("execplace")
                .addNewContainer().withName("spark-kubernetes-driver").withImage("spark:4.1.1")
                .withNewResources().addToRequests("cpu", new Quantity(cpu)).addToRequests("memory", new Quantity(memory))
                .endResources().endContainer().endSpec().build();
        return client.pods().inNamespace(ns).resource(p).create();
    }

    /** A pod some other scheduler bound to {@code node}, requesting resources there. */
    public Pod foreignPod(String ns, String name, String node, String cpu, String memory) {
        Pod p = new PodBuilder().withNewMetadata().withName(name).withNamespace(ns).endMetadata()
                .withNewSpec().withSchedulerName("default-scheduler").withNodeName(node)
                .addNewContainer().withName("app").withImage("busybox")
                .withNewResources().addToRequests("cpu", new Quantity(cpu)).addToRequests("memory", new Quantity(memory))
                .endResources().endContainer().endSpec()
                .withNewStatus().withPhase("Running").endStatus().build();
        return client.pods().inNamespace(ns).resource(p).create();
    }

    /** All pods of a namespace, fresh from the server. */
    public List<Pod> pods(String ns) {
        return client.pods().inNamespace(ns).list().getItems();
    }

    /** Node name of a pod as the server has it (null if unbound). */
    public String nodeOf(String ns, String pod) {
        Pod p = client.pods().inNamespace(ns).withName(pod).get();
        return p == null ? null : p.getSpec().getNodeName();
    }

    @Override
    public void close() {
        client.close();
        server.destroy();
    }
}
