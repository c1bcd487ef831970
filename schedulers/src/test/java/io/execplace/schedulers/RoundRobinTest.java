package io.execplace.schedulers;

import io.execplace.schedulers.heuristics.RoundRobin;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Placement;
import io.execplace.core.sim.ClusterState;
import org.junit.jupiter.api.Test;

import static io.execplace.schedulers.Fixtures.cloud;
import static io.execplace.schedulers.Fixtures.job;
import static org.assertj.core.api.Assertions.assertThat;

class RoundRobinTest {

    /** V0 4c/16GB, V1 8c/32GB, V2 12c/48GB. */
    private final Cluster cluster = cloud(cloud(cloud(Fixtures.cluster("a"), 4, 16, 1), 8, 32, 2), 12, 48, 3).build();
    private final RoundRobin rr = new RoundRobin();

    @Test
    void spreadsOneExecutorPerVmPerPassMostFreeCoresFirst() {
        // Order by free cores: V2 (12), V1 (8), V0 (4). Pass 1: V2, V1, V0; pass 2: V2, V1.
        assertThat(rr.place(job(1, 5, 2, 2), Fixtures.empty(cluster))).isEqualTo(Placement.of(2, 1, 0, 2, 1));
    }

    @Test
    void cyclesOnlyOverVmsThatStillHaveRoom() {
        ClusterState state = Fixtures.empty(cluster);
        Fixtures.run(state, job(9, 1, 10, 10), 100, 2); // V2 keeps 2 free cores
        // Free cores: V1 8, V0 4, V2 2. Pass 1: V1, V0, V2 (V2 now full); pass 2: V1, V0 (V0 now
        // full); pass 3: V1.
        assertThat(rr.place(job(1, 6, 2, 2), state)).isEqualTo(Placement.of(1, 0, 2, 1, 0, 1));
    }

    @Test
    void tiesInFreeCoresGoByVmId() {
        Cluster c = cloud(cloud(cloud(Fixtures.cluster("ties"), 8, 8, 1), 8, 8, 1), 4, 8, 1).build();
        assertThat(rr.place(job(1, 3, 1, 1), Fixtures.empty(c))).isEqualTo(Placement.of(0, 1, 2));
    }

    @Test
    void skipsVmsWithoutMemoryForAnExecutor() {
        // V0 has the most cores but only 2 GB: it cannot hold a 4 GB executor.
        Cluster c = cloud(cloud(Fixtures.cluster("mem"), 8, 2, 1), 4, 16, 1).build();
        assertThat(rr.place(job(1, 2, 1, 4), Fixtures.empty(c))).isEqualTo(Placement.of(1, 1));
    }

    @Test
    void noneWhenTheClusterCannotHoldEveryExecutor() {
        // Room for 4-core executors: 1 + 2 + 3 = 6 < 7.
        assertThat(rr.place(job(1, 7, 4, 4), Fixtures.empty(cluster)).isNone()).isTrue();
        assertThat(rr.place(job(2, 6, 4, 4), Fixtures.empty(cluster))).isEqualTo(Placement.of(2, 1, 0, 2, 1, 2));
    }
}
