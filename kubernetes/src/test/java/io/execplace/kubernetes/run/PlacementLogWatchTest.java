package io.execplace.kubernetes.run;

import io.execplace.kubernetes.mock.MockCluster;
import io.fabric8.kubernetes.api.model.PodBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The placement log as {@code k8s-scheduler --placement-log} wires it: an informer of its own on the API server. */
class PlacementLogWatchTest {

    @TempDir
    Path dir;

    @Test
    void aPodOfTheSchedulerIsLoggedWhenBoundAndAgainWhenDeleted() throws Exception {
        Path file = dir.resolve("placements.jsonl");
        Clock clock = Clock.fixed(Instant.ofEpochMilli(1_700_000_000_000L), ZoneOffset.UTC);
        try (MockCluster k8s = new MockCluster();
             PlacementLog log = PlacementLog.watch(k8s.client, SchedulerSettings.builder().build(), file, clock)) {
            k8s.executor("spark", "spark-1", 1, "1", "1Gi"); // pending: not logged
            k8s.executor("spark", "spark-1", 2, "1", "1Gi", "default-scheduler", java.util.Map.of()); // not ours
            for (String name : List.of("spark-1-exec-1", "spark-1-exec-2")) {
                k8s.client.pods().inNamespace("spark").withName(name)
                        .edit(p -> new PodBuilder(p).editSpec().withNodeName("node-a").endSpec().build());
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> Files.readAllLines(file).size() == 2);
            k8s.client.pods().inNamespace("spark").withName("spark-1-exec-1").delete();
            await().atMost(Duration.ofSeconds(30)).until(() -> Files.readAllLines(file).size() == 3);
        }
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.get(0)).isEqualTo(PlacementLog.HEADER);
        assertThat(lines.get(1)).isEqualTo("{\"pod\":\"spark-1-exec-1\",\"namespace\":\"spark\",\"node\":\"node-a\","
                + "\"app\":\"spark-1\",\"executor\":\"1\",\"ip\":null,\"bound\":1700000000000,\"ended\":null}");
        assertThat(lines.get(2)).contains("\"pod\":\"spark-1-exec-1\"", "\"ended\":1700000000000");
    }
}
