package io.execplace.core.model;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The published spot presets and the availability-trace generator. */
class SpotPresetsTest {

    @Test
    void publishedPresetsPriceAndInterruptAsTheAdvisorSays() {
        NodePools pools = ClusterPresets.byName("elastic-spot-published", PricingModel.MODEL_1).pools();
        NodePool spot = pools.pools().get(0);
        NodePool onDemand = pools.pools().get(1);
        assertThat(spot.capacityType()).isEqualTo(CapacityType.SPOT);
        assertThat(onDemand.capacityType()).isEqualTo(CapacityType.ON_DEMAND);
        InstanceType xlarge = spot.instanceTypes().get(0);
        assertThat(xlarge.name()).isEqualTo("m7g.xlarge");
        assertThat(onDemand.pricePerSecond(xlarge) * 3600).isCloseTo(0.1632, within(1e-12));
        assertThat(spot.pricePerSecond(xlarge) * 3600).isCloseTo(0.1632 * 0.38, within(1e-12));
        assertThat(spot.pricePerSecond(spot.instanceTypes().get(1)) * 3600).isCloseTo(0.3264 * 0.36, within(1e-12));
        assertThat(spot.interruptions().monthlyRate()).isEqualTo(0.075);
        assertThat(spot.interruptions().reclaimAtSeconds()).isEmpty();
        assertThat(onDemand.interruptions()).isEqualTo(Interruptions.NONE);
        assertThat(ClusterPresets.byName("elastic-ondemand-published", PricingModel.MODEL_1).pools().pools())
                .containsExactly(onDemand);
    }

    @Test
    void theTraceVariantTakesTheSpotPoolBackAtFixedPoissonTimes() {
        NodePools pools = ClusterPresets.byName("elastic-spot-published-trace", PricingModel.MODEL_1).pools();
        List<Double> times = pools.pools().get(0).interruptions().reclaimAtSeconds();
        // Two days at one reclaim per two hours: 24 expected; a Poisson count is within 12-36 here.
        assertThat(times).hasSizeBetween(12, 36).isSorted();
        assertThat(times.get(0)).isPositive();
        assertThat(times.get(times.size() - 1)).isLessThanOrEqualTo(2 * 86_400.0);
        assertThat(pools.pools().get(0).interruptions().monthlyRate()).isEqualTo(0.075);
        assertThat(ClusterPresets.byName("elastic-spot-published-trace", PricingModel.MODEL_1)).isEqualTo(pools.cluster());
    }

    @Test
    void theWindowsVariantHasWindowsWithoutCapacityEachOpeningWithAReclaim() {
        NodePools pools = ClusterPresets.byName("elastic-spot-published-windows", PricingModel.MODEL_1).pools();
        Interruptions in = pools.pools().get(0).interruptions();
        // Two days, a window every two hours and a half on average (gap 2 h + length 30 min): 9-30 here.
        assertThat(in.unavailable()).hasSizeBetween(9, 30);
        assertThat(in.reclaimAtSeconds()).isEqualTo(in.unavailable().stream().map(UnavailableWindow::fromSeconds).toList());
        double closed = in.unavailable().stream().mapToDouble(w -> w.toSeconds() - w.fromSeconds()).sum();
        assertThat(closed / (2 * 86_400.0)).isBetween(0.05, 0.40);
        assertThat(pools.pools().get(1).interruptions()).isEqualTo(Interruptions.NONE);
        assertThat(Interruptions.poissonWindows(7200, 1800, 2 * 86_400.0, 38)).isEqualTo(in.unavailable());
    }

    @Test
    void poissonTimesReplayBySeedAndHaveTheirMeanGap() {
        List<Double> a = Interruptions.poissonTimes(100, 1_000_000, 7);
        assertThat(Interruptions.poissonTimes(100, 1_000_000, 7)).isEqualTo(a);
        assertThat(Interruptions.poissonTimes(100, 1_000_000, 8)).isNotEqualTo(a);
        // 10,000 gaps of mean 100 s: the count is within 4 standard deviations (400) of 10,000.
        assertThat(a.size()).isBetween(9_600, 10_400);
        assertThatThrownBy(() -> Interruptions.poissonTimes(0, 10, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
