package io.execplace.schedulers;

import io.execplace.schedulers.heuristics.FirstFit;
import io.execplace.schedulers.heuristics.Gio;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Placement;
import io.execplace.core.model.PricingModel;
import io.execplace.core.sim.ClusterState;
import io.execplace.core.rules.DurationModel;
import org.junit.jupiter.api.Test;

import static io.execplace.schedulers.Fixtures.cloud;
import static io.execplace.schedulers.Fixtures.job;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * HYB Algorithm 2 worked by hand. The hybrid cases use {@code hybrid-small} with pricing model 1:
 * cloud first, as the HYB reference lists them: ids 0-1 cloud 4c/16GB 0.004, 2-3 cloud 8c/32GB 0.008,
 * 4-5 cloud 12c/48GB 0.012, then 6-8 local (4c/16GB 0.001, 8c/32GB 0.002, 12c/48GB 0.003 per s);
 * hybrid penalty on (T_C^H = 1.3 T_est).
 */
class GioTest {

    private final Cluster hybrid = ClusterPresets.hybridSmall(PricingModel.MODEL_1);
    private final Gio gio = new Gio();

    private ClusterState hybridState() {
        return new ClusterState(hybrid, DurationModel.defaultsFor(hybrid, false));
    }

    @Test
    void prefersTheActiveVmWhoseRemainingBusyTimeCoversTheJob() {
        // Cloud only: V0 4c/12GB price 1, V1 8c/24GB price 2, V2 8c/24GB price 2; T_C = 100.
        Cluster c = cloud(cloud(cloud(Fixtures.cluster("code"), 4, 12, 1), 8, 24, 2), 8, 24, 2).build();
        ClusterState state = Fixtures.empty(c);
        Fixtures.run(state, job(8, 1, 4, 4), 50, 1);  // V1 busy 50 s more, 4 cores free
        Fixtures.run(state, job(9, 1, 2, 4), 500, 2); // V2 busy 500 s more, 6 cores free
        // Extra cost: V0 1 x 100 = 100, V1 2 x (100 - 50) = 100, V2 2 x max(0, 100 - 500) = 0.
        assertThat(gio.place(job(1, 2, 2, 2), state)).isEqualTo(Placement.of(2, 2));
        // First fit would take V1 instead (active VMs cheapest first; V1 and V2 tie on price, V1 has
        // fewer free cores).
        assertThat(new FirstFit().place(job(1, 2, 2, 2), state)).isEqualTo(Placement.of(1, 1));
        // Five executors: V2 holds 3; V0 and V1 tie at 100, and the active V1 goes before idle V0.
        assertThat(gio.place(job(2, 5, 2, 2), state)).isEqualTo(Placement.of(2, 2, 2, 1, 1));
    }

    @Test
    void usesOnlyLocalVmsWhenTheyHoldTheWholeJob() {
        // Empty: local room for 4c/8GB executors is 1 + 2 + 3 = 6 >= 5, so T_C = T_C^L = 100 and
        // extra costs are 0.1, 0.2, 0.3 on the three local VMs V6, V7, V8.
        assertThat(gio.place(job(1, 5, 4, 8), hybridState())).isEqualTo(Placement.of(6, 7, 7, 8, 8));
    }

    @Test
    void localOnlyEvenWhenABusyCloudVmWouldBeFree() {
        ClusterState state = hybridState();
        Fixtures.run(state, job(8, 3, 4, 8), 400, 8, 8, 8); // local V8 full
        Fixtures.run(state, job(9, 1, 4, 8), 1000, 4);      // cloud V4 busy 1000 s, 8 cores free
        // Local room: V6 1 + V7 2 = 3 >= 3, so the free-of-cost V4 is not even considered.
        assertThat(gio.place(job(1, 3, 4, 8), state)).isEqualTo(Placement.of(6, 7, 7));
        // Four executors do not fit locally: all VMs, T_C^H = 130. Extra cost: V4 0 (busy 1000 s),
        // V6 0.13, V7 0.26, V0 0.52, ... so V4 takes 2, V6 1, V7 1.
        assertThat(gio.place(job(2, 4, 4, 8), state)).isEqualTo(Placement.of(4, 4, 6, 7));
    }

    @Test
    void extraCostUsesTheHybridEstimateWhenLocalVmsDoNotSuffice() {
        ClusterState state = hybridState();
        Fixtures.run(state, job(7, 2, 4, 16), 1000, 7, 7);    // local V7 full
        Fixtures.run(state, job(8, 3, 4, 16), 1000, 8, 8, 8); // local V8 full
        Fixtures.run(state, job(9, 1, 4, 8), 100, 2);         // cloud V2 busy 100 s more
        // Local room 1 < 2, so T_C = T_C^H = 130: V6 costs 0.001 x 130 = 0.13, V2 costs
        // 0.008 x (130 - 100) = 0.24. (With T_C^L = 100, V2 would cost 0 and come first.)
        assertThat(gio.place(job(1, 2, 4, 8), state)).isEqualTo(Placement.of(6, 2));
    }

    @Test
    void noneWhenTheWholeClusterCannotHoldTheJob() {
        // 12-core executors fit only on V4, V5 (cloud) and V8 (local, the cheapest).
        assertThat(gio.place(job(1, 4, 12, 8), hybridState()).isNone()).isTrue();
        assertThat(gio.place(job(1, 3, 12, 8), hybridState())).isEqualTo(Placement.of(8, 4, 5));
    }
}
