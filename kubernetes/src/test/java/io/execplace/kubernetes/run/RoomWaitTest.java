package io.execplace.kubernetes.run;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import io.execplace.schedulers.elastic.FinishTogether;
import io.execplace.schedulers.elastic.RoomWaitModel;
import io.execplace.kubernetes.cluster.ClusterSnapshot;
import io.execplace.kubernetes.cluster.NodeInfo;
import io.execplace.kubernetes.filter.Feasibility;
import io.execplace.kubernetes.scenario.TestObjects;
import io.execplace.kubernetes.spark.AppSpec;
import io.execplace.kubernetes.spark.PendingApplication;
import io.execplace.kubernetes.spark.PodFacts;
import io.fabric8.kubernetes.api.model.Pod;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --wait-for-room}, worked by hand. Two nodes of 8 cores and 32 GiB; n1 runs a 6-core pod that
 * ends 5 s from now, n2 a 7-core pod that ends 30 s from now; an application of executors of 3 cores
 * and 2 GiB waits for room. n1 holds two of them once its pod ends (5 s), n2 two more after 30 s.
 */
class RoomWaitTest {

    private static final double NOW = 1_700_000_000;
    private static final List<RoomWait.Release> RELEASES = List.of(
            new RoomWait.Release("n1", NOW + 5, 6000, 1L << 30),
            new RoomWait.Release("n2", NOW + 30, 7000, 1L << 30));

    private static ClusterSnapshot snapshot(List<NodeInfo> nodes) {
        ClusterSnapshot snapshot = ClusterSnapshot.of(nodes, NOW, 1000);
        snapshot.addPod("n1", 6000, 1L << 30, true, NOW + 5);
        snapshot.addPod("n2", 7000, 1L << 30, true, NOW + 30);
        return snapshot;
    }

    /** An application of {@code executors} 3-core executors running 60 s, with a deadline {@code deadlineIn} s from now (NaN: none). */
    private static CyclePlanner.Rejected waiting(int executors, double deadlineIn, Rejection code) {
        List<Pod> pods = new ArrayList<>();
        for (int i = 1; i <= executors; i++) {
            pods.add(TestObjects.executor("spark", "a", i, "3", "2Gi", "execplace").build());
        }
        PendingApplication app = new PendingApplication("spark/a", "spark", pods, 3000, 2L << 30,
                new AppSpec(JobType.GENERIC, NOW, 60, NOW + deadlineIn));
        return new CyclePlanner.Rejected(app, code, "no room");
    }

    private static List<CyclePlanner.Rejected> decide(RoomWait wait, CyclePlanner.Rejected r, double now) {
        List<NodeInfo> nodes = HeldRoomPlanningTest.nodes();
        Feasibility feasibility = new Feasibility(Feasibility.defaultFilters());
        return wait.notWaiting(List.of(r), snapshot(nodes), app -> feasibility.check(app.pods(), nodes), RELEASES, now);
    }

    @Test
    void roomSoonerThanALaunchIsWaitedFor() {
        ClusterSnapshot snapshot = snapshot(HeldRoomPlanningTest.nodes());
        assertThat(RoomWait.secondsUntilRoom(2, 3000, 2L << 30, snapshot, vm -> true, RELEASES, NOW)).isEqualTo(5.0);
        assertThat(RoomWait.secondsUntilRoom(4, 3000, 2L << 30, snapshot, vm -> true, RELEASES, NOW)).isEqualTo(30.0);
        assertThat(RoomWait.secondsUntilRoom(5, 3000, 2L << 30, snapshot, vm -> true, RELEASES, NOW)).isInfinite();
        // n1 refused by the application's filters: only n2's room, at 30 s
        assertThat(RoomWait.secondsUntilRoom(2, 3000, 2L << 30, snapshot, vm -> vm == 1, RELEASES, NOW)).isEqualTo(30.0);
        // one executor fits n1's 2 free cores already? no (3 cores); a 2-core one does, at once
        assertThat(RoomWait.secondsUntilRoom(1, 2000, 1L << 30, snapshot, vm -> true, RELEASES, NOW)).isEqualTo(0.0);

        // two executors: room in 5 s, a launch takes 8 s: it waits (neither bought for nor marked)
        assertThat(decide(new RoomWait(8), waiting(2, 300, Rejection.NO_PLACEMENT), NOW)).isEmpty();
    }

    @Test
    void roomLaterThanALaunchIsBoughtFor() {
        CyclePlanner.Rejected two = waiting(2, 300, Rejection.NO_PLACEMENT);
        assertThat(decide(new RoomWait(4), two, NOW)).containsExactly(two);
        CyclePlanner.Rejected four = waiting(4, 300, Rejection.NO_PLACEMENT);
        assertThat(decide(new RoomWait(8), four, NOW)).containsExactly(four);
    }

    @Test
    void aDeadlineThatAFailedWaitWouldMissIsBoughtFor() {
        // slack 70 - 60 = 10 s: a wait of up to 8 s and then a launch of 8 s would be late
        CyclePlanner.Rejected tight = waiting(2, 70, Rejection.NO_PLACEMENT);
        assertThat(decide(new RoomWait(8), tight, NOW)).containsExactly(tight);
        // slack 16 s: just enough
        assertThat(decide(new RoomWait(8), waiting(2, 76, Rejection.NO_PLACEMENT), NOW)).isEmpty();
        // no deadline: waits
        assertThat(decide(new RoomWait(8), waiting(2, Double.NaN, Rejection.NO_PLACEMENT), NOW)).isEmpty();
    }

