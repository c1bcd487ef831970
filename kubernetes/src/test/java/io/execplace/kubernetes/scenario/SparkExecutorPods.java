package io.execplace.kubernetes.scenario;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;

/**
 * An executor pod as Spark 4 on Kubernetes makes it (KubernetesExecutorBuilder's features): its
 * labels and owner reference, the SPARK_* environment, the block manager port, local-dir, config-map
 * and service-account-token volumes, and, once running, a status with conditions and a container
 * status — what an informer caches for every executor.
 */
public final class SparkExecutorPods {

    private SparkExecutorPods() {
    }

    public static Pod running(String ns, String app, int execId, String node) {
        String appId = "spark-" + Integer.toHexString(app.hashCode()) + "0123456789abcdef0123456789ab";
        String name = app + "-" + Integer.toHexString(execId * 7919) + "8d5b9a6c0e-exec-" + execId;
        PodBuilder b = new PodBuilder().withApiVersion("v1").withKind("Pod").withNewMetadata().withName(name).withNamespace(ns)
                .withUid(java.util.UUID.nameUUIDFromBytes(name.getBytes()).toString()).withResourceVersion("1234567")
                .withCreationTimestamp("2026-11-26T10:00:00Z")
                .addToLabels("spark-app-selector", appId).addToLabels("spark-app-name", app).addToLabels("spark-role", "executor")
                .addToLabels("spark-exec-id", Integer.toString(execId)).addToLabels("spark-exec-resourceprofile-id", "0")
                .addToLabels("spark-version", "4.1.1")
                .addToAnnotations("execplace.io/expected-duration-seconds", "600")
                .addNewOwnerReference().withApiVersion("v1").withKind("Pod").withName(app + "-driver")
                .withUid("5f0c6e2a-1b7d-4c55-9a2e-6d3f8b1c2e4a").withController(true).endOwnerReference()
                .addNewManagedField().withManager("okhttp").withOperation("Update").withApiVersion("v1")
                .withTime("2026-11-26T10:00:00Z").withFieldsType("FieldsV1").endManagedField()
                .endMetadata()
                .withNewSpec().withSchedulerName("execplace").withNodeName(node).withHostname(name).withRestartPolicy("Never")
                .withServiceAccountName("spark").withEnableServiceLinks(false)
                .addNewContainer().withName("spark-kubernetes-executor").withImage("apache/spark:4.1.1-scala2.13-java17-python3-ubuntu")
                .withImagePullPolicy("IfNotPresent").withArgs("executor")
                .addNewPort().withName("blockmanager").withContainerPort(7079).withProtocol("TCP").endPort()
                .withNewResources().addToRequests("cpu", new Quantity("1")).addToRequests("memory", new Quantity("1408Mi"))
                .addToLimits("memory", new Quantity("1408Mi")).endResources()
                .addNewVolumeMount().withName("spark-local-dir-1").withMountPath("/var/data/spark-5a8e1f2b-3c4d").endVolumeMount()
                .addNewVolumeMount().withName("spark-conf-volume-exec").withMountPath("/opt/spark/conf").endVolumeMount()
                .addNewVolumeMount().withName("kube-api-access-x7k2p").withMountPath("/var/run/secrets/kubernetes.io/serviceaccount")
                .withReadOnly(true).endVolumeMount()
                .endContainer()
                .addNewVolume().withName("spark-local-dir-1").withNewEmptyDir().endEmptyDir().endVolume()
                .addNewVolume().withName("spark-conf-volume-exec").withNewConfigMap().withName("spark-exec-" + appId + "-conf-map")
                .withDefaultMode(420).endConfigMap().endVolume()
                .addNewVolume().withName("kube-api-access-x7k2p").withNewProjected().withDefaultMode(420)
                .addNewSource().withNewServiceAccountToken().withPath("token").withExpirationSeconds(3607L).endServiceAccountToken()
                .endSource().endProjected().endVolume()
                .addNewToleration().withKey("node.kubernetes.io/not-ready").withOperator("Exists").withEffect("NoExecute")
                .withTolerationSeconds(300L).endToleration()
                .addNewToleration().withKey("node.kubernetes.io/unreachable").withOperator("Exists").withEffect("NoExecute")
                .withTolerationSeconds(300L).endToleration()
                .endSpec();
        String[][] env = {
            {"SPARK_USER", "spark"}, {"SPARK_DRIVER_URL", "spark://CoarseGrainedScheduler@" + app + "-driver-svc." + ns + ".svc:7078"},
            {"SPARK_EXECUTOR_CORES", "1"}, {"SPARK_EXECUTOR_MEMORY", "1g"}, {"SPARK_APPLICATION_ID", appId},
            {"SPARK_CONF_DIR", "/opt/spark/conf"}, {"SPARK_EXECUTOR_ID", Integer.toString(execId)},
            {"SPARK_RESOURCE_PROFILE_ID", "0"}, {"SPARK_LOCAL_DIRS", "/var/data/spark-5a8e1f2b-3c4d"},
            {"SPARK_JAVA_OPT_0", "-Dspark.driver.port=7078"}, {"SPARK_JAVA_OPT_1", "-Dspark.driver.blockManager.port=7079"},
            {"SPARK_JAVA_OPT_2", "-Djava.net.preferIPv6Addresses=false"}, {"SPARK_JAVA_OPT_3", "-XX:+IgnoreUnrecognizedVMOptions"},
            {"SPARK_JAVA_OPT_4", "--add-opens=java.base/java.lang=ALL-UNNAMED"}, {"SPARK_JAVA_OPT_5", "--add-opens=java.base/java.nio=ALL-UNNAMED"},
            {"SPARK_JAVA_OPT_6", "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED"}, {"SPARK_JAVA_OPT_7", "-Djdk.reflect.useDirectMethodHandle=false"},
        };
        var container = b.editSpec().editFirstContainer();
        for (String[] e : env) {
            container.addNewEnv().withName(e[0]).withValue(e[1]).endEnv();
        }
        container.addNewEnv().withName("SPARK_EXECUTOR_POD_IP").withNewValueFrom().withNewFieldRef().withApiVersion("v1")
                .withFieldPath("status.podIP").endFieldRef().endValueFrom().endEnv();
        container.addNewEnv().withName("SPARK_EXECUTOR_POD_NAME").withNewValueFrom().withNewFieldRef().withApiVersion("v1")
                .withFieldPath("metadata.name").endFieldRef().endValueFrom().endEnv();
        b = container.endContainer().endSpec();
        return b.withNewStatus().withPhase("Running").withHostIP("10.0.1.17").withPodIP("10.244.3." + (execId % 250))
                .withStartTime("2026-11-26T10:00:01Z").withQosClass("Burstable")
                .addNewCondition().withType("Initialized").withStatus("True").withLastTransitionTime("2026-11-26T10:00:01Z").endCondition()
                .addNewCondition().withType("Ready").withStatus("True").withLastTransitionTime("2026-11-26T10:00:04Z").endCondition()
                .addNewCondition().withType("ContainersReady").withStatus("True").withLastTransitionTime("2026-11-26T10:00:04Z").endCondition()
                .addNewCondition().withType("PodScheduled").withStatus("True").withLastTransitionTime("2026-11-26T10:00:00Z").endCondition()
                .addNewContainerStatus().withName("spark-kubernetes-executor").withReady(true).withRestartCount(0).withStarted(true)
                .withImage("apache/spark:4.1.1-scala2.13-java17-python3-ubuntu")
                .withImageID("docker.io/apache/spark@sha256:0f3a5c7e9b1d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4")
                .withContainerID("containerd://7c1e5a9b3d7f1c5e9a3b7d1f5c9e3a7b1d5f9c3e7a1b5d9f3c7e1a5b9d3f7c1e5")
                .withNewState().withNewRunning().withStartedAt("2026-11-26T10:00:03Z").endRunning().endState()
                .endContainerStatus().endStatus().build();
    }
}
