package io.execplace.schedulers.elastic;

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
import io.execplace.core.model.PlaceholderRoom;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code finish-together-overprovisioned-large}'s two parts on hand-worked cases: nodes bought of the
 * type that holds the most of the job's executors, and placeholders whose node selector follows the
 * spot pools' availability. Pools of 4-core and 16-core nodes (4 GB per core, 1 and 4 per second),
 * launches of 60 s exactly, so a job is short when its slack is under 1.5 x 60 = 90 s.
 */
class OverprovisionedLargeTest {

    private static final InstanceType SMALL = new InstanceType("s", 4, 16, 4, 1);
    private static final InstanceType LARGE = new InstanceType("l", 16, 64, 16, 4);

    private static NodePool pool(String name, CapacityType type) {
        return NodePool.builder(name).capacityType(type).instanceTypes(List.of(SMALL, LARGE)).limitCores(64)
                .launchDelay(LaunchDelay.constant(60)).consolidateAfter(30).interruptions(Interruptions.NONE).build();
    }

    private static Cluster onDemand() {
        return new NodePools("hand", List.of(pool("od", CapacityType.ON_DEMAND)), false).cluster();
    }

    private static Cluster spotAndOnDemand() {
        return new NodePools("hand-spot", List.of(pool("spot", CapacityType.SPOT), pool("od", CapacityType.ON_DEMAND)),
                false).cluster();
    }

    /** {@code executors} executors of {@code cores} cores (4 GB each per core), 100 s of work. */
    private static Job job(int id, double arrival, int executors, int cores, double slack) {
        return new Job(id, JobType.GENERIC, arrival, executors, cores, 4.0 * cores, 100, arrival + 100 + slack);
    }

    private static RunResult run(PlacementPolicy policy, Job... jobs) {
        Cluster c = onDemand();
        Workload w = new Workload("hand", List.of(jobs));
        return Simulation.run(c, w, policy, SimulationConfig.defaults(c, w).withQueue(QueuePolicy.EDF));
    }

    @Test
    void aNodeBoughtIsOfTheTypeThatHoldsMostOfTheJob() {
        // A (two 1-core executors) at 0: Karpenter's cheapest type that holds both is the 4-core one;
        // buying largest takes the 16-core one. B (three 4-core executors, slack 10 s: it cannot wait for
        // a launch) at 70: on the 4-core node A leaves it no room, so it buys a node ready at 130 and ends
        // at 230, past its deadline of 180; beside A on the 16-core node (14 of 16 cores) it starts at
        // once, at 70, and ends at 170.
        Job a = job(0, 0, 2, 1, 1_000);
        Job b = job(1, 70, 3, 4, 10);
        RunResult karpenter = run(new FinishTogether(), a, b);
        RunResult largest = run(FinishTogether.buyingLargest(), a, b);
        Cluster c = onDemand();
        assertThat(c.vm(karpenter.jobs().get(0).placement().vm(0)).cores()).isEqualTo(4);
        assertThat(c.vm(largest.jobs().get(0).placement().vm(0)).cores()).isEqualTo(16);
        assertThat(karpenter.jobs().get(1).start()).isEqualTo(130);
        assertThat(karpenter.jobs().get(1).metDeadline()).isFalse();
        assertThat(largest.jobs().get(1).start()).isEqualTo(70);
        assertThat(largest.jobs().get(1).finish()).isEqualTo(170);
        assertThat(largest.jobs().get(1).placement().vm(0)).isEqualTo(largest.jobs().get(0).placement().vm(0));
        assertThat(largest.jobs().get(1).metDeadline()).isTrue();
        assertThat(largest.capacity().nodeLaunches()).isEqualTo(1);
        assertThat(karpenter.capacity().nodeLaunches()).isEqualTo(2);
    }

