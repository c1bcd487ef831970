package io.execplace.schedulers;

import io.execplace.schedulers.heuristics.FirstFit;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Placement;
import io.execplace.core.sim.ClusterState;
import org.junit.jupiter.api.Test;

import static io.execplace.schedulers.Fixtures.cloud;
import static io.execplace.schedulers.Fixtures.job;
import static org.assertj.core.api.Assertions.assertThat;

/** HYB Algorithm 1 worked by hand. */
class FirstFitTest {

    /** V0 12c/48GB price 3, V1 4c/16GB price 1, V2 8c/32GB price 2: ids are not in price order. */
    private final Cluster cluster = cloud(cloud(cloud(Fixtures.cluster("b"), 12, 48, 3), 4, 16, 1), 8, 32, 2).build();
    private final FirstFit ff = new FirstFit();

    @Test
    void turnsOnTheCheapestIdleVmFirst() {
        // Nothing active: V1 (price 1) takes 2 executors of 2 cores, then V2 (price 2) the third.
        assertThat(ff.place(job(1, 3, 2, 2), Fixtures.empty(cluster))).isEqualTo(Placement.of(1, 1, 2));
    }

    @Test
    void skipsCheapIdleVmsThatCannotHoldAnExecutor() {
        // 6-core executors: V1 (4 cores) cannot hold one; V2 takes 1, then V0 the second.
        assertThat(ff.place(job(1, 2, 6, 4), Fixtures.empty(cluster))).isEqualTo(Placement.of(2, 0));
    }

    @Test
    void packsActiveVmsCheapestFirstBeforeAnyIdleVm() {
        ClusterState state = Fixtures.empty(cluster);
        Fixtures.run(state, job(8, 1, 8, 8), 100, 0); // V0 (price 3): 4 cores free
        Fixtures.run(state, job(9, 1, 2, 2), 100, 2); // V2 (price 2): 6 cores free
        // Two busy VMs of different prices, cheapest first as the HYB reference walks them: V2
        // (price 2, 6 free) takes 3 two-core executors, then V0 (price 3) the fourth; the cheap idle
        // V1 stays off.
        assertThat(ff.place(job(1, 4, 2, 2), state)).isEqualTo(Placement.of(2, 2, 2, 0));
        // One more executor than the active VMs hold: the cheapest idle VM (V1) is turned on.
        assertThat(ff.place(job(2, 6, 2, 2), state)).isEqualTo(Placement.of(2, 2, 2, 0, 0, 1));
        // Fullest first (first-fit-fullest) ignores price: V0 (4 free) before V2 (6 free).
        FirstFit fullest = new FirstFit(true);
        assertThat(fullest.name()).isEqualTo("first-fit-fullest");
        assertThat(fullest.place(job(1, 4, 2, 2), state)).isEqualTo(Placement.of(0, 0, 2, 2));
        assertThat(fullest.place(job(2, 6, 2, 2), state)).isEqualTo(Placement.of(0, 0, 2, 2, 2, 1));
    }

    @Test
    void activeVmsOfOnePriceGoFullestFirst() {
        // Two active VMs of price 2 (ids in reverse of fullness): the one with fewer free cores first.
        Cluster twins = cloud(cloud(Fixtures.cluster("t"), 8, 32, 2), 8, 32, 2).build();
        ClusterState state = Fixtures.empty(twins);
        Fixtures.run(state, job(8, 1, 2, 2), 100, 0); // V0: 6 cores free
        Fixtures.run(state, job(9, 1, 4, 4), 100, 1); // V1: 4 cores free
        assertThat(ff.place(job(1, 3, 2, 2), state)).isEqualTo(Placement.of(1, 1, 0));
    }

    @Test
    void fullestTiesOnCoresGoToTheVmWithLessFreeMemory() {
        ClusterState state = Fixtures.empty(cluster);
        Fixtures.run(state, job(8, 1, 8, 40), 100, 0); // V0: 4 cores, 8 GB free
        Fixtures.run(state, job(9, 1, 4, 4), 100, 2);  // V2: 4 cores, 28 GB free
        assertThat(new FirstFit(true).place(job(1, 2, 2, 2), state)).isEqualTo(Placement.of(0, 0));
        // Cheapest first takes V2 (price 2) before V0 (price 3).
        assertThat(ff.place(job(1, 2, 2, 2), state)).isEqualTo(Placement.of(2, 2));
    }

    @Test
    void noneWhenTheClusterRunsOut() {
        // 4-core executors: 3 + 1 + 2 = 6 < 7.
        assertThat(ff.place(job(1, 7, 4, 4), Fixtures.empty(cluster)).isNone()).isTrue();
    }

    @Test
    void equallyPricedVmsByTheReferencesResourceTotal() {
        // One price, one core count, different memory: the HYB reference orders equally priced VMs by
        // 0.8 x free cores + 0.2 x free GB, smallest first: V1 (8c/16GB, 9.6) before V0 (8c/64GB, 19.2).
        Cluster memory = cloud(cloud(Fixtures.cluster("m"), 8, 64, 1), 8, 16, 1).build();
        assertThat(ff.place(job(1, 1, 4, 8), Fixtures.empty(memory))).isEqualTo(Placement.of(1));
        // The same among active VMs: both run a 2-core executor; V1 (6c/12GB) is packed before V0 (6c/60GB).
        ClusterState state = Fixtures.empty(memory);
        Fixtures.run(state, job(8, 1, 2, 4), 100, 0);
        Fixtures.run(state, job(9, 1, 2, 4), 100, 1);
        assertThat(ff.place(job(1, 2, 2, 4), state)).isEqualTo(Placement.of(1, 1));
    }
}
