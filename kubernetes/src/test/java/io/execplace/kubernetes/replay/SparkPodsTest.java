package io.execplace.kubernetes.replay;

import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.fabric8.kubernetes.api.model.Pod;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SparkPodsTest {

    private static final Instant START = Instant.parse("2026-11-27T12:00:00Z");
    private static final Job JOB = new Job(7, JobType.SORT, 30, 2, 4, 6.5, 600, 1200);
    private final SparkPods pods = new SparkPods("replay", "default-scheduler", 60, START, false);

    @Test
    void theDriverCarriesSparksLabelsAndTheTimesOfTheTestbed() {
        Pod driver = pods.driver(JOB);
        assertThat(driver.getMetadata().getName()).isEqualTo("app-7-driver");
        assertThat(driver.getMetadata().getLabels()).containsEntry("spark-app-selector", "spark-7").containsEntry("spark-role", "driver")
                .doesNotContainKey("spark-exec-id");
        // 600 workload seconds at K = 60 run 10 real seconds; the deadline 1200 s is 20 real seconds after the start.
        assertThat(driver.getMetadata().getAnnotations()).containsEntry("execplace.io/run-for", "10000ms")
                .containsEntry("execplace.io/expected-duration-seconds", "10.0")
                .containsEntry("execplace.io/deadline", "2026-11-27T12:00:20Z")
                .containsEntry("execplace.io/executors", "2").containsEntry("execplace.io/executor-cpu", "4")
                .containsEntry("execplace.io/executor-memory", "6656Mi").containsEntry("execplace.io/job-type", "sort");
        assertThat(driver.getSpec().getSchedulerName()).isEqualTo("default-scheduler");
    }

    @Test
    void anExecutorIsOwnedByItsDriverAndAsksForTheJobsExecutorSize() {
        Pod driver = pods.driver(JOB);
        driver.getMetadata().setUid("uid-1");
        Pod executor = pods.executor(JOB, 2, driver);
        assertThat(executor.getMetadata().getName()).isEqualTo("app-7-exec-2");
        assertThat(executor.getMetadata().getLabels()).containsEntry("spark-role", "executor").containsEntry("spark-exec-id", "2");
        assertThat(executor.getMetadata().getOwnerReferences()).singleElement()
                .satisfies(o -> assertThat(List.of(o.getKind(), o.getName(), o.getUid())).containsExactly("Pod", "app-7-driver", "uid-1"));
        var requests = executor.getSpec().getContainers().get(0).getResources().getRequests();
        assertThat(requests.get("cpu").toString()).isEqualTo("4");
        assertThat(requests.get("memory").toString()).isEqualTo("6656Mi");
    }

    @Test
    void withExecutorsOnSpotExecutorsAskForSpotAndDriversForOnDemand() {
        SparkPods spot = new SparkPods("replay", "default-scheduler", 60, START, true);
        Pod driver = spot.driver(JOB);
        assertThat(driver.getSpec().getNodeSelector()).containsExactlyEntriesOf(java.util.Map.of("karpenter.sh/capacity-type", "on-demand"));
        assertThat(spot.executor(JOB, 1, driver).getSpec().getNodeSelector())
                .containsExactlyEntriesOf(java.util.Map.of("karpenter.sh/capacity-type", "spot"));
        assertThat(pods.executor(JOB, 1, pods.driver(JOB)).getSpec().getNodeSelector()).isNullOrEmpty();
    }

    @Test
    void percentilesAreNearestRank() {
        List<Double> sorted = List.of(1.0, 2.0, 3.0, 4.0);
        assertThat(Replay.percentile(sorted, 0.5)).isEqualTo(2.0);
        assertThat(Replay.percentile(sorted, 0.99)).isEqualTo(4.0);
        assertThat(Replay.percentile(List.of(), 0.5)).isNaN();
    }
}
