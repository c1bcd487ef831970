package io.execplace.schedulers;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Placement;
import io.execplace.core.sim.ClusterState;
import org.junit.jupiter.api.Test;

import static io.execplace.schedulers.Fixtures.cloud;
import static io.execplace.schedulers.Fixtures.job;
import static org.assertj.core.api.Assertions.assertThat;

class AepTest {

    /** V0 4c/16GB price 1, V1 8c/32GB price 2, V2 12c/48GB price 3. */
    private final Cluster cluster = cloud(cloud(cloud(Fixtures.cluster("a"), 4, 16, 1), 8, 32, 2), 12, 48, 3).build();
    private final Aep aep = new Aep();

    @Test
    void spreadsWordCountAndSortRoundRobin() {
        assertThat(aep.place(job(1, JobType.WORDCOUNT, 3, 2, 2, 50), Fixtures.empty(cluster)))
                .isEqualTo(Placement.of(2, 1, 0));
        assertThat(aep.place(job(2, JobType.SORT, 3, 2, 2, 50), Fixtures.empty(cluster)))
                .isEqualTo(Placement.of(2, 1, 0));
    }

    @Test
    void consolidatesPageRankOnTheCheapestVmThatHoldsItAll() {
        // 2-core executors: V0 holds 2, V1 4, V2 6; the cheapest VM that holds 3 is V1.
        assertThat(aep.place(job(1, JobType.PAGERANK, 3, 2, 2, 120), Fixtures.empty(cluster)))
                .isEqualTo(Placement.of(1, 1, 1));
    }

    @Test
    void consolidatedPageRankPrefersAnActiveVm() {
        ClusterState state = Fixtures.empty(cluster);
        Fixtures.run(state, job(9, 1, 2, 2), 100, 2);
        assertThat(aep.place(job(1, JobType.PAGERANK, 3, 2, 2, 120), state)).isEqualTo(Placement.of(2, 2, 2));
    }

    @Test
    void pageRankTooBigForOneVmFallsBackToConsolidatePacking() {
        // No VM holds 7 two-core executors: fill by id, V0 2, V1 4, V2 1.
        assertThat(aep.place(job(1, JobType.PAGERANK, 7, 2, 2, 120), Fixtures.empty(cluster)))
                .isEqualTo(Placement.of(0, 0, 1, 1, 1, 1, 2));
    }

    @Test
    void genericJobsGoRoundRobin() {
        assertThat(aep.place(job(1, 3, 2, 2), Fixtures.empty(cluster))).isEqualTo(Placement.of(2, 1, 0));
    }
}
