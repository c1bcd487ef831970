package io.execplace.schedulers;

import io.execplace.schedulers.heuristics.RoundRobinConsolidate;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Placement;
import io.execplace.core.sim.ClusterState;
import org.junit.jupiter.api.Test;

import static io.execplace.schedulers.Fixtures.cloud;
import static io.execplace.schedulers.Fixtures.job;
import static org.assertj.core.api.Assertions.assertThat;

class RoundRobinConsolidateTest {

    /** V0 4c/16GB, V1 8c/32GB, V2 12c/48GB. */
    private final Cluster cluster = cloud(cloud(cloud(Fixtures.cluster("a"), 4, 16, 1), 8, 32, 2), 12, 48, 3).build();
    private final RoundRobinConsolidate rrc = new RoundRobinConsolidate();

    @Test
    void fillsVmsOneAfterAnotherById() {
        // 4-core executors: V0 takes 1, V1 2, V2 the remaining 2.
        assertThat(rrc.place(job(1, 5, 4, 4), Fixtures.empty(cluster))).isEqualTo(Placement.of(0, 1, 1, 2, 2));
    }

    @Test
    void packsActiveVmsBeforeTurningOnIdleOnes() {
        ClusterState state = Fixtures.empty(cluster);
        Fixtures.run(state, job(9, 1, 2, 2), 100, 1);
        // Active V1 has 6 free cores -> 3 executors; then idle V0 (lowest id) takes the last one.
        assertThat(rrc.place(job(1, 4, 2, 2), state)).isEqualTo(Placement.of(1, 1, 1, 0));
    }

    @Test
    void noneWhenTheClusterCannotHoldEveryExecutor() {
        assertThat(rrc.place(job(1, 7, 4, 4), Fixtures.empty(cluster)).isNone()).isTrue();
    }

    @Test
    void equallyFullVmsCheapestFirstThenById() {
        // Two idle VMs of one shape, the dearer one first by id (as cloud-first presets list them):
        // by id alone the dearer V0 would be turned on; the price tie-break turns on V1.
        Cluster priced = cloud(cloud(Fixtures.cluster("p"), 8, 32, 2), 8, 32, 1).build();
        assertThat(rrc.place(job(1, 1, 4, 4), Fixtures.empty(priced))).isEqualTo(Placement.of(1));
        // Equal price: by id.
        Cluster same = cloud(cloud(Fixtures.cluster("s"), 8, 32, 1), 8, 32, 1).build();
        assertThat(rrc.place(job(1, 1, 4, 4), Fixtures.empty(same))).isEqualTo(Placement.of(0));
    }
}
