package io.execplace.kubernetes.real;

import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Workload;
import io.execplace.kubernetes.provisioned.NodeCost;
import io.execplace.kubernetes.replay.Replay;
import io.execplace.kubernetes.replay.ReplayResult;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** A small replay on the testbed with kube-scheduler and Karpenter: three applications, a minute compressed into a second. */
class TestbedReplayTest {

    @Test
    void everyApplicationFinishesAndTheNodesCostTheirClaimsLifetimesAtTheTimeScale() throws InterruptedException {
        Testbed testbed = Testbed.shared();
        testbed.namespace("testbed-replay");
        testbed.awaitNoNodeClaims();
        double k = 60;
        Workload workload = new Workload("three", List.of(
                new Job(1, JobType.GENERIC, 0, 2, 2, 4, 600, 3000),
                new Job(2, JobType.SORT, 60, 2, 2, 4, 900, 3600),
                new Job(3, JobType.WORDCOUNT, 120, 1, 4, 8, 600, Job.NO_DEADLINE)));

        ReplayResult result = new Replay(testbed.admin(), testbed.prices(),
                new Replay.Settings("testbed-replay", "default-scheduler", k, Duration.ofMinutes(5)), Clock.systemUTC()).run(workload);

        assertThat(result.applications().count()).isEqualTo(3);
        assertThat(result.applications().finished()).isEqualTo(3);
        assertThat(result.latency().pods()).isEqualTo(8);
        // The longest application runs 900 workload seconds from its arrival at 60.
        assertThat(result.applications().makespan()).isGreaterThanOrEqualTo(960 - 60 - 1);
        assertThat(result.deadlines().count()).isEqualTo(2);
        assertThat(result.nodes().lines()).isNotEmpty().allSatisfy(line -> assertThat(line.claim().deleted()).isNotNull());
        double expected = 0;
        for (NodeCost.Line line : result.nodes().lines()) {
            double realSeconds = Duration.between(line.claim().created(), line.claim().deleted()).toMillis() / 1000.0;
            expected += realSeconds * k * testbed.prices().pricePerHour(line.claim().instanceType(), line.claim().spot()).orElseThrow() / 3600;
        }
        assertThat(result.nodes().cost()).isCloseTo(expected, within(1e-9));
    }
}
