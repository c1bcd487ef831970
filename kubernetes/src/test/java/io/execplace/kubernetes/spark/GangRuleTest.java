package io.execplace.kubernetes.spark;

import io.execplace.kubernetes.scenario.TestObjects;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Minimum gang size and gang timeout from the driver's annotations (execplace's and YuniKorn's names). */
class GangRuleTest {

    private static final double NOW = 1_000_000;

    private static Pod driver(Map<String, String> annotations) {
        return new PodBuilder().withNewMetadata().withName("app-driver").withNamespace("spark").withUid("driver")
                .addToLabels("spark-app-selector", "app").addToLabels("spark-role", "driver").withAnnotations(annotations)
                .endMetadata().withNewSpec().withNodeName("d").addNewContainer().withName("driver").withImage("spark")
                .endContainer().endSpec().build();
    }

    private static List<Pod> executors(int n, Map<String, String> annotations) {
        List<Pod> pods = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            pods.add(TestObjects.executor("spark", "app", i, "1", "1Gi", "execplace").editMetadata().withUid("e" + i)
                    .withAnnotations(annotations).endMetadata().build());
        }
        return pods;
    }

    /** Whether the pending executors form a ready gang, each first seen {@code seenAgo} seconds ago. */
    private static Grouping group(Pod driver, List<Pod> pending, double seenAgo) {
        Map<String, Double> seen = new HashMap<>();
        pending.forEach(p -> seen.put(p.getMetadata().getUid(), NOW - seenAgo));
        List<Pod> all = new ArrayList<>(pending);
        all.add(driver);
        return new ApplicationGrouper(Duration.ofSeconds(2), 600).group(pending, all, seen, NOW);
    }

    @Test
    void aMinimumGangStartsBeforeEveryExecutorExists() {
        Pod d = driver(Map.of("execplace.io/executors", "4", "execplace.io/min-executors", "2"));
        assertThat(group(d, executors(1, Map.of()), 0).ready()).isEmpty();
        assertThat(group(d, executors(1, Map.of()), 0).gathering()).singleElement().asString()
                .contains("1 of 2 executor pods exist").contains("execplace.io/min-executors");
        assertThat(group(d, executors(2, Map.of()), 0).ready()).singleElement()
                .satisfies(a -> assertThat(a.pods()).hasSize(2));
        // Without the minimum, all four are waited for.
        Pod all = driver(Map.of("execplace.io/executors", "4"));
        assertThat(group(all, executors(3, Map.of()), 0).ready()).isEmpty();
    }

    @Test
    void yunikornsTaskGroupsGiveTheMinimum() {
        Pod d = driver(Map.of("yunikorn.apache.org/task-groups",
                "[{\"name\":\"spark-driver\",\"minMember\":1},{\"name\":\"spark-executor\",\"minMember\":3}]"));
        Map<String, String> member = Map.of("yunikorn.apache.org/task-group-name", "spark-executor");
        assertThat(group(d, executors(2, member), 0).ready()).isEmpty();
        assertThat(group(d, executors(3, member), 0).ready()).hasSize(1);
        Grouping bad = group(driver(Map.of("yunikorn.apache.org/task-groups", "not json")), executors(1, member), 5);
        assertThat(bad.problems()).singleElement().satisfies(p -> assertThat(p.message()).contains("task-groups"));
    }

    @Test
    void afterTheTimeoutTheGangIsPlacedAsItIs() {
        Pod d = driver(Map.of("execplace.io/executors", "4", "execplace.io/gang-timeout-seconds", "10"));
        assertThat(group(d, executors(2, Map.of()), 5).ready()).isEmpty();
        assertThat(group(d, executors(2, Map.of()), 10).ready()).singleElement().satisfies(a -> assertThat(a.pods()).hasSize(2));
        Pod yk = driver(Map.of("execplace.io/executors", "4",
                "yunikorn.apache.org/schedulingPolicyParameters", "placeholderTimeoutInSeconds=30 gangSchedulingStyle=Soft"));
        assertThat(group(yk, executors(2, Map.of()), 29).ready()).isEmpty();
        assertThat(group(yk, executors(2, Map.of()), 30).ready()).hasSize(1);
    }

    @Test
    void readyAsTheyComeNoExecutorWaitsForItsGangNorForTheBatchingWindow() {
        Pod d = driver(Map.of("execplace.io/executors", "4"));
        List<Pod> one = executors(1, Map.of());
        List<Pod> all = new ArrayList<>(one);
        all.add(d);
        Map<String, Double> seen = Map.of("e1", NOW);
        ApplicationGrouper grouper = new ApplicationGrouper(Duration.ofSeconds(2), 600);
        assertThat(grouper.group(one, all, seen, NOW).ready()).isEmpty();
        assertThat(grouper.readyAsTheyCome().group(one, all, seen, NOW).ready()).singleElement()
                .satisfies(a -> assertThat(a.pods()).hasSize(1));
        // without a gang size, seen just now: the batching window would hold it
        Pod bare = driver(Map.of());
        List<Pod> withBare = new ArrayList<>(one);
        withBare.add(bare);
        assertThat(grouper.group(one, withBare, seen, NOW).ready()).isEmpty();
        assertThat(grouper.readyAsTheyCome().group(one, withBare, seen, NOW).ready()).hasSize(1);
    }
}
