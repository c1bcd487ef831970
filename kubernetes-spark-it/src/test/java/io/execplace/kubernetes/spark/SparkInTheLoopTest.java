package io.execplace.kubernetes.spark;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.model.Workload;
import io.execplace.core.sim.Simulation;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.kubernetes.cluster.Resources;
import io.execplace.kubernetes.mock.Harness;
import io.execplace.kubernetes.mock.ManualClock;
import io.execplace.kubernetes.mock.MockCluster;
import io.execplace.kubernetes.run.CycleReport;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.schedulers.heuristics.Gio;
import io.fabric8.kubernetes.api.model.Pod;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.junit.jupiter.api.Test;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real Spark driver (client mode) pointed at the mock API server creates its executor pods with
 * {@code spark.kubernetes.scheduler.name=execplace}; the scheduler binds them exactly where the same
 * policy puts them in the simulator for that cluster state.
 */
class SparkInTheLoopTest {

    private static final int EXECUTORS = 3;

    @Test
    void sparkExecutorPodsArePlacedAsThePolicyDecides() {
        try (MockCluster c = new MockCluster()) {
            // Two local 4-core nodes, one cloud 8-core node: gio keeps the job local if it fits there.
            c.node("n1", "small", 4, 16, Map.of("execplace.io/site", "local"));
            c.node("n2", "small", 4, 16, Map.of("execplace.io/site", "local"));
            c.node("n3", "large", 8, 32, Map.of("execplace.io/site", "cloud"));
            SparkConf conf = new SparkConf()
                    .setMaster("k8s://" + c.client.getMasterUrl().toString().replaceAll("/$", ""))
                    .setAppName("execplace-spark-in-the-loop")
                    .set("spark.submit.deployMode", "client")
                    .set("spark.kubernetes.namespace", "spark")
                    .set("spark.kubernetes.container.image", "apache/spark:4.1.1")
                    .set("spark.kubernetes.scheduler.name", "execplace")
                    .set("spark.kubernetes.executor.annotation.execplace.io/expected-duration-seconds", "600")
                    .set("spark.executor.instances", Integer.toString(EXECUTORS))
                    .set("spark.executor.cores", "2")
                    .set("spark.executor.memory", "2g")
                    .set("spark.driver.host", "127.0.0.1")
                    .set("spark.driver.bindAddress", "127.0.0.1")
                    .set("spark.ui.enabled", "false")
                    .set("spark.kubernetes.executor.enablePollingWithResourceVersion", "true");
            try (KubernetesScheduler s = Harness.start(c, new Gio(), Harness.settings().namespace("spark").build(),
                    new ManualClock(Harness.START))) {
                SparkContext sc = new SparkContext(conf);
                try {
                    Harness.awaitPods(s, pods -> pods.stream().filter(SparkInTheLoopTest::executor).count() == EXECUTORS);
                    List<Pod> executors = s.cachedPods().stream().filter(SparkInTheLoopTest::executor)
                            .sorted(Comparator.comparing(p -> Integer.parseInt(p.getMetadata().getLabels().get("spark-exec-id"))))
                            .toList();
                    assertThat(executors).allSatisfy(p -> assertThat(p.getSpec().getSchedulerName()).isEqualTo("execplace"));
                    String app = executors.get(0).getMetadata().getLabels().get("spark-app-selector");
                    assertThat(app).isEqualTo(sc.applicationId());

                    CycleReport report = s.scheduleOnce();
                    assertThat(report.bound()).hasSize(EXECUTORS);

                    List<String> expected = simulatorPlacement(executors.get(0));
                    for (int i = 0; i < EXECUTORS; i++) {
                        assertThat(c.nodeOf("spark", executors.get(i).getMetadata().getName()))
                                .as("executor %d", i + 1).isEqualTo(expected.get(i));
                    }
                } finally {
                    sc.stop();
                }
            }
        }
    }

    /** Where gio puts the executors in the simulator, on the same three VMs, as node names. */
    private static List<String> simulatorPlacement(Pod executor) {
        Cluster cluster = Cluster.builder("spark-it")
                .add(new VmType("small", 4, 16), Site.LOCAL, 2, Harness.PRICES.pricePerSecond("small").orElseThrow())
                .add(new VmType("large", 8, 32), Site.CLOUD, 1, Harness.PRICES.pricePerSecond("large").orElseThrow())
                .build();
        int cores = (int) ((Resources.podCpuMillis(executor) + 999) / 1000);
        double memoryGb = Resources.podMemoryBytes(executor) / Resources.BYTES_PER_GB;
        Workload w = new Workload("spark", List.of(new Job(0, JobType.GENERIC, 0, EXECUTORS, cores, memoryGb, 600, Job.NO_DEADLINE)));
        Placement p = Simulation.run(cluster, w, new Gio(), SimulationConfig.defaults(cluster, w)).jobs().get(0).placement();
        String[] names = {"n1", "n2", "n3"};
        return java.util.stream.IntStream.range(0, EXECUTORS).mapToObj(i -> names[p.vm(i)]).toList();
    }

    private static boolean executor(Pod p) {
        return p.getMetadata().getLabels() != null && "executor".equals(p.getMetadata().getLabels().get("spark-role"));
    }
}
