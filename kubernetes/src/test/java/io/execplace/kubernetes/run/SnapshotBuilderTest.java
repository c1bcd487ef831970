package io.execplace.kubernetes.run;

import io.execplace.core.model.Site;
import io.execplace.kubernetes.cluster.ClusterSnapshot;
import io.execplace.kubernetes.cluster.NodeInfo;
import io.execplace.kubernetes.cluster.NodeReader;
import io.execplace.kubernetes.observe.EventRecorder;
import io.execplace.kubernetes.pricing.PriceTable;
import io.execplace.kubernetes.scenario.TestObjects;
import io.execplace.kubernetes.spark.ApplicationGrouper;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The incremental snapshot (node readings, pod requests and bound gangs' busy times kept between
 * cycles while their objects do not change) equals one built from scratch, cycle after cycle of a
 * changing cluster: pods bound and gone, annotations and nodes edited, the price table reloaded.
 */
class SnapshotBuilderTest {

    private static final double T0 = 1_700_000_000;

    private static SnapshotBuilder builder(AtomicReference<PriceTable> prices) {
        return new SnapshotBuilder(new NodeReader(prices::get, "execplace.io/site", Site.CLOUD),
                new ApplicationGrouper(Duration.ofSeconds(2), 600), new EventRecorder(null, "execplace", Clock.systemUTC()),
                new ProblemLog(), true);
    }

    private static String ts(double t) {
        return Instant.ofEpochMilli(Math.round(t * 1000)).toString();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void theIncrementalSnapshotIsTheOneBuiltFromScratch(int seed) {
        Random rnd = new Random(seed);
        AtomicReference<PriceTable> prices = new AtomicReference<>(PriceTable.of(Map.of("a", 0.1, "b", 0.2)));
        SnapshotBuilder incremental = builder(prices);
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            nodes.add(TestObjects.node("n" + i, rnd.nextBoolean() ? "a" : "b", 4 + 4 * rnd.nextInt(3), 32).editMetadata()
                    .withResourceVersion("1").endMetadata().build());
        }
        List<Pod> bound = new ArrayList<>();
        int version = 1;
        for (int cycle = 0; cycle < 40; cycle++) {
            double now = T0 + 10 * cycle;
            int change = rnd.nextInt(6);
            if (change <= 1 || bound.isEmpty()) {
                // a new gang of 1-3 executors bound now
                String app = "app" + cycle;
                int n = 1 + rnd.nextInt(3);
                String duration = String.valueOf(100 + rnd.nextInt(900));
                for (int e = 1; e <= n; e++) {
                    bound.add(TestObjects.executor("spark", app, e, "1", "2Gi", "execplace").editMetadata()
                            .withUid(app + "-" + e).withResourceVersion(String.valueOf(++version)).withCreationTimestamp(ts(now))
                            .addToAnnotations("execplace.io/expected-duration-seconds", duration).endMetadata()
                            .editSpec().withNodeName("n" + rnd.nextInt(5)).endSpec().build());
                }
            } else if (change == 2) {
                bound.remove(rnd.nextInt(bound.size()));
            } else if (change == 3) {
                // an annotation edited: a new version of the pod
                int i = rnd.nextInt(bound.size());
                bound.set(i, new io.fabric8.kubernetes.api.model.PodBuilder(bound.get(i)).editMetadata()
                        .withResourceVersion(String.valueOf(++version))
                        .addToAnnotations("execplace.io/expected-duration-seconds", String.valueOf(50 + rnd.nextInt(500)))
                        .endMetadata().build());
            } else if (change == 4) {
                int i = rnd.nextInt(nodes.size());
                nodes.set(i, new io.fabric8.kubernetes.api.model.NodeBuilder(nodes.get(i)).editMetadata()
                        .withResourceVersion(String.valueOf(++version))
                        .addToLabels("execplace.io/site", rnd.nextBoolean() ? "local" : "cloud").endMetadata().build());
            } else {
                prices.set(PriceTable.of(Map.of("a", 0.1 + rnd.nextInt(5) / 10.0, "b", 0.2)));
            }
            ClusterSnapshot a = snapshot(incremental, nodes, bound, now);
            ClusterSnapshot b = snapshot(builder(prices), nodes, bound, now);
            assertThat(a.vmCount()).isEqualTo(b.vmCount());
            for (int vm = 0; vm < a.vmCount(); vm++) {
                assertThat(a.freeCpuMillis(vm)).as("cycle %d vm %d", cycle, vm).isEqualTo(b.freeCpuMillis(vm));
                assertThat(a.freeMemoryBytes(vm)).isEqualTo(b.freeMemoryBytes(vm));
                assertThat(a.executorsOn(vm)).isEqualTo(b.executorsOn(vm));
                assertThat(a.remainingBusyTime(vm)).as("cycle %d vm %d busy", cycle, vm).isEqualTo(b.remainingBusyTime(vm));
                assertThat(a.vm(vm).pricePerSecond()).isEqualTo(b.vm(vm).pricePerSecond());
            }
        }
    }

    private static ClusterSnapshot snapshot(SnapshotBuilder builder, List<Node> nodes, List<Pod> bound, double now) {
        List<NodeInfo> usable = builder.usableNodes(nodes);
        List<Pod> all = new ArrayList<>(bound);
        return builder.build(usable, now, 1000, "execplace", bound, all, new AssumeCache());
    }
}
