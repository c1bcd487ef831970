package io.execplace.kubernetes.real;

import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Workload;
import io.execplace.kubernetes.provisioned.WatchEvents;
import io.execplace.kubernetes.replay.Replay;
import io.execplace.kubernetes.replay.ReplayResult;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.kubernetes.run.SchedulerSettings;
import io.execplace.schedulers.elastic.FinishTogether;
import io.fabric8.kubernetes.api.model.Pod;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A spot interruption on the testbed (issue 39, "the interruption path"): executors on a spot node
 * Karpenter bought for execplace's scheduler, the node given its notice and deleted; Karpenter drains
 * it, the replay starts the lost executors again as Spark would, execplace places them on a node that
 * is not going away, and the application finishes.
 *
 * <p>About 2.5 minutes of real time (launches, the notice, Karpenter's drain), so it runs with
 * {@code -Dexecplace.testbed=all} only, not in the default suite (docs/testing.md); the fault suite's
 * NodeClaim-deleted and NoExecute-taint faults cover the same path there.
 */
class TestbedInterruptionTest {

    private static final String NS = "testbed-interruption";

    @Test
    void lostExecutorsAreReplacedOffTheTakenNodeAndTheApplicationFinishes() throws InterruptedException {
        Testbed testbed = Testbed.forLongTest(NS, "the testbed's interruption test (about 2.5 minutes)");
        double k = 60;
        // Two 1-core executors for 1,200 s; every spot node gets the notice at 300 s and goes at 420 s.
        Workload workload = new Workload("one", List.of(new Job(1, JobType.GENERIC, 0, 2, 1, 2, 1200, 7200)));
        SchedulerSettings settings = SchedulerSettings.builder().schedulerName("execplace").namespace(NS).build();
        ReplayResult result;
        // Pods on a deleted node are removed by the pod garbage collector: keep the last version seen of each.
        Map<String, Pod> seen = new ConcurrentHashMap<>();
        try (var pods = testbed.admin().pods().inNamespace(NS).inform(WatchEvents.to((Pod p, boolean gone) -> {
                if (!gone) {
                    seen.put(p.getMetadata().getName(), p);
                }
            }));
             KubernetesScheduler scheduler = new KubernetesScheduler(testbed.admin(), new FinishTogether(), testbed.prices(),
                settings, Clock.systemUTC())) {
            result = Testbed.whileScheduling(scheduler, () -> new Replay(testbed.admin(), testbed.prices(),
                    new Replay.Settings(NS, "execplace", k, Duration.ofMinutes(5)), new Replay.Spot(true, List.of(300.0), 120),
                    Clock.systemUTC()).run(workload));
        }

        assertThat(result.applications().finished()).isEqualTo(1);
        assertThat(result.interrupted().notices()).isEqualTo(1);
        assertThat(result.interrupted().nodes()).isNotEmpty();
        // both executors were on spot; nothing else was interrupted, consolidation may evict more
        assertThat(result.applications().evicted()).isGreaterThanOrEqualTo(2);
        List<Pod> replacements = seen.values().stream().filter(p -> "executor".equals(p.getMetadata().getLabels().get("spark-role")))
                .filter(p -> Integer.parseInt(p.getMetadata().getLabels().get("spark-exec-id")) > 2).toList();
        assertThat(replacements).hasSize(result.applications().evicted()).allSatisfy(p -> {
            assertThat(p.getStatus().getPhase()).isEqualTo("Succeeded");
            assertThat(p.getSpec().getNodeName()).isNotNull().isNotIn(result.interrupted().nodes());
        });
        // The replacements run the lost executors' whole work again from after the node went (420 s).
        assertThat(result.applications().makespan()).isGreaterThanOrEqualTo(420 + 1200 - 60);
        assertThat(result.nodes().lines()).anySatisfy(line -> assertThat(line.claim().spot()).isTrue());
    }
}
