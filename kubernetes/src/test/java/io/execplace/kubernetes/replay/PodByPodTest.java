package io.execplace.kubernetes.replay;

import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Workload;
import io.execplace.schedulers.elastic.KubeProvisioned;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The prediction of kube-scheduler pod by pod ({@link Prediction#predictPodByPod}) on hand-worked
 * timelines: K = 60, launch 2 s (120 workload s), removal 10 s (600 workload s).
 */
class PodByPodTest {

    @TempDir
    Path dir;

    private static final String M5_XLARGE = """
            {"name": "m5.xlarge", "resources": {"cpu": "4", "memory": "16Gi", "pods": "110"},
             "offerings": [{"Price": 0.192, "Requirements": [{"key": "karpenter.sh/capacity-type", "values": ["on-demand"]}]}]}""";
    private static final String M5_2XLARGE = """
            {"name": "m5.2xlarge", "resources": {"cpu": "8", "memory": "32Gi", "pods": "110"},
             "offerings": [{"Price": 0.384, "Requirements": [{"key": "karpenter.sh/capacity-type", "values": ["on-demand"]}]}]}""";

    private Path types(String... types) throws IOException {
        return Files.writeString(dir.resolve("instance-types.json"), "[" + String.join(",", types) + "]");
    }

    private static final Prediction K60 = new Prediction(60, 2, 10);

    /**
     * Application A (4 one-core executors, 200 s) arrives at 0 and buys node 1 (an m5.2xlarge, 7 cores),
     * ready at 120: its driver and executors run 120-320. Application B (4 one-core executors, 100 s)
     * arrives at 300, node 1 having 2 cores free: pod by pod, B's driver and first executor are bound
     * there at once and run 300-400; its other three executors buy node 2 (ready at 420) and run 420-520.
     * Node 1 empties at 400 and goes at 1,000; node 2 goes at 1,120. kube-default (gangs) starts B's
     * executors together at 420, so the one on node 1 holds it until 520 and node 1 goes at 1,120.
     */
    @Test
    void podsOnAReadyNodeStartAtOnceWhileTheirApplicationsOtherPodsWaitForANewNode() throws IOException {
        Workload w = new Workload("two", List.of(
                new Job(1, JobType.GENERIC, 0, 4, 1, 1, 200, 2000),
                new Job(2, JobType.GENERIC, 300, 4, 1, 1, 100, 2000)));
        Path types = types(M5_2XLARGE);
        Map<String, Object> pods = K60.predictPodByPod(w, types, false);
        assertThat(pods.get("applications_finished")).isEqualTo(2);
        assertThat(pods.get("deadlines_met")).isEqualTo(2);
        assertThat(pods.get("node_claims")).isEqualTo(2);
        assertThat((double) pods.get("makespan_seconds")).isEqualTo(520);
        assertThat((double) pods.get("node_hours")).isCloseTo((1000 + 820) / 3600.0, within(1e-12));
        assertThat((double) pods.get("node_cost")).isCloseTo((1000 + 820) * 0.384 / 3600, within(1e-12));

        Map<String, Object> gangs = K60.predict(w, types, new KubeProvisioned(KubeProvisioned.Scoring.LEAST_ALLOCATED));
        assertThat(gangs.get("node_claims")).isEqualTo(2);
        assertThat((double) gangs.get("makespan_seconds")).isEqualTo(520);
        assertThat((double) gangs.get("node_cost")).isCloseTo((1120 + 820) * 0.384 / 3600, within(1e-12));
    }

    /**
     * One application, a driver and four 2-core executors for 300 s, on an empty cluster that sells an
     * m5.xlarge (3 cores) and an m5.2xlarge (7 cores). Karpenter packs the batch largest first: three
     * executors and the driver fill an m5.2xlarge, the fourth executor gets the cheapest type that holds
     * it, an m5.xlarge. Both bought at 0, ready at 120, every pod runs 120-420, both go at 1,020.
     */
    @Test
    void karpenterPacksTheApplicationsPodsLargestFirstIntoTheCheapestTypes() throws IOException {
        Workload w = new Workload("one", List.of(new Job(1, JobType.GENERIC, 0, 4, 2, 2, 300, 1000)));
        Map<String, Object> p = K60.predictPodByPod(w, types(M5_XLARGE, M5_2XLARGE), false);
        assertThat(p.get("node_claims")).isEqualTo(2);
        assertThat((double) p.get("makespan_seconds")).isEqualTo(420);
        assertThat((double) p.get("node_cost")).isCloseTo(1020 * (0.192 + 0.384) / 3600, within(1e-12));
        assertThat(p.get("deadlines_met")).isEqualTo(1);
    }

    /**
     * Karpenter's batch window (1 s idle, 10 s at most: 60 and 600 workload seconds at K = 60). A's driver
     * and two 2-core executors (360 s) arrive at 0 on an empty cluster: decided at once (nothing runs that
     * could bring a later event), one m5.2xlarge for all three, ready at 120, running 120-480. B (a 5-core
     * executor, 100 s) arrives at 450: its driver fits node 1 at once (450-550); its executor does not (1
     * core free) and waits in a window closing at 510, but at 480 A's pods end and kube-scheduler binds it
     * there: it runs 480-580, nothing more is bought, and node 1 goes at 580 + 600. Without the window
     * Karpenter buys node 2 for it at 450 (ready at 570, running 570-670; node 1 goes at 1,150, node 2 at
     * 1,270).
     */
    @Test
    void aPodWaitingForKarpentersBatchTakesRoomThatFreesMeanwhile() throws IOException {
        Workload w = new Workload("two", List.of(
                new Job(1, JobType.GENERIC, 0, 2, 2, 2, 360, 2000),
                new Job(2, JobType.GENERIC, 450, 1, 5, 5, 100, 2000)));
        Map<String, Object> window = K60.predictPodByPod(w, types(M5_2XLARGE), false, 1, 10);
        assertThat(window.get("node_claims")).isEqualTo(1);
        assertThat((double) window.get("makespan_seconds")).isEqualTo(580);
        assertThat((double) window.get("node_cost")).isCloseTo(1180 * 0.384 / 3600, within(1e-12));
        assertThat(window.get("deadlines_met")).isEqualTo(2);
        Map<String, Object> atOnce = K60.predictPodByPod(w, types(M5_2XLARGE), false);
        assertThat(atOnce.get("node_claims")).isEqualTo(2);
        assertThat((double) atOnce.get("makespan_seconds")).isEqualTo(670);
        assertThat((double) atOnce.get("node_cost")).isCloseTo((1150 + 820) * 0.384 / 3600, within(1e-12));
    }

    /** An application meets its deadline when its last pod ends by it (the replay's rule), the driver's end too. */
    @Test
    void anApplicationMissesItsDeadlineWhenItsLastPodEndsAfterIt() throws IOException {
        // Bought at 0, ready at 120, 300 s: the application ends at 420, after its deadline of 400.
        Workload w = new Workload("late", List.of(new Job(1, JobType.GENERIC, 0, 1, 1, 1, 300, 400)));
        Map<String, Object> p = K60.predictPodByPod(w, types(M5_XLARGE), false);
        assertThat(p.get("applications_finished")).isEqualTo(1);
        assertThat(p.get("deadlines")).isEqualTo(1);
        assertThat(p.get("deadlines_met")).isEqualTo(0);
    }

    @Test
    void eachPodIsAJobOfItsOwnDriverFirst() {
        Workload w = new Workload("w", List.of(
                new Job(7, JobType.GENERIC, 0, 2, 3, 4, 50, 500),
                new Job(9, JobType.GENERIC, 10, 1, 2, 2, 60, Job.NO_DEADLINE)));
        PodJobs pods = PodJobs.of(w);
        List<Job> jobs = pods.pods().jobs();
        // Three ids per application (the most executors, 2, plus the driver).
        assertThat(jobs).extracting(Job::id).containsExactly(0, 1, 2, 3, 4);
        assertThat(jobs.get(0).coresPerExecutor()).isEqualTo(1);
        assertThat(jobs.get(0).hasDeadline()).isFalse();
        assertThat(jobs.get(1).coresPerExecutor()).isEqualTo(3);
        assertThat(jobs.get(1).deadline()).isEqualTo(500);
        assertThat(jobs.get(4).arrival()).isEqualTo(10);
        assertThat(pods.podsFrom(1)).extracting(Job::id).containsExactly(1, 2);
        assertThat(pods.podsFrom(3)).extracting(Job::id).containsExactly(3, 4);
    }
}
