package io.execplace.eventlogs;

import io.execplace.core.io.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Kubernetes executor pods put on their nodes from a placement log or a kubectl listing. */
class PodNodesTest {

    private static final long T0 = 1_700_000_000_000L;

    @TempDir
    Path dir;

    /** A Kubernetes application in cluster mode: its driver pod and three executor pods, hosts logged as pod IPs. */
    private List<SparkApplication> k8sApp() throws IOException {
        Path log = new LogBuilder("spark-0f1e", T0).property("spark.master", "k8s://https://10.96.0.1:443")
                .property("spark.submit.deployMode", "cluster").property("spark.driver.host", "pi-driver-svc.default.svc")
                .start().added("1", "10.244.1.5", 1, T0 + 3_000).added("2", "10.244.2.9", 1, T0 + 3_100)
                .added("3", "10.244.1.6", 1, T0 + 3_200).end(T0 + 60_000).write(dir.resolve("spark-0f1e"));
        return EventLogImport.read(List.of(log)).applications();
    }

    @Test
    void aPlacementLogPutsPodsOnTheirNodes() throws IOException {
        List<SparkApplication> apps = k8sApp();
        Path placements = Files.writeString(dir.resolve("placements.jsonl"), String.join("\n",
                "{\"pod\":\"pi-driver\",\"node\":\"node-c\",\"app\":\"spark-0f1e\",\"executor\":\"driver\",\"bound\":" + T0
                        + ",\"ended\":" + (T0 + 60_000) + "}",
                "{\"pod\":\"pi-exec-1\",\"node\":\"node-a\",\"app\":\"spark-0f1e\",\"executor\":\"1\",\"bound\":" + (T0 + 2_900)
                        + ",\"ended\":null}",
                "{\"pod\":\"pi-exec-2\",\"node\":\"node-a\",\"app\":\"spark-0f1e\",\"executor\":\"2\",\"bound\":" + (T0 + 3_000)
                        + ",\"ended\":null}",
                "# the third executor's pod is found by its IP",
                "{\"pod\":\"other\",\"node\":\"node-b\",\"ip\":\"10.244.1.6\",\"bound\":" + T0 + ",\"ended\":null}"));
        assertThat(PodNodes.read(placements).apply(apps)).isZero();
        SparkApplication a = apps.get(0);
        assertThat(a.executors()).extracting(SparkApplication.Executor::host).containsExactly("node-a", "node-a", "node-b");
        List<ExecutorGroup> groups = ExecutorGroup.of(a, new ImportReport());
        assertThat(groups.get(0).driver()).isTrue();
        assertThat(groups.get(0).hosts()).containsExactly("node-c");
    }

    @Test
    void aKubectlListingPutsPodsOnTheirNodesAndUnknownPodsAreCounted() throws IOException {
        List<SparkApplication> apps = k8sApp();
        Path listing = Files.writeString(dir.resolve("pods.json"), """
                {"apiVersion": "v1", "kind": "List", "items": [
                  {"metadata": {"name": "pi-exec-1", "labels": {"spark-app-selector": "spark-0f1e", "spark-exec-id": "1",
                     "spark-role": "executor"}}, "spec": {"nodeName": "node-a"}, "status": {"podIP": "10.244.1.5"}},
                  {"metadata": {"name": "pi-exec-2", "labels": {"spark-app-selector": "spark-0f1e", "spark-exec-id": "2",
                     "spark-role": "executor"}}, "spec": {"nodeName": "node-a"}, "status": {"podIP": "10.244.2.9"}},
                  {"metadata": {"name": "pending", "labels": {}}, "spec": {}, "status": {}}
                ]}
                """);
        assertThat(PodNodes.read(listing).apply(apps)).isEqualTo(1); // executor 3 is not in the listing
        assertThat(apps.get(0).executors()).extracting(SparkApplication.Executor::host)
                .containsExactly("node-a", "node-a", "10.244.1.6");
    }

    @Test
    void aFileThatIsNeitherIsRefusedWithItsLine() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.jsonl"), "{\"pod\":\"p\",\"node\":\"n\"}\nnot json\n");
        assertThatThrownBy(() -> PodNodes.read(bad)).isInstanceOf(BadInputException.class).hasMessageContaining(bad + " line 2");
        Path noNode = Files.writeString(dir.resolve("nonode.jsonl"), "{\"pod\":\"p\"}\n");
        assertThatThrownBy(() -> PodNodes.read(noNode)).isInstanceOf(BadInputException.class).hasMessageContaining("'node'");
        Path binary = Files.write(dir.resolve("pods.bin"), new byte[]{(byte) 0xff, (byte) 0xfe, 0, 1});
        assertThatThrownBy(() -> PodNodes.read(binary)).isInstanceOf(BadInputException.class).hasMessageContaining("not UTF-8");
        Path empty = Files.writeString(dir.resolve("empty.json"), "{\"items\": []}");
        assertThatThrownBy(() -> PodNodes.read(empty)).isInstanceOf(BadInputException.class).hasMessageContaining("names no pod");
    }
}
