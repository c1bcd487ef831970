package io.execplace.schedulers.elastic;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The model of {@code k8s-scheduler --wait-for-room} over {@code finish-together}, on hand-worked
 * timelines: one 4-core type, launch 60 s exactly, empty nodes removed after 30 s, a wait of 60 s (one
 * launch). Jobs A (2 cores, 70 s) and B (2 cores, 110 s) arrive at 0 and share node 0, bought at 0: they
 * run 60-130 and 60-170. Job 1 (one 4-core executor, 50 s) arrives at 120, when node 0 is full: its room
 * comes at 170, 50 s away, within the wait.
 */
class RoomWaitModelTest {

    private static final InstanceType S = new InstanceType("s", 4, 16, 4, 1);
    private static final Cluster POOL = new NodePools("hand", List.of(NodePool.builder("od").instanceTypes(List.of(S))
            .limitCores(32).launchDelay(LaunchDelay.constant(60)).consolidateAfter(30).build()), false).cluster();
    private static final double WAIT = 60;

    private static final Job A = job(10, 0, 2, 70, Job.NO_DEADLINE);
    private static final Job B = job(11, 0, 2, 110, Job.NO_DEADLINE);

    private static Job job(int id, double arrival, int cores, double base, double deadline) {
        return new Job(id, JobType.WORDCOUNT, arrival, 1, cores, 4, base, deadline);
    }

    private static RunResult run(PlacementPolicy policy, boolean backfill, Job... jobs) {
        Workload w = new Workload("hand", List.of(jobs));
        return Simulation.run(POOL, w, policy, SimulationConfig.defaults(POOL, w).withBackfilling(backfill));
    }

    private static JobRecord record(RunResult run, int id) {
        return run.jobs().stream().filter(r -> r.job().id() == id).findFirst().orElseThrow();
    }

    private static RoomWaitModel waiting() {
        return new RoomWaitModel(new FinishTogether(), WAIT);
    }

    // Job 1 waits 120-170 and runs 170-220 on node 0: one node, 0-250. finish-together buys node 1 at 120
    // (ready 180) and runs it 180-230: two nodes, 0-200 and 120-260.
    @Test
    void roomWithinTheWaitIsWaitedFor() {
        Job one = job(1, 120, 4, 50, Job.NO_DEADLINE);
        RunResult waited = run(waiting(), true, A, B, one);
        assertThat(record(waited, 1).start()).isEqualTo(170);
        assertThat(record(waited, 1).placement().vm(0)).isEqualTo(record(waited, 10).placement().vm(0));
        assertThat(waited.capacity().nodeLaunches()).isEqualTo(1);
        assertThat(waited.capacity().nodeHours() * 3600).isEqualTo(250);

        RunResult bought = run(new FinishTogether(), true, A, B, one);
        assertThat(record(bought, 1).start()).isEqualTo(180);
        assertThat(bought.capacity().nodeLaunches()).isEqualTo(2);
        assertThat(bought.capacity().nodeHours() * 3600).isEqualTo(200 + 140);
    }

    // Arriving at 100 its room is 70 s away, past the wait: it buys at once, node 1 ready at 160.
    @Test
    void roomPastTheWaitIsBoughtForAtOnce() {
        RunResult run = run(waiting(), true, A, B, job(1, 100, 4, 50, Job.NO_DEADLINE));
        assertThat(record(run, 1).start()).isEqualTo(160);
        assertThat(run.capacity().nodeLaunches()).isEqualTo(2);
    }

