package io.execplace.kubernetes.run;

import io.execplace.kubernetes.cluster.ClusterSnapshot;
import io.execplace.kubernetes.cluster.NodeInfo;
import io.execplace.kubernetes.cluster.NodeReader;
import io.execplace.kubernetes.pricing.PriceTable;
import io.execplace.kubernetes.scenario.TestObjects;
import io.execplace.kubernetes.spark.PodFacts;
import io.execplace.core.model.Site;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The per-node totals kept from informer events (through the slim pod store, as the informer calls
 * it) equal what adding every live pod to a snapshot one by one gives, after every event of a random
 * stream: pods of several schedulers created, bound, re-versioned, finished, deleted, some with
 * expected durations, some DaemonSet pods, some with extended resources.
 */
class BoundPodsByNodeTest {

    private static final double NOW = 1_700_000_000;
    private static final PriceTable PRICES = PriceTable.of(Map.of("a", 0.1));

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6})
    void totalsFromEventsEqualEveryPodAddedAgain(int seed) {
        Random rnd = new Random(seed);
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            nodes.add(TestObjects.node("n" + i, "a", Map.of("cpu", "64", "memory", "256Gi", "pods", "110", "nvidia.com/gpu", "8"))
                    .build());
        }
        List<NodeInfo> usable = usable(nodes);
        SlimPodStore store = new SlimPodStore("execplace");
        Map<String, Pod> live = new HashMap<>();
        int version = 0;
        for (int step = 0; step < 150; step++) {
            int change = rnd.nextInt(5);
            if (change <= 1 || live.isEmpty()) {
                String name = "p" + step;
                String scheduler = rnd.nextBoolean() ? "execplace" : "default-scheduler";
                PodBuilder b = rnd.nextBoolean()
                        ? TestObjects.executor("ns", "app" + step % 7, step, (1 + rnd.nextInt(4)) * 250 + "m", "1Gi", scheduler)
                        : new PodBuilder(TestObjects.foreign("ns", name, null, "500m", "512Mi")).editSpec()
                                .withSchedulerName(scheduler).endSpec();
                b.editMetadata().withName(name).withUid("uid-" + step).withResourceVersion(String.valueOf(++version))
                        .withCreationTimestamp(Instant.ofEpochSecond((long) NOW - rnd.nextInt(500)).toString()).endMetadata();
                if (rnd.nextInt(3) == 0) {
                    b.editMetadata().addToAnnotations("execplace.io/expected-duration-seconds", String.valueOf(10 + rnd.nextInt(900)))
                            .endMetadata();
                }
                if (rnd.nextInt(4) == 0) {
                    b.editMetadata().addNewOwnerReference().withKind("DaemonSet").withName("ds").withApiVersion("apps/v1")
                            .withUid("ds").endOwnerReference().endMetadata();
                }
                if (rnd.nextInt(5) == 0) {
                    b.editSpec().editFirstContainer().editResources().addToRequests("nvidia.com/gpu",
                            new io.fabric8.kubernetes.api.model.Quantity("1")).endResources().endContainer().endSpec();
                }
                if (rnd.nextBoolean()) {
                    b.editSpec().withNodeName("n" + rnd.nextInt(6)).endSpec();
                }
                put(store, live, b.build());
            } else {
                List<String> keys = new ArrayList<>(live.keySet());
                keys.sort(null);
                String key = keys.get(rnd.nextInt(keys.size()));
                Pod p = live.get(key);
                PodBuilder b = new PodBuilder(p).editMetadata().withResourceVersion(String.valueOf(++version)).endMetadata();
                if (change == 2) {
                    b.editSpec().withNodeName(p.getSpec().getNodeName() == null ? "n" + rnd.nextInt(6) : p.getSpec().getNodeName())
                            .endSpec();
                    put(store, live, b.build());
                } else if (change == 3) {
                    put(store, live, b.withNewStatus().withPhase(rnd.nextBoolean() ? "Succeeded" : "Running").endStatus().build());
                } else {
                    store.remove(key);
                    live.remove(key);
                }
            }
            ClusterSnapshot fromEvents = ClusterSnapshot.of(usable, NOW);
            store.byNode().addTo(fromEvents);
            ClusterSnapshot everyPod = ClusterSnapshot.of(usable, NOW);
            for (Pod p : live.values()) {
                PodFacts f = PodFacts.of(p);
                if (f.bound() && !f.terminal()) {
                    double busy = f.scheduledBy("execplace") || Double.isNaN(f.expectedSeconds()) ? Double.NaN
                            : SnapshotBuilder.boundAt(p, NOW) + f.expectedSeconds();
                    everyPod.addPod(f.node(), f.cpuMillis(), f.memoryBytes(), f.otherRequests(), !f.daemonSet(), busy);
                }
            }
            for (int vm = 0; vm < usable.size(); vm++) {
                String at = "step " + step + " vm " + vm;
                assertThat(fromEvents.freeCpuMillis(vm)).as(at).isEqualTo(everyPod.freeCpuMillis(vm));
                assertThat(fromEvents.freeMemoryBytes(vm)).as(at).isEqualTo(everyPod.freeMemoryBytes(vm));
                assertThat(fromEvents.executorsOn(vm)).as(at).isEqualTo(everyPod.executorsOn(vm));
                assertThat(fromEvents.remainingBusyTime(vm)).as(at).isEqualTo(everyPod.remainingBusyTime(vm));
                assertThat(fromEvents.podsThatFit(vm, 1, 1, Map.of("nvidia.com/gpu", 1L)))
                        .as(at).isEqualTo(everyPod.podsThatFit(vm, 1, 1, Map.of("nvidia.com/gpu", 1L)));
            }
        }
    }

    @Test
    void otherSchedulersPlainPodsAreCountedButNotReadOneByOne() {
        SlimPodStore store = new SlimPodStore("execplace");
        Pod web = TestObjects.foreign("ns", "web", "n0", "2", "1Gi");
        Pod ours = TestObjects.executor("ns", "app", 1, "1", "1Gi", "execplace").editSpec().withNodeName("n0").endSpec().build();
        store.put("ns/web", web);
        store.put("ns/app-exec-1", ours);
        assertThat(store.facts()).extracting(PodFacts::uid).hasSize(1);
        assertThat(store.facts().iterator().next().pod().getMetadata().getName()).isEqualTo("app-exec-1");
        List<NodeInfo> usable = usable(List.of(TestObjects.node("n0", "a", 8, 32).build()));
        ClusterSnapshot s = ClusterSnapshot.of(usable, NOW);
        store.byNode().addTo(s);
        assertThat(s.freeCpuMillis(0)).isEqualTo(8000 - 2000 - 1000);
        store.remove("ns/web");
        store.remove("ns/app-exec-1");
        assertThat(store.byNode().nodes()).isZero();
    }

    private static List<NodeInfo> usable(List<Node> nodes) {
        NodeReader reader = new NodeReader(() -> PRICES, "execplace.io/site", Site.CLOUD);
        return nodes.stream().map(n -> reader.read(n).info()).toList();
    }

    private static void put(SlimPodStore store, Map<String, Pod> live, Pod p) {
        String key = store.getKey(p);
        store.put(key, p);
        live.put(key, p);
    }
}
