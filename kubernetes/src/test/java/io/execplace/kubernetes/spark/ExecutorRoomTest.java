package io.execplace.kubernetes.spark;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The executors a driver asks room for under --driver-gang: execplace's annotations, YuniKorn's task groups, bad values. */
class ExecutorRoomTest {

    private static Pod driver(Map<String, String> annotations) {
        return new PodBuilder().withNewMetadata().withName("app-driver").withNamespace("spark")
                .withUid("d1").addToLabels("spark-app-selector", "app").addToLabels("spark-role", "driver").withAnnotations(annotations)
                .endMetadata().build();
    }

    private final List<Grouping.PodProblem> problems = new ArrayList<>();

    private ExecutorRoom room(Map<String, String> annotations) {
        return ExecutorRoom.of(driver(annotations), "spark/app", problems);
    }

    @Test
    void fromExecplaceAnnotations() {
        ExecutorRoom r = room(Map.of("execplace.io/executors", "4", "execplace.io/min-executors", "2",
                "execplace.io/executor-cpu", "500m", "execplace.io/executor-memory", "3Gi", "execplace.io/gang-timeout-seconds", "90"));
        assertThat(r).isEqualTo(new ExecutorRoom("spark/app", 2, 500, 3L << 30, 90, "d1"));
        assertThat(problems).isEmpty();
    }

    @Test
    void fromYunikornTaskGroups() {
        String groups = "[{\"name\":\"spark-driver\",\"minMember\":1,\"minResource\":{\"cpu\":\"1\",\"memory\":\"2Gi\"}},"
                + "{\"name\":\"spark-executor\",\"minMember\":5,\"minResource\":{\"cpu\":\"2\",\"memory\":\"4Gi\"}}]";
        ExecutorRoom r = room(Map.of("yunikorn.apache.org/task-groups", groups, "yunikorn.apache.org/task-group-name", "spark-driver"));
        assertThat(r).isEqualTo(new ExecutorRoom("spark/app", 5, 2000, 4L << 30, Double.NaN, "d1"));
        assertThat(problems).isEmpty();
    }

    @Test
    void withoutASizeOrACountTheDriverIsPlacedAlone() {
        assertThat(room(Map.of())).isNull();
        assertThat(problems).isEmpty();
        assertThat(room(Map.of("execplace.io/executors", "3"))).isNull();
        assertThat(problems).singleElement().extracting(Grouping.PodProblem::message).asString()
                .contains("says how many executors it starts but not their size");
    }

    @Test
    void aBadSizeIsReportedByName() {
        assertThat(room(Map.of("execplace.io/executors", "3", "execplace.io/executor-cpu", "lots",
                "execplace.io/executor-memory", "2Gi"))).isNull();
        assertThat(problems).singleElement().extracting(Grouping.PodProblem::message).asString()
                .startsWith("annotation execplace.io/executor-cpu: each executor's CPU must be a quantity > 0 such as 1 or 500m, got 'lots'");
    }
}
