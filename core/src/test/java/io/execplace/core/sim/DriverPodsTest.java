package io.execplace.core.sim;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.DriverPod;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Driver pods on hand-worked timelines: where they go, what they hold and bill, and a driver's node taken back. */
class DriverPodsTest {

    /** 8 cores, 32 GB: 1.0 per second on-demand, 0.25 on spot. */
    private static final InstanceType N8 = new InstanceType("n8", 8, 32, 1.0, 0.25);

    /**
     * Slot 0: a spot node, whose pool is taken back at 50 with a 10 s notice (and may buy again
     * after); slots 1 and 2: on-demand nodes removed 10 s after they empty. No launch delay, exact billing.
     */
    private static Cluster pools(boolean graceful) {
        NodePool spot = NodePool.builder("spot").capacityType(CapacityType.SPOT).instanceTypes(List.of(N8))
                .limitCores(8).interruptions(Interruptions.trace(10, List.of(50.0))).build();
        NodePool onDemand = NodePool.builder("od").instanceTypes(List.of(N8)).limitCores(16).consolidateAfter(10).build();
        return new NodePools("hand", List.of(spot, onDemand), graceful, DriverPod.SPARK_DEFAULT).cluster();
    }

    /** Two executors of 2 cores and 4 GB, base 100 s, deadline 1000. */
    private static final Job APP = new Job(0, JobType.WORDCOUNT, 0, 2, 2, 4, 100, 1000);

    /** Both executors on {@code executorVm}; the driver on {@code driverVm}, or left to the kernel when -1. */
    private static PlacementPolicy fixed(int executorVm, int driverVm) {
        return TestPolicies.onVm(executorVm, driverVm);
    }

    private static RunResult run(Cluster cluster, PlacementPolicy policy, Job... jobs) {
        Workload w = new Workload("hand", List.of(jobs));
        SimulationConfig config = SimulationConfig.defaults(cluster, w).withDurationModel(new DurationModel(false, false, 1.3));
        return Simulation.run(cluster, w, policy, config);
    }

    @Test
    void aDriverOnAReclaimedSpotNodeRestartsItsApplicationFromScratch() {
        // Executors on on-demand node 1, driver on spot node 0, decommissioning on. The job runs 0-100;
        // at 50 node 0 is taken back: the application fails although no executor was there, both
        // executors go, and their 0.5 × 2 × 100 = 100 executor-seconds are lost (decommissioning keeps
        // shuffle blocks, not a dead driver's state). It is queued again at 50 with all its 100 s of work:
        // driver on spot node 0 bought again, executors on node 1, still alive: it runs 50-150.
        RunResult r = run(pools(true), fixed(1, 0), APP);
        assertThat(r.jobs().get(0).start()).isEqualTo(50);
        assertThat(r.jobs().get(0).finish()).isEqualTo(150);
        assertThat(r.jobs().get(0).metDeadline()).isTrue();
        assertThat(r.jobs().get(0).placement().driverVm()).isZero();
        assertThat(r.capacity().applicationsRestarted()).isEqualTo(1);
        assertThat(r.capacity().jobsStopped()).isEqualTo(1);
        assertThat(r.capacity().executorsLost()).isZero();
        assertThat(r.capacity().executorSecondsLost()).isCloseTo(100, within(1e-9));
        assertThat(r.capacity().interruptions()).isEqualTo(1);
        // Spot node 0 lives 0-50 and 50-150 (the driver keeps it alive and billed); node 1 lives 0-160.
        assertThat(r.vms().get(0).intervalEnd(r.vms().get(0).intervals() - 1)).isEqualTo(150);
        assertThat(r.vms().get(1).intervalEnd(0)).isEqualTo(160);
        assertThat(r.capacity().nodeLaunches()).isEqualTo(3);
        assertThat(r.capacity().nodeHours()).isCloseTo((150 + 160) / 3600.0, within(1e-12));
        assertThat(r.summary().totalCost()).isCloseTo(160 * 1.0 + 150 * 0.25, within(1e-9));
    }

    @Test
    void withTheDriverOnOnDemandOnlyTheExecutorsAreLost() {
        // The practitioners' rule: executors on spot node 0, driver on on-demand node 1. At 50 both
        // executors are lost; with decommissioning their finished half migrates: 50 s of work are left,
        // no restart. Queued at 50, it runs 50-100 (spot node 0 bought again); the driver's node 1 lives
        // 0-110.
        RunResult r = run(pools(true), fixed(0, 1), APP);
        assertThat(r.jobs().get(0).finish()).isEqualTo(100);
        assertThat(r.capacity().applicationsRestarted()).isZero();
        assertThat(r.capacity().jobsStopped()).isEqualTo(1);
        assertThat(r.capacity().executorsLost()).isEqualTo(2);
        assertThat(r.capacity().executorSecondsLost()).isZero();
        assertThat(r.summary().totalCost()).isCloseTo(110 * 1.0 + 100 * 0.25, within(1e-9));
    }

    @Test
    void theKernelPlacesADriverThePolicyLeftOutByKubeSchedulersDefaultRule() {
        NodePool onDemand = NodePool.builder("od").instanceTypes(List.of(N8)).limitCores(16).build();
        Cluster cluster = new NodePools("hand", List.of(onDemand), false, DriverPod.SPARK_DEFAULT).cluster();
        // Node 0 keeps 4 cores after the executors: the driver goes there (no node is bought for it).
        RunResult beside = run(cluster, fixed(0, -1), APP);
        assertThat(beside.jobs().get(0).placement().driverVm()).isZero();
        assertThat(beside.capacity().nodeLaunches()).isEqualTo(1);
        // Four executors fill node 0: Karpenter buys node 1 for the driver, which holds it as long as the job.
        Job full = new Job(0, JobType.WORDCOUNT, 0, 4, 2, 4, 100, Job.NO_DEADLINE);
        RunResult bought = run(cluster, fixed(0, -1), full);
        assertThat(bought.jobs().get(0).placement().driverVm()).isEqualTo(1);
        assertThat(bought.vms().get(1).intervalEnd(0)).isEqualTo(100);
        assertThat(bought.summary().totalCost()).isCloseTo(200, within(1e-9));
    }

