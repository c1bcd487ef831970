package io.execplace.schedulers.elastic;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OverprovisionedAskAgainTest {

    @Test
    void theBasePolicysInstantsAreAskedForThroughThePlaceholders() {
        PlacementPolicy asksAgain = new PlacementPolicy() {
            @Override
            public String name() {
                return "asks-again";
            }

            @Override
            public Placement place(Job job, ClusterView view) {
                return Placement.none();
            }

            @Override
            public double askAgainAt() {
                return 42.0;
            }
        };
        assertThat(new Overprovisioned(asksAgain, "x").askAgainAt()).isEqualTo(42.0);
        assertThat(Overprovisioned.following(asksAgain, "y").askAgainAt()).isEqualTo(42.0);
    }
}
