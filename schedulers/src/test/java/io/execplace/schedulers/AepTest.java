package io.execplace.schedulers;

import io.execplace.schedulers.heuristics.Aep;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Placement;
import io.execplace.core.sim.ClusterState;
import org.junit.jupiter.api.Test;

import static io.execplace.schedulers.Fixtures.cloud;
import static io.execplace.schedulers.Fixtures.job;
import static org.assertj.core.api.Assertions.assertThat;

/** Both readings of AEP worked by hand ({@code aep} cheapest, {@code aep-spark}). */
class AepTest {

    /** V0 4c/16GB price 1, V1 8c/32GB price 2, V2 12c/48GB price 3. */
    private final Cluster cluster = cloud(cloud(cloud(Fixtures.cluster("a"), 4, 16, 1), 8, 32, 2), 12, 48, 3).build();
    private final Aep aep = new Aep();
    private final Aep spark = new Aep(Aep.Reading.SPARK);

    @Test
    void spreadsWordCountAndSortOverDistinctVmsCheapestFirst() {
        assertThat(aep.place(job(1, JobType.WORDCOUNT, 3, 2, 2, 50), Fixtures.empty(cluster)))
                .isEqualTo(Placement.of(0, 1, 2));
        assertThat(aep.place(job(2, JobType.SORT, 3, 2, 2, 50), Fixtures.empty(cluster)))
                .isEqualTo(Placement.of(0, 1, 2));
        // More executors than VMs: a second pass in the same order, skipping VMs without room.
        // 2-core executors: V0 holds 2, V1 4, V2 6; 7 executors -> 0 1 2 | 0 1 2 | 1.
        assertThat(aep.place(job(3, JobType.WORDCOUNT, 7, 2, 2, 50), Fixtures.empty(cluster)))
                .isEqualTo(Placement.of(0, 1, 2, 0, 1, 2, 1));
        // The Spark reading spreads most free cores first: the dearest VM first.
        assertThat(spark.place(job(1, JobType.WORDCOUNT, 3, 2, 2, 50), Fixtures.empty(cluster)))
                .isEqualTo(Placement.of(2, 1, 0));
    }

    @Test
    void spreadIgnoresWhetherAVmIsActive() {
        ClusterState state = Fixtures.empty(cluster);
        Fixtures.run(state, job(9, 1, 2, 2), 100, 2); // V2 active, 10 cores free
        // Cheapest first whatever is running: V0, then V1; the active V2 is dearest.
        assertThat(aep.place(job(1, JobType.SORT, 2, 2, 2, 50), state)).isEqualTo(Placement.of(0, 1));
    }

    @Test
    void consolidatesPageRankOnTheRoomiestVmThatHoldsItAll() {
        // Empty: 2-core executors, V0 holds 2, V1 4, V2 6; V2 has the most free cores.
        assertThat(aep.place(job(1, JobType.PAGERANK, 3, 2, 2, 120), Fixtures.empty(cluster)))
                .isEqualTo(Placement.of(2, 2, 2));
        // The Spark reading takes the cheapest VM that holds all three: V1.
        assertThat(spark.place(job(1, JobType.PAGERANK, 3, 2, 2, 120), Fixtures.empty(cluster)))
                .isEqualTo(Placement.of(1, 1, 1));
    }

    @Test
    void activeVmsCountOnlyInTheSparkReading() {
        ClusterState state = Fixtures.empty(cluster);
        Fixtures.run(state, job(9, 1, 8, 8), 100, 2); // V2 active, 4 cores free
        // Two 2-core PageRank executors fit V0 (4 free), V1 (8 free) and V2 (4 free).
        // Cheapest reading: the roomiest, V1. Spark reading: the active V2.
        assertThat(aep.place(job(1, JobType.PAGERANK, 2, 2, 2, 120), state)).isEqualTo(Placement.of(1, 1));
        assertThat(spark.place(job(1, JobType.PAGERANK, 2, 2, 2, 120), state)).isEqualTo(Placement.of(2, 2));
    }

    @Test
    void pageRankTooBigForOneVmIsPackedCheapestFirst() {
        // No VM holds 7 two-core executors: V0 2, V1 4, V2 1 (both readings, as the VMs are idle).
        assertThat(aep.place(job(1, JobType.PAGERANK, 7, 2, 2, 120), Fixtures.empty(cluster)))
                .isEqualTo(Placement.of(0, 0, 1, 1, 1, 1, 2));
        assertThat(spark.place(job(1, JobType.PAGERANK, 7, 2, 2, 120), Fixtures.empty(cluster)))
                .isEqualTo(Placement.of(0, 0, 1, 1, 1, 1, 2));
    }

    @Test
    void genericJobsAreSpreadAsTheReadingSpreads() {
        assertThat(aep.place(job(1, 3, 2, 2), Fixtures.empty(cluster))).isEqualTo(Placement.of(0, 1, 2));
        assertThat(spark.place(job(1, 3, 2, 2), Fixtures.empty(cluster))).isEqualTo(Placement.of(2, 1, 0));
        assertThat(spark.name()).isEqualTo("aep-spark");
    }
}