    @Test
    void aDriverWithoutRoomBesideItsExecutorsIsAnInvalidPlacement() {
        NodePool onDemand = NodePool.builder("od").instanceTypes(List.of(N8)).limitCores(16).build();
        Cluster cluster = new NodePools("hand", List.of(onDemand), false, DriverPod.SPARK_DEFAULT).cluster();
        Job full = new Job(0, JobType.WORDCOUNT, 0, 4, 2, 4, 100, Job.NO_DEADLINE);
        assertThatThrownBy(() -> run(cluster, fixed(0, 0), full))
                .isInstanceOf(InvalidPlacementException.class).hasMessageContaining("no room for the driver");
    }

    @Test
    void withoutDriverPodsNothingChanges() {
        NodePool onDemand = NodePool.builder("od").instanceTypes(List.of(N8)).limitCores(16).build();
        Cluster cluster = new NodePools("hand", List.of(onDemand), false).cluster();
        RunResult r = run(cluster, fixed(0, -1), APP);
        assertThat(r.jobs().get(0).placement().hasDriver()).isFalse();
        assertThat(r.summary().totalCost()).isCloseTo(100, within(1e-9));
        assertThat(r.capacity().applicationsRestarted()).isZero();
    }

    /** Four executors of 2 cores and 4 GB, base 100 s: they fill an 8-core node. */
    private static final Job FOUR = new Job(0, JobType.WORDCOUNT, 0, 4, 2, 4, 100, Job.NO_DEADLINE);

    /** One on-demand pool of 8-core nodes, {@code limitCores} in all, whose applications run driver pods. */
    private static Cluster onDemandWithDrivers(int limitCores) {
        NodePool onDemand = NodePool.builder("od").instanceTypes(List.of(N8)).limitCores(limitCores).build();
        return new NodePools("hand", List.of(onDemand), false, DriverPod.SPARK_DEFAULT).cluster();
    }

    /** A kernel run of {@link #FOUR} on {@code cluster} whose executors were placed one by one on node 0. */
    private static EventKernel fourOnNode0(Cluster cluster) {
        EventKernel kernel = new EventKernel(cluster,
                SimulationConfig.defaults(cluster, new Workload("hand", List.of(FOUR)))
                        .withDurationModel(new DurationModel(false, false, 1.3)));
        kernel.reset(new Job[]{FOUR});
        assertThat(kernel.nextDecision()).isTrue();
        for (int i = 1; i < FOUR.executors(); i++) {
            assertThat(kernel.placeExecutor(0)).isFalse();
        }
        assertThat(kernel.placeExecutor(0)).as("the last executor ends the offer").isTrue();
        return kernel;
    }

    @Test
    void executorsPlacedOneByOneGetTheDriverAWholePlacementWould() {
        // Four executors fill node 0 one by one; with the last, the kernel buys node 1 for the driver,
        // as it does for the whole placement (theKernelPlacesADriverThePolicyLeftOut...): same records.
        Cluster cluster = onDemandWithDrivers(16);
        EventKernel kernel = fourOnNode0(cluster);
        assertThat(kernel.driverWithoutNode()).isFalse();
        assertThat(kernel.placementOf(0).driverVm()).isEqualTo(1);
        assertThat(kernel.view().freeCores(1)).isEqualTo(8 - DriverPod.SPARK_DEFAULT.cores());
        assertThat(kernel.nextDecision()).isFalse();
        RunResult episode = kernel.result("one by one", new long[0], 0);
        RunResult whole = run(cluster, fixed(0, -1), FOUR);
        assertThat(episode.jobs()).isEqualTo(whole.jobs());
        assertThat(episode.summary().totalCost()).isCloseTo(200, within(1e-9)).isEqualTo(whole.summary().totalCost());
    }

    @Test
    void aDriverNoNodeCanTakeFreesTheExecutorsPlacedOneByOne() {
        // One node may be bought (limit 8 cores): four executors fill it and the driver has nowhere to
        // go. The executors go again and the job waits as after a skip — here on an idle cluster whose
        // pool holds nothing back, so it is dropped, as a whole placement without a driver node is.
        Cluster cluster = onDemandWithDrivers(8);
        EventKernel kernel = fourOnNode0(cluster);
        assertThat(kernel.driverWithoutNode()).isTrue();
        assertThat(kernel.executorsPlaced()).isZero();
        assertThat(kernel.view().freeCores(0)).isEqualTo(8);
        assertThat(kernel.nextDecision()).isFalse();
        RunResult episode = kernel.result("one by one", new long[0], 0);
        RunResult whole = run(cluster, fixed(0, -1), FOUR);
        assertThat(episode.summary().jobsDropped()).isEqualTo(1).isEqualTo(whole.summary().jobsDropped());
        assertThat(episode.jobs().get(0).dropReason()).startsWith("policy").contains("would not place it on an idle cluster");
        // What differs: the episode's executors bought node 0, which the whole placement never did.
        assertThat(episode.capacity().nodeLaunches()).isEqualTo(1);
        assertThat(whole.capacity().nodeLaunches()).isZero();
    }
}