    @Test
    void theRegisteredPolicyBuysLargeNodes() {
        RunResult r = run(Schedulers.create(FinishTogetherOverprovisioned.LARGE_NAME, 1), job(0, 0, 2, 1, 1_000));
        assertThat(onDemand().vm(r.jobs().get(0).placement().vm(0)).cores()).isEqualTo(16);
        assertThat(r.summary().scheduler()).isEqualTo(FinishTogetherOverprovisioned.LARGE_NAME);
    }

    @Test
    void placeholdersFollowTheCapacityTypeASpotWindowLeaves() {
        // Two short jobs (slack 30 s) of ten 2-core executors, at 0 and 10: 2 per 10 s, 12 per 60 s
        // launch, so room is kept, of their median demand, 20 cores. The large variant asks for 0.1 of it,
        // 2 one-core placeholders; finish-together-overprovisioned for 0.25, 5.
        Job first = job(0, 0, 10, 2, 30);
        Job second = job(1, 10, 10, 2, 30);
        for (boolean spotOpen : new boolean[]{true, false}) {
            PlaceholderRoom large = roomAfter(Overprovisioned.following(new PlacesOnSlotZero(), "large"), spotOpen,
                    first, second);
            PlaceholderRoom quarter = roomAfter(new Overprovisioned(new PlacesOnSlotZero(), "quarter"), spotOpen,
                    first, second);
            assertThat(large.pods()).isEqualTo(2);
            assertThat(quarter.pods()).isEqualTo(5);
            assertThat(large.coresPerPod()).isEqualTo(1);
            assertThat(large.memoryGbPerPod()).isEqualTo(4.0);
            // While the spot pool is closed the large variant's placeholders go on on-demand nodes (where the
            // spot rules send every job then); the quarter's stay kept to spot nodes, which cannot be bought.
            assertThat(large.capacityType()).isEqualTo(spotOpen ? CapacityType.SPOT : CapacityType.ON_DEMAND);
            assertThat(quarter.capacityType()).isEqualTo(CapacityType.SPOT);
        }
    }

    @Test
    void noPlaceholdersWhileNoShortJobHasBeenSeen() {
        PlaceholderRoom room = roomAfter(Overprovisioned.following(new PlacesOnSlotZero(), "large"), true,
                job(0, 0, 10, 2, 1_000), job(1, 10, 10, 2, 1_000));
        assertThat(room.pods()).isZero();
    }

    /** The placeholders the policy's placement of the last job carries, the jobs placed at their arrivals. */
    private static PlaceholderRoom roomAfter(PlacementPolicy policy, boolean spotOpen, Job... jobs) {
        Cluster c = spotAndOnDemand();
        Placement last = null;
        for (Job j : jobs) {
            last = policy.place(j, new EmptyPools(c, j.arrival(), spotOpen));
        }
        return last.placeholders();
    }

    /** A base policy that puts every executor on slot 0: only the placeholders it is given are looked at. */
    private static final class PlacesOnSlotZero implements PlacementPolicy {
        @Override
        public String name() {
            return "slot-zero";
        }

        @Override
        public Placement place(Job job, ClusterView view) {
            return Placement.of(new int[job.executors()]);
        }
    }

    /** Pools with no node bought, at time {@code now}, the spot pool (index 0) open or closed by a window. */
    private record EmptyPools(Cluster cluster, double now, boolean spotOpen) implements ClusterView {
        @Override
        public DurationModel durationModel() {
            return DurationModel.none();
        }

        @Override
        public int freeCores(int vm) {
            return cluster.vm(vm).cores();
        }

        @Override
        public double freeMemoryGb(int vm) {
            return cluster.vm(vm).memoryGb();
        }

        @Override
        public int executorsOn(int vm) {
            return 0;
        }

        @Override
        public double remainingBusyTime(int vm) {
            return 0;
        }

        @Override
        public boolean isProvisioned(int vm) {
            return false;
        }

        @Override
        public boolean poolOpen(int pool) {
            return pool != 0 || spotOpen;
        }
    }
}
