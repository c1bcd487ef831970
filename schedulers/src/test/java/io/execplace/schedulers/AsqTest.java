package io.execplace.schedulers;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Placement;
import io.execplace.core.model.PricingModel;
import io.execplace.core.sim.ClusterState;
import io.execplace.core.rules.DurationModel;
import org.junit.jupiter.api.Test;

import static io.execplace.schedulers.Fixtures.job;
import static org.assertj.core.api.Assertions.assertThat;

/** AsQ on {@code hybrid-small}, pricing model 1 (ids 0-2 local, 3-8 cloud; see {@link GioTest}). */
class AsqTest {

    private final Cluster hybrid = ClusterPresets.hybridSmall(PricingModel.MODEL_1);
    private final Asq asq = new Asq();

    private ClusterState state() {
        return new ClusterState(hybrid, DurationModel.defaultsFor(hybrid, false));
    }

    @Test
    void allLocalWhenLocalVmsHoldTheJobPackedFirstFit() {
        // Local room for 4c/8GB: 1 + 2 + 3 = 6 >= 5; cheapest local first: V0 1, V1 2, V2 2.
        assertThat(asq.place(job(1, 5, 4, 8), state())).isEqualTo(Placement.of(0, 1, 1, 2, 2));
    }

    @Test
    void allCloudWhenLocalVmsFallShortNeverSplit() {
        ClusterState state = state();
        Fixtures.run(state, job(8, 3, 4, 8), 400, 2, 2, 2); // local V2 full
        Fixtures.run(state, job(9, 1, 4, 8), 1000, 7);      // cloud V7 active, 8 cores free
        // Local room 3 < 4: all on cloud. Active V7 first (2), then the cheapest idle cloud VMs V3, V4.
        Placement p = asq.place(job(1, 4, 4, 8), state);
        assertThat(p).isEqualTo(Placement.of(7, 7, 3, 4));
        // GIO, by contrast, mixes: V7, V0, V1.
        assertThat(new Gio().place(job(1, 4, 4, 8), state)).isEqualTo(Placement.of(7, 7, 0, 1));
    }

    @Test
    void noneWhenNeitherSiteHoldsTheWholeJobAlone() {
        // 12-core executors: local room 1 (V2), cloud room 2 (V7, V8). Three executors would fit
        // the cluster split across sites, but AsQ never splits.
        assertThat(asq.place(job(1, 3, 12, 8), state()).isNone()).isTrue();
        assertThat(new FirstFit().place(job(1, 3, 12, 8), state()).isNone()).isFalse();
        assertThat(asq.place(job(1, 2, 12, 8), state())).isEqualTo(Placement.of(7, 8));
    }
}