    // Job 2 (2 cores, 60 s) arrives at 125 and waits 5 s for A's room. At 130 job 1 (the head) still waits,
    // and with backfilling job 2 takes the room job 1 was promised: it runs 130-190. At 170 node 0 holds
    // 2 free cores; job 1's room now comes at 190, 20 s away, but only 10 s are left of its 60 s in all
    // since 120: it buys at 170 (node 1 ready 230) and runs 230-280. Without backfilling job 2 waits behind
    // it: job 1 runs 170-220 on node 0, and job 2, offered first at 170, waits for job 1's end (50 s) and
    // runs 220-280 there.
    @Test
    void aLaterJobTakesThePromisedRoomAndTheWaitEndsOneWaitAfterItBegan() {
        Job one = job(1, 120, 4, 50, Job.NO_DEADLINE);
        Job two = job(2, 125, 2, 60, Job.NO_DEADLINE);
        RunResult backfilled = run(waiting(), true, A, B, one, two);
        assertThat(record(backfilled, 2).start()).isEqualTo(130);
        assertThat(record(backfilled, 1).start()).isEqualTo(230);
        assertThat(backfilled.capacity().nodeLaunches()).isEqualTo(2);

        RunResult queued = run(waiting(), false, A, B, one, two);
        assertThat(record(queued, 1).start()).isEqualTo(170);
        assertThat(record(queued, 2).start()).isEqualTo(220);
        assertThat(queued.capacity().nodeLaunches()).isEqualTo(1);
    }

    // finish-together-patient's wait (room sooner than a launch from now, asked afresh each time) keeps job
    // 1 waiting at 170 for the room at 190 (20 s < 60 s): it runs 190-240 on node 0, one node bought.
    @Test
    void theWaitCountsFromTheFirstWaitUnlikeTheModelsRoomSoonerThanALaunch() {
        Job one = job(1, 120, 4, 50, Job.NO_DEADLINE);
        Job two = job(2, 125, 2, 60, Job.NO_DEADLINE);
        RunResult spot = run(new FinishTogetherSpot(), true, A, B, one, two);
        assertThat(record(spot, 1).start()).isEqualTo(190);
        assertThat(spot.capacity().nodeLaunches()).isEqualTo(1);
    }

    // Deadline guard at 120: wait up to 60 s, then a 60 s launch, then 50 s of run: a deadline before 290
    // is bought for at once (node 1 ready 180, done by 230); at 290 it waits and runs 170-220.
    @Test
    void aDeadlineAFailedWaitWouldMissIsBoughtFor() {
        RunResult tight = run(waiting(), true, A, B, job(1, 120, 4, 50, 289));
        assertThat(record(tight, 1).start()).isEqualTo(180);
        assertThat(record(tight, 1).metDeadline()).isTrue();
        RunResult enough = run(waiting(), true, A, B, job(1, 120, 4, 50, 290));
        assertThat(record(enough, 1).start()).isEqualTo(170);
        assertThat(enough.capacity().nodeLaunches()).isEqualTo(1);
    }

    // After job 1 first waits at 120 the model asks to be asked again at 180, when its wait runs out (should
    // no end come first); at 170 it is placed and asks for nothing more.
    @Test
    void asksToBeAskedAgainWhenTheFirstWaitRunsOut() {
        RoomWaitModel model = waiting();
        List<String> asked = new ArrayList<>();
        PlacementPolicy recording = new PlacementPolicy() {
            @Override
            public String name() {
                return model.name();
            }

            @Override
            public Placement place(Job job, ClusterView view) {
                Placement p = model.place(job, view);
                asked.add(job.id() + "@" + view.now() + (p.isNone() ? " waits" : " placed") + ", ask again at " + model.askAgainAt());
                return p;
            }

            @Override
            public double askAgainAt() {
                return model.askAgainAt();
            }
        };
        run(recording, true, A, B, job(1, 120, 4, 50, Job.NO_DEADLINE));
        assertThat(asked).containsSubsequence("1@120.0 waits, ask again at 180.0", "1@170.0 placed, ask again at Infinity");
    }

    @Test
    void aWaitOfZeroNeverWaits() {
        RunResult run = run(new RoomWaitModel(new FinishTogether(), 0), true, A, B, job(1, 120, 4, 50, Job.NO_DEADLINE));
        assertThat(record(run, 1).start()).isEqualTo(180);
        assertThat(run.capacity().nodeLaunches()).isEqualTo(2);
    }
}
