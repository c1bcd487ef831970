package io.execplace.kubernetes.replay;

import io.execplace.core.model.Job;
import io.execplace.kubernetes.cluster.Labels;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The pods of one application as Spark on Kubernetes makes them: a driver, and executors owned by it,
 * with Spark's labels ({@code spark-app-selector}, {@code spark-role}, {@code spark-exec-id}) and
 * execplace's annotations. Times are the testbed's: a workload duration of d seconds runs d ÷ K real
 * seconds ({@code execplace.io/run-for}, which kwok's stage reads, and the expected duration), and the
 * deadline is the replay's start plus deadline ÷ K.
 */
public final class SparkPods {

    /** The annotation kwok's Succeeded stage of the testbed waits for (a Go duration). */
    static final String RUN_FOR = "execplace.io/run-for";
    /** The driver asks for what a small driver asks for; it runs as long as its executors. */
    private static final String DRIVER_CPU = "1";
    private static final String DRIVER_MEMORY = "1Gi";

    private final String namespace;
    private final String schedulerName;
    private final double timeScale;
    private final Instant start;
    private final boolean executorsOnSpot;

    /** Pods for kube-scheduler's default node choice (no capacity-type selectors). */
    public SparkPods(String namespace, String schedulerName, double timeScale, Instant start) {
        this(namespace, schedulerName, timeScale, start, false);
    }

    /**
     * @param executorsOnSpot the practitioners' rule: executors ask for spot nodes and drivers for on-demand
     *                        ones (node selector {@code karpenter.sh/capacity-type}); else neither asks
     */
    public SparkPods(String namespace, String schedulerName, double timeScale, Instant start, boolean executorsOnSpot) {
        this.namespace = namespace;
        this.schedulerName = schedulerName;
        this.timeScale = timeScale;
        this.start = start;
        this.executorsOnSpot = executorsOnSpot;
    }

    public static String appId(Job job) {
        return "spark-" + job.id();
    }

    public static String driverName(Job job) {
        return "app-" + job.id() + "-driver";
    }

    public Pod driver(Job job) {
        Map<String, String> annotations = annotations(job);
        annotations.put(Labels.EXECUTORS, Integer.toString(job.executors()));
        annotations.put(Labels.EXECUTOR_CPU, Integer.toString(job.coresPerExecutor()));
        annotations.put(Labels.EXECUTOR_MEMORY, memory(job.memoryGbPerExecutor()));
        return pod(driverName(job), job, "driver", null, DRIVER_CPU, DRIVER_MEMORY, annotations);
    }

    public Pod executor(Job job, int execId, Pod driver) {
        Pod pod = pod("app-" + job.id() + "-exec-" + execId, job, "executor", Integer.toString(execId),
                Integer.toString(job.coresPerExecutor()), memory(job.memoryGbPerExecutor()), annotations(job));
        pod.getMetadata().setOwnerReferences(java.util.List.of(new OwnerReferenceBuilder().withApiVersion("v1").withKind("Pod")
                .withName(driver.getMetadata().getName()).withUid(driver.getMetadata().getUid()).withController(true).build()));
        return pod;
    }

    private Map<String, String> annotations(Job job) {
        long runMillis = Math.max(1, Math.round(job.baseDuration() * 1000 / timeScale));
        Map<String, String> a = new LinkedHashMap<>();
        a.put(RUN_FOR, runMillis + "ms");
        a.put(Labels.EXPECTED_DURATION, Double.toString(runMillis / 1000.0));
        a.put(Labels.JOB_TYPE, job.type().label());
        if (job.hasDeadline()) {
            a.put(Labels.DEADLINE, start.plusMillis(Math.round(job.deadline() * 1000 / timeScale)).toString());
        }
        return a;
    }

    private static String memory(double gb) {
        return Math.max(1, Math.round(gb * 1024)) + "Mi";
    }

    private Pod pod(String name, Job job, String role, String execId, String cpu, String memory, Map<String, String> annotations) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(Labels.SPARK_APP, appId(job));
        labels.put(Labels.SPARK_ROLE, role);
        if (execId != null) {
            labels.put(Labels.SPARK_EXEC_ID, execId);
        }
        Map<String, String> selector = !executorsOnSpot ? null
                : Map.of(Labels.CAPACITY_TYPE, "executor".equals(role) ? "spot" : "on-demand");
        return new PodBuilder().withNewMetadata().withName(name).withNamespace(namespace).withLabels(labels)
                .withAnnotations(annotations).endMetadata()
                .withNewSpec().withSchedulerName(schedulerName).withRestartPolicy("Never").withNodeSelector(selector)
                .addNewContainer().withName("spark-kubernetes-" + role).withImage("apache/spark:replay")
                .withNewResources().withRequests(Map.of("cpu", new Quantity(cpu), "memory", new Quantity(memory))).endResources()
                .endContainer().endSpec().build();
    }
}
