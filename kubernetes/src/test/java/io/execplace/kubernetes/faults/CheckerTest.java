package io.execplace.kubernetes.faults;

import io.execplace.kubernetes.faults.Checker.Outcome;
import io.execplace.kubernetes.faults.Observer.PodSeen;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The checker's verdicts on what the observer saw (no testbed needed). */
class CheckerTest {

    @Test
    void driverlessExecutorsDeletedWithTheirNodeDiedWithItButUnboundOnesAreStillOpen() {
        PodSeen a = seen("app-4-exec-1", "executor", "node-1", true);
        PodSeen b = seen("app-4-exec-2", "executor", "node-1", true);
        assertThat(Checker.classify(List.of(a, b), Map.of(), null)).isEqualTo(Outcome.KILLED);

        PodSeen waiting = seen("app-4-exec-3", "executor", null, false);
        assertThat(Checker.classify(List.of(a, b, waiting), Map.of(), null)).as("a pod still waiting for a node").isEqualTo(Outcome.OPEN);

        PodSeen driver = seen("app-4-driver", "driver", "node-2", false);
        driver.phase = "Running";
        assertThat(Checker.classify(List.of(driver, a, b), Map.of(), null))
                .as("with a running driver the executors are replaced: the application is not dead").isNotEqualTo(Outcome.KILLED);
    }

    private static PodSeen seen(String name, String role, String node, boolean deleted) {
        Pod pod = new PodBuilder().withNewMetadata().withName(name).withNamespace("faults-test").withUid(name)
                .addToLabels("spark-app-selector", "spark-4").addToLabels("spark-role", role).endMetadata()
                .withNewSpec().withSchedulerName("execplace-faults").endSpec().build();
        PodSeen p = new PodSeen(pod);
        p.node = node;
        p.deleted = deleted;
        p.phase = node != null ? "Running" : "Pending";
        return p;
    }
}
