package io.execplace.schedulers.elastic;

import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.DriverPod;
import io.execplace.core.model.ElasticPresets;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.sim.ClusterState;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Where each elastic policy puts an application's driver pod on pools that model drivers. */
class DriverPlacementTest {

    /**
     * A spot pool first (Karpenter's weight) and an on-demand pool, no launch delay, graceful
     * decommissioning (an executor lost costs no work), driver pods; the spot pool's availability trace
     * takes it back once in its 1,000 s span, so the policies expect an interruption every 1,000 s.
     */
    private static Cluster pools() {
        NodePool spot = NodePool.builder("spot").capacityType(CapacityType.SPOT).instanceTypes(ElasticPresets.KWOK_GENERAL)
                .limitCores(64).interruptions(Interruptions.trace(120, List.of(1000.0))).build();
        NodePool onDemand = NodePool.builder("od").instanceTypes(ElasticPresets.KWOK_GENERAL).limitCores(64).build();
        return new NodePools("drivers", List.of(spot, onDemand), true, DriverPod.SPARK_DEFAULT).cluster();
    }

    /** Two executors of 2 cores, 4 GB; base 100 s; deadline {@code slack} seconds after its work at time 0. */
    private static Job job(double slack) {
        return new Job(0, JobType.WORDCOUNT, 0, 2, 2, 4, 100, 100 + slack);
    }

    private static Placement place(String policy, Job job) {
        Cluster c = pools();
        return Schedulers.create(policy, 1).place(job, new ClusterState(c, DurationModel.none()));
    }

    private static CapacityType executorsType(Placement p) {
        CapacityType type = pools().pools().capacityType(p.vm(0));
        for (int e = 1; e < p.executors(); e++) {
            assertThat(pools().pools().capacityType(p.vm(e))).isEqualTo(type);
        }
        return type;
    }

    private static CapacityType driverType(Placement p) {
        assertThat(p.hasDriver()).isTrue();
        return pools().pools().capacityType(p.driverVm());
    }

    @Test
    void thePractitionersRulePutsExecutorsOnSpotAndTheDriverOnOnDemand() {
        Placement p = place("kube-spot", job(1000));
        assertThat(executorsType(p)).isEqualTo(CapacityType.SPOT);
        assertThat(driverType(p)).isEqualTo(CapacityType.ON_DEMAND);
    }

    @Test
    void todaysDefaultStackPlacesTheDriverAsAnyPodBesideItsExecutors() {
        // Three executors of 2 cores: Karpenter buys an 8-core node for them, which keeps 2 cores for the driver.
        Job three = new Job(0, JobType.WORDCOUNT, 0, 3, 2, 4, 100, 1100);
        for (String policy : List.of("kube-default", "kube-most", "finish-together")) {
            Placement p = place(policy, three);
            assertThat(driverType(p)).as(policy).isEqualTo(CapacityType.SPOT);
            assertThat(p.driverVm()).as(policy + ": no node bought for the driver alone").isEqualTo(p.vm(0));
        }
    }

    @Test
    void finishTogetherSpotRisksTheDriverOnSpotOnlyWhenTheSlackCoversARestartFromScratch() {
        // Expected delay of a driver on spot: (1 - e^(-100/1000)) × (0 s launch + 100 s of work) = 9.5 s;
        // of the executors on spot, with decommissioning and no launch delay: 0.
        Placement loose = place("finish-together-spot", job(20));
        assertThat(executorsType(loose)).isEqualTo(CapacityType.SPOT);
        assertThat(driverType(loose)).isEqualTo(CapacityType.SPOT);
        Placement tight = place("finish-together-spot", job(5));
        assertThat(executorsType(tight)).isEqualTo(CapacityType.SPOT);
        assertThat(driverType(tight)).isEqualTo(CapacityType.ON_DEMAND);
    }

    @Test
    void uniformProgressKeepsTheDriverOnOnDemandUnlessItsSafetyNetCoversARestartFromScratch() {
        // Safety Net for the executors: 100 s of work + a 0 s restart; for the driver: + 100 s more.
        for (String policy : List.of("uniform-progress", "uniform-progress-most")) {
            Placement loose = place(policy, job(150));
            assertThat(executorsType(loose)).as(policy).isEqualTo(CapacityType.SPOT);
            assertThat(driverType(loose)).as(policy).isEqualTo(CapacityType.SPOT);
            Placement tight = place(policy, job(50));
            assertThat(executorsType(tight)).as(policy).isEqualTo(CapacityType.SPOT);
            assertThat(driverType(tight)).as(policy).isEqualTo(CapacityType.ON_DEMAND);
        }
    }

    @Test
    void withoutDriverPodsNoPolicyNamesADriver() {
        Cluster plain = ElasticPresets.spot();
        for (String policy : List.of("kube-spot", "kube-default", "finish-together", "finish-together-spot", "uniform-progress")) {
            Placement p = Schedulers.create(policy, 1).place(job(1000), new ClusterState(plain, DurationModel.none()));
            assertThat(p.hasDriver()).as(policy).isFalse();
        }
    }
}