    @Test
    void aWaitLastsOneLaunchInAllThenItIsBoughtFor() {
        RoomWait wait = new RoomWait(8);
        CyclePlanner.Rejected r = waiting(2, 300, Rejection.NO_PLACEMENT);
        assertThat(decide(wait, r, NOW)).isEmpty();
        // 6 s later the room is not there yet (another application took it; n1's release is past): 2 s of patience left
        assertThat(decide(wait, r, NOW + 6)).isEmpty();
        // 9 s after the first wait: bought for
        assertThat(decide(wait, r, NOW + 9)).containsExactly(r);
        // once bought for (it left the waiting set), a later cycle may wait afresh
        assertThat(decide(wait, r, NOW + 10)).isEmpty();
    }

    /**
     * The replay's prediction of the wait ({@code RoomWaitModel} in the simulator) decides as the scheduler
     * on the situation above, built as a run: two 8-core nodes bought at 0 and ready at 8 (launch 8 s) run
     * a 6-core pod 8-25 and a 7-core pod 8-50; the application arrives at 20, and waits in the model when
     * no third node is bought.
     */
    @Test
    void theModelOfTheWaitDecidesAsTheScheduler() {
        // {executors, wait (s), deadline from now (NaN: none)}
        double[][] cases = {{2, 8, 300}, {2, 4, 300}, {4, 8, 300}, {5, 8, 300}, {2, 8, 70}, {2, 8, 76}, {2, 8, Double.NaN},
                {1, 8, 300}, {2, 5, 300}, {2, 4.9, 300}};
        for (double[] c : cases) {
            int executors = (int) c[0];
            boolean schedulerWaits = decide(new RoomWait(c[1]), waiting(executors, c[2], Rejection.NO_PLACEMENT), NOW).isEmpty();
            assertThat(modelWaits(executors, c[1], c[2])).as("%d executors, wait %s s, deadline in %s s", executors, c[1], c[2])
                    .isEqualTo(schedulerWaits);
        }
    }

    private static boolean modelWaits(int executors, double waitSeconds, double deadlineIn) {
        InstanceType small = new InstanceType("small", 8, 32, 0.1, 0.1);
        Cluster pool = new NodePools("hand", List.of(NodePool.builder("od").instanceTypes(List.of(small)).limitCores(64)
                .launchDelay(LaunchDelay.constant(8)).consolidateAfter(600).build()), false).cluster();
        double arrival = 20;
        Workload w = new Workload("hand", List.of(
                new Job(0, JobType.GENERIC, 0, 1, 6, 1, 17, Job.NO_DEADLINE),
                new Job(1, JobType.GENERIC, 0, 1, 7, 1, 42, Job.NO_DEADLINE),
                new Job(2, JobType.GENERIC, arrival, executors, 3, 2, 60,
                        Double.isNaN(deadlineIn) ? Job.NO_DEADLINE : arrival + deadlineIn)));
        RunResult run = Simulation.run(pool, w, new RoomWaitModel(new FinishTogether(), waitSeconds),
                SimulationConfig.defaults(pool, w).withBackfilling(true));
        assertThat(run.jobs().get(0).placement().vm(0)).isNotEqualTo(run.jobs().get(1).placement().vm(0));
        return run.capacity().nodeLaunches() == 2;
    }

    @Test
    void rejectionsThatDoNotWaitForRoomPassThrough() {
        CyclePlanner.Rejected failed = waiting(2, 300, Rejection.POLICY_FAILED);
        assertThat(decide(new RoomWait(8), failed, NOW)).containsExactly(failed);
    }

    @Test
    void boundPodsEndTheirExpectedDurationAfterTheirStart() {
        BoundPodsByNode byNode = new BoundPodsByNode("execplace");
        byNode.put("ns/a", PodFacts.of(pod("a", "n1", "2", 30, Instant.ofEpochSecond((long) NOW - 10))));
        byNode.put("ns/b", PodFacts.of(pod("b", "n2", "1", 5, Instant.ofEpochSecond((long) NOW - 2))));
        byNode.put("ns/c", PodFacts.of(pod("c", "n2", "1", 600, Instant.ofEpochSecond((long) NOW))));
        byNode.put("ns/d", PodFacts.of(pod("d", "n1", "1", Double.NaN, Instant.ofEpochSecond((long) NOW))));
        // b ends at now + 3, a at now + 20; c ends past the horizon; d says nothing of its run
        assertThat(byNode.releasesBy(NOW + 60)).containsExactly(
                new RoomWait.Release("n2", NOW + 3, 1000, 1L << 30),
                new RoomWait.Release("n1", NOW + 20, 2000, 1L << 30));
        byNode.remove("ns/b");
        assertThat(byNode.releasesBy(NOW + 60)).extracting(RoomWait.Release::node).containsExactly("n1");
    }

    /** A bound, running pod of {@code cpu} cores and 1 GiB, started at {@code started}, expected to run {@code seconds} (NaN: no annotation). */
    private static Pod pod(String name, String node, String cpu, double seconds, Instant started) {
        var b = TestObjects.executor("ns", "x", name.charAt(0), cpu, "1Gi", "execplace");
        b.editMetadata().withName(name).withUid("uid-" + name).withCreationTimestamp(started.minusSeconds(1).toString()).endMetadata();
        if (!Double.isNaN(seconds)) {
            b.editMetadata().addToAnnotations("execplace.io/expected-duration-seconds", Double.toString(seconds)).endMetadata();
        }
        b.editSpec().withNodeName(node).endSpec();
        b.editOrNewStatus().withPhase("Running").withStartTime(started.toString()).endStatus();
        return b.build();
    }
}
