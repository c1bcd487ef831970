package io.execplace.core.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The pricing models change the hybrid presets' prices and nothing else: the scenario resolver
 * refuses a pricing model for a cluster whose prices it would not change, by this very test.
 */
class PricingModelTest {

    @Test
    void parsesTheCommandLineNames() {
        for (PricingModel m : PricingModel.values()) {
            assertThat(PricingModel.parse(" " + m.key().toUpperCase(java.util.Locale.ROOT) + " ")).isEqualTo(m);
        }
        assertThatThrownBy(() -> PricingModel.parse("7")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'7'");
    }

    @Test
    void onlyTheHybridPresetsDependOnIt() {
        for (ClusterPresets.Preset p : ClusterPresets.list()) {
            boolean differs = !ClusterPresets.byName(p.name(), PricingModel.MODEL_1)
                    .equals(ClusterPresets.byName(p.name(), PricingModel.MODEL_3));
            assertThat(differs).as(p.name()).isEqualTo(p.name().startsWith("hybrid"));
        }
    }
}
