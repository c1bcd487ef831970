package io.execplace.kubernetes.pricing;

import io.execplace.core.io.InputFileException;
import io.execplace.core.model.Site;
import io.execplace.kubernetes.cluster.NodeReader;
import io.execplace.kubernetes.mock.ManualClock;
import io.execplace.kubernetes.scenario.TestObjects;
import io.fabric8.kubernetes.api.model.Node;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Spot prices by the capacity-type label, and a price table file read again when it changes. */
class SpotPricesAndReloadTest {

    private static final String TABLE = "version: 1\npricesPerHour:\n  m5.xlarge: 0.192\n  m5.2xlarge: 0.384\n"
            + "spotPricesPerHour:\n  m5.xlarge: 0.07\n";

    private static Node node(String type, String labelKey, String labelValue) {
        var b = TestObjects.node("n", type, 4, 16);
        if (labelKey != null) {
            b.editMetadata().addToLabels(labelKey, labelValue).endMetadata();
        }
        return b.build();
    }

    @Test
    void spotNodesArePricedAtTheSpotPrice() {
        PriceTable t = PriceTable.parse(TABLE, "prices.yaml");
        NodeReader reader = new NodeReader(() -> t, "execplace.io/site", Site.CLOUD);
        double perHour = 3600;
        assertThat(reader.read(node("m5.xlarge", null, null)).info().pricePerSecond() * perHour).isEqualTo(0.192, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(reader.read(node("m5.xlarge", "karpenter.sh/capacity-type", "spot")).info().pricePerSecond() * perHour)
                .isEqualTo(0.07, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(reader.read(node("m5.xlarge", "eks.amazonaws.com/capacityType", "SPOT")).info().pricePerSecond() * perHour)
                .isEqualTo(0.07, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(reader.read(node("m5.xlarge", "karpenter.sh/capacity-type", "on-demand")).info().pricePerSecond() * perHour)
                .isEqualTo(0.192, org.assertj.core.data.Offset.offset(1e-12));
        // No spot price for the type: the on-demand price (an upper bound).
        assertThat(reader.read(node("m5.2xlarge", "karpenter.sh/capacity-type", "spot")).info().pricePerSecond() * perHour)
                .isEqualTo(0.384, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void aBadSpotPriceNamesItsField() {
        assertThatThrownBy(() -> PriceTable.parse("version: 1\npricesPerHour:\n  a: 1\nspotPricesPerHour:\n  a: -2\n", "p.yaml"))
                .isInstanceOf(InputFileException.class).hasMessageContaining("p.yaml").hasMessageContaining("line 5")
                .hasMessageContaining("spotPricesPerHour.a");
    }

    @Test
    void theFileIsReadAgainWhenItChangesAndABadEditKeepsTheLastTable(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("prices.yaml");
        Files.writeString(file, TABLE);
        ManualClock clock = new ManualClock(Instant.parse("2026-01-01T00:00:00Z"));
        PriceFile prices = new PriceFile(file, clock);
        assertThat(prices.get().pricePerHour("m5.xlarge")).contains(0.192);
        Files.writeString(file, TABLE.replace("0.192", "0.200"));
        assertThat(prices.get().pricePerHour("m5.xlarge")).as("checked at most once a second").contains(0.192);
        clock.advance(Duration.ofMillis(1000));
        assertThat(prices.get().pricePerHour("m5.xlarge")).contains(0.200);
        Files.writeString(file, "version: 1\npricesPerHour: oops\n");
        clock.advance(Duration.ofMillis(1000));
        assertThat(prices.get().pricePerHour("m5.xlarge")).as("a malformed edit keeps the last good table").contains(0.200);
        Files.writeString(file, TABLE.replace("0.192", "0.3"));
        clock.advance(Duration.ofMillis(1000));
        assertThat(prices.get().pricePerHour("m5.xlarge")).contains(0.3);
    }
}
