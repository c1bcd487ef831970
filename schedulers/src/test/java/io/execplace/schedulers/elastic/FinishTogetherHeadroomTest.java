package io.execplace.schedulers.elastic;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code finish-together-headroom} on hand-worked cases: one on-demand pool of 4-core nodes, launch
 * 60 s exactly, so a job is short when its slack is under 1.5 × 60 = 90 s. Every job is four 1-core
 * executors of a type without a layout preference: a demand of 4 cores, one node's worth.
 */
class FinishTogetherHeadroomTest {

    private static final InstanceType S = new InstanceType("s", 4, 16, 4, 1);

    private static Cluster pool() {
        return new NodePools("hand", List.of(NodePool.builder("od").capacityType(CapacityType.ON_DEMAND)
                .instanceTypes(List.of(S)).limitCores(64).launchDelay(LaunchDelay.constant(60)).consolidateAfter(30)
                .interruptions(Interruptions.NONE).build()), false).cluster();
    }

    private static Job job(int id, double arrival, double slack) {
        return new Job(id, JobType.GENERIC, arrival, 4, 1, 4, 100, arrival + 100 + slack);
    }

    private static RunResult run(PlacementPolicy policy, Job... jobs) {
        Cluster c = pool();
        Workload w = new Workload("hand", List.of(jobs));
        return Simulation.run(c, w, policy, SimulationConfig.defaults(c, w).withQueue(QueuePolicy.EDF));
    }

    @Test
    void shortJobsArrivingOftenGetRoomKeptBesideTheNextJobThatBuys() {
        // Jobs 0 and 1 are short (slack 70 s), two in the 10 s to job 1: 12 expected per 60 s launch,
        // so from job 1 on 4 cores (their median demand) are kept. Job 0 buys node A (ready 60, runs to
        // 160). Job 1 finds no ready room: its nodes are bought for its 4 executors and 4 cores more —
        // one executor on B and three on C, each closed to the job after that — ready 70, done 170.
        // Job 2 (short, slack 50 s) arrives at 100 and runs at once on the 3 + 1 cores left: done at 200,
        // before its deadline of 250.
        Job[] jobs = {job(0, 0, 70), job(1, 10, 70), job(2, 100, 50)};
        RunResult headroom = run(new FinishTogetherHeadroom(), jobs);
        JobRecord second = headroom.jobs().get(1);
        assertThat(second.placement().distinctVms()).isEqualTo(2);
        assertThat(second.start()).isEqualTo(70);
        JobRecord third = headroom.jobs().get(2);
        assertThat(third.start()).isEqualTo(100);
        assertThat(third.finish()).isEqualTo(200);
        assertThat(third.metDeadline()).isTrue();
        assertThat(headroom.summary().deadlineMetPercent()).isEqualTo(100);
        // finish-together-spot buys one node for job 1; job 2 finds nothing free, buys a node ready at
        // 160 (the running jobs free room no sooner than a launch) and ends at 260, past 250.
        RunResult spot = run(new FinishTogetherSpot(), jobs);
        assertThat(spot.jobs().get(1).placement().distinctVms()).isEqualTo(1);
        assertThat(spot.jobs().get(2).start()).isEqualTo(160);
        assertThat(spot.jobs().get(2).metDeadline()).isFalse();
        // The kept room is paid for: three nodes from the first 10 s instead of two.
        assertThat(headroom.summary().totalCost()).isGreaterThan(spot.summary().totalCost());
    }

    @Test
    void noRoomIsKeptWhenShortJobsAreRareOrTheJobsCanWaitForALaunch() {
        // Short jobs 1,000 s apart: at most 3 in 1,090 s, so 0.17 expected within a launch, under the 0.25
        // that keeps room.
        assertSameAsFinishTogetherSpot(job(0, 0, 70), job(1, 1_000, 70), job(2, 1_090, 50));
        // Jobs 0 and 1 10 s apart but with 500 s of slack: not short, so no rate is counted from them.
        assertSameAsFinishTogetherSpot(job(0, 0, 500), job(1, 10, 500), job(2, 100, 50));
    }

    private static void assertSameAsFinishTogetherSpot(Job... jobs) {
        RunResult headroom = run(new FinishTogetherHeadroom(), jobs);
        RunResult spot = run(new FinishTogetherSpot(), jobs);
        assertThat(headroom.summary().totalCost()).isEqualTo(spot.summary().totalCost());
        for (int j = 0; j < jobs.length; j++) {
            assertThat(headroom.jobs().get(j).placement()).isEqualTo(spot.jobs().get(j).placement());
            assertThat(headroom.jobs().get(j).start()).isEqualTo(spot.jobs().get(j).start());
        }
    }

    @Test
    void isRegisteredAsAnElasticPolicy() {
        assertThat(Schedulers.create(FinishTogetherHeadroom.NAME, 1).name()).isEqualTo("finish-together-headroom");
        assertThat(Schedulers.ELASTIC_POLICIES).contains(FinishTogetherHeadroom.NAME);
    }
}
