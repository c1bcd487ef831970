package io.execplace.kubernetes.provisioned;

import io.execplace.kubernetes.pricing.PriceTable;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class NodeCostTest {

    private static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");
    private static final PriceTable PRICES = PriceTable.of(Map.of("m5.large", 0.096, "c5.2xlarge", 0.34), Map.of("m5.large", 0.0672));

    private static GenericKubernetesResource claim(String name, Map<String, String> labels, Instant created, Instant deleted) {
        GenericKubernetesResource r = new GenericKubernetesResource();
        r.setApiVersion(NodeClaimLife.API_VERSION);
        r.setKind(NodeClaimLife.KIND);
        r.setMetadata(new ObjectMetaBuilder().withName(name).withLabels(labels).withCreationTimestamp(created.toString())
                .withDeletionTimestamp(deleted == null ? null : deleted.toString()).build());
        return r;
    }

    private static Map<String, String> labels(String type, String capacity) {
        return Map.of(NodeClaimLife.INSTANCE_TYPE, type, NodeClaimLife.CAPACITY_TYPE, capacity);
    }

    @Test
    void aClaimCostsItsLifetimeTimesItsPriceAtItsCapacityType() {
        NodeClaimLife onDemand = NodeClaimLife.of(claim("a", labels("m5.large", "on-demand"), T0, T0.plusSeconds(1800)));
        NodeClaimLife spot = NodeClaimLife.of(claim("b", labels("m5.large", "spot"), T0, T0.plusSeconds(3600)));
        NodeCost cost = NodeCost.of(List.of(onDemand, spot), PRICES, 1, T0.plusSeconds(7200));
        assertThat(cost.lines()).extracting(NodeCost.Line::pricePerHour).containsExactly(0.096, 0.0672);
        assertThat(cost.cost()).isCloseTo(0.048 + 0.0672, within(1e-12));
        assertThat(cost.nodeHours()).isCloseTo(1.5, within(1e-12));
    }

    @Test
    void aLiveClaimIsCountedUntilNowAndTheTimeScaleStretchesRealSeconds() {
        NodeClaimLife live = NodeClaimLife.of(claim("c", labels("c5.2xlarge", "on-demand"), T0, null));
        NodeCost cost = NodeCost.of(List.of(live), PRICES, 60, T0.plusSeconds(90));
        assertThat(cost.nodeHours()).isCloseTo(1.5, within(1e-12));
        assertThat(cost.cost()).isCloseTo(1.5 * 0.34, within(1e-12));
    }

    @Test
    void aClaimThatNeverLaunchedCostsNothing() {
        NodeClaimLife unlaunched = NodeClaimLife.of(claim("d", Map.of(), T0, T0.plusSeconds(60)));
        assertThat(unlaunched.launched()).isFalse();
        assertThat(NodeCost.of(List.of(unlaunched), PRICES, 1, T0.plusSeconds(60)).lines()).isEmpty();
    }

    @Test
    void anInstanceTypeWithoutAPriceIsAnErrorNamingTheClaim() {
        NodeClaimLife unknown = NodeClaimLife.of(claim("e", labels("x9.huge", "on-demand"), T0, T0.plusSeconds(60)));
        assertThatThrownBy(() -> NodeCost.of(List.of(unknown), PRICES, 1, T0.plusSeconds(60)))
                .hasMessage("NodeClaim e: the price table has no price for instance type x9.huge");
    }
}
