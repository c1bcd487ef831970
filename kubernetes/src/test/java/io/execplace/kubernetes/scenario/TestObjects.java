package io.execplace.kubernetes.scenario;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Nodes and Spark executor pods as test objects (not yet created), valid for a real API server as
 * well as for the mock: they are created with {@code client.resource(object).create()}.
 */
public final class TestObjects {

    private TestObjects() {
    }

    /** A ready node with an instance type label and the given allocatable amounts (cpu, memory, pods, gpus...). */
    public static NodeBuilder node(String name, String instanceType, Map<String, String> allocatable) {
        Map<String, Quantity> alloc = new LinkedHashMap<>();
        allocatable.forEach((k, v) -> alloc.put(k, new Quantity(v)));
        return new NodeBuilder().withNewMetadata().withName(name)
                .addToLabels("node.kubernetes.io/instance-type", instanceType).endMetadata()
                .withNewSpec().endSpec()
                .withNewStatus().withAllocatable(alloc).withCapacity(alloc)
                .addNewCondition().withType("Ready").withStatus("True").withReason("KubeletReady").endCondition()
                .endStatus();
    }

    /** A node of {@code cpu} cores and {@code memoryGi} GiB, at most 110 pods (the kubelet's default). */
    public static NodeBuilder node(String name, String instanceType, int cpu, int memoryGi) {
        return node(name, instanceType, Map.of("cpu", Integer.toString(cpu), "memory", memoryGi + "Gi", "pods", "110"));
    }

    public static Taint taint(String key, String value, String effect) {
        Taint t = new Taint();
        t.setKey(key);
        t.setValue(value);
        t.setEffect(effect);
        return t;
    }

    /** A node with taints. */
    public static Node tainted(NodeBuilder node, List<Taint> taints) {
        return node.editSpec().withTaints(taints).endSpec().build();
    }

    /** A pending Spark executor pod of application {@code app} for the scheduler named {@code scheduler}. */
    public static PodBuilder executor(String ns, String app, int execId, String cpu, String memory, String scheduler) {
        return new PodBuilder().withNewMetadata().withName(app + "-exec-" + execId).withNamespace(ns)
                .addToLabels("spark-app-selector", app).addToLabels("spark-role", "executor")
                .addToLabels("spark-exec-id", Integer.toString(execId)).endMetadata()
                .withNewSpec().withSchedulerName(scheduler)
                .addNewContainer().withName("spark-kubernetes-executor").withImage("spark:4.1.1")
                .withNewResources().addToRequests("cpu", new Quantity(cpu)).addToRequests("memory", new Quantity(memory))
                .endResources().endContainer().endSpec();
    }

    /** A pending Spark driver pod of application {@code app} for the scheduler named {@code scheduler}. */
    public static PodBuilder driver(String ns, String app, String cpu, String memory, String scheduler, Map<String, String> annotations) {
        return new PodBuilder().withNewMetadata().withName(app + "-driver").withNamespace(ns)
                .addToLabels("spark-app-selector", app).addToLabels("spark-role", "driver").withAnnotations(annotations).endMetadata()
                .withNewSpec().withSchedulerName(scheduler)
                .addNewContainer().withName("spark-kubernetes-driver").withImage("spark:4.1.1")
                .withNewResources().addToRequests("cpu", new Quantity(cpu)).addToRequests("memory", new Quantity(memory))
                .endResources().endContainer().endSpec();
    }

    /** A running pod some other scheduler put on {@code node}. */
    public static Pod foreign(String ns, String name, String node, String cpu, String memory) {
        return new PodBuilder().withNewMetadata().withName(name).withNamespace(ns).endMetadata()
                .withNewSpec().withSchedulerName("default-scheduler").withNodeName(node)
                .addNewContainer().withName("app").withImage("busybox")
                .withNewResources().addToRequests("cpu", new Quantity(cpu)).addToRequests("memory", new Quantity(memory))
                .endResources().endContainer().endSpec().build();
    }
}
