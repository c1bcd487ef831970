package io.execplace.core.config;

import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.ConsolidationPolicy;
import io.execplace.core.model.DriverPod;
import io.execplace.core.model.ElasticPresets;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.PricingModel;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Node pools in cluster files: every field, its defaults, and errors naming file, line, entry and field. */
class NodePoolsFileTest {

    private static final String FULL = """
            name: my-elastic
            gracefulDecommission: true
            nodePools:
              - name: spot
                capacityType: spot
                instanceTypes:
                  - {name: m5.xlarge, cores: 4, memoryGb: 16, onDemandPricePerHour: 0.192, spotPricePerHour: 0.0768}
                  - name: m5.2xlarge
                    cores: 8
                    memoryGb: 32
                    onDemandPricePerHour: 0.384
                    spotPricePerHour: 0.1536
                zones: [us-east-1a, us-east-1b]
                limitCores: 40
                launchDelaySeconds: 60-120
                billingGranularitySeconds: 1
                minimumBilledSeconds: 60
                consolidateAfterSeconds: 45
                consolidationPolicy: WhenEmptyOrUnderutilized
                interruptionBand: ">20"
                interruptionNoticeSeconds: 30
                reclaimAtSeconds: [3600, 7200]
              - name: od
                instanceTypes:
                  - {name: m5.xlarge, cores: 4, memoryGb: 16, onDemandPricePerHour: 0.192}
            """;

    @Test
    void readsEveryFieldAndUnfoldsTheSlots() {
        Cluster c = ClusterFile.parse(FULL, "c.yaml", "c");
        assertThat(c.isElastic()).isTrue();
        assertThat(c.name()).isEqualTo("my-elastic");
        assertThat(c.pools().gracefulDecommission()).isTrue();
        // spot: 40 / 4 = 10 slots of m5.xlarge, 40 / 8 = 5 of m5.2xlarge; od: 1000 / 4 = 250 (default limit).
        assertThat(c.size()).isEqualTo(10 + 5 + 250);
        NodePool spot = c.pools().pools().get(0);
        assertThat(spot.capacityType()).isEqualTo(CapacityType.SPOT);
        assertThat(spot.zones()).containsExactly("us-east-1a", "us-east-1b");
        assertThat(spot.launchDelay().minSeconds()).isEqualTo(60);
        assertThat(spot.launchDelay().maxSeconds()).isEqualTo(120);
        assertThat(spot.consolidateAfterSeconds()).isEqualTo(45);
        assertThat(spot.consolidationPolicy()).isEqualTo(ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED);
        assertThat(spot.interruptions().monthlyRate()).isEqualTo(0.25);
        assertThat(spot.interruptions().noticeSeconds()).isEqualTo(30);
        assertThat(spot.interruptions().reclaimAtSeconds()).containsExactly(3600.0, 7200.0);
        assertThat(c.vm(0).pricePerSecond()).isCloseTo(0.0768 / 3600, within(1e-15));
        assertThat(c.pools().zone(1)).isEqualTo("us-east-1b");
        NodePool od = c.pools().pools().get(1);
        assertThat(od.capacityType()).isEqualTo(CapacityType.ON_DEMAND);
        assertThat(od.limitCores()).isEqualTo(1000);
        assertThat(od.minimumBilledSeconds()).isEqualTo(60);
        assertThat(od.consolidateAfterSeconds()).isEqualTo(30);
        assertThat(od.consolidationPolicy()).isEqualTo(ConsolidationPolicy.WHEN_EMPTY);
        assertThat(c.vm(15).pricePerSecond()).isCloseTo(0.192 / 3600, within(1e-15));
    }

    @Test
    void thePresetsAreClustersAFileCanDescribe() {
        assertThat(ElasticPresets.spot().size()).isEqualTo(2 * (100 + 50 + 25));
    }

    private static void fails(String yaml, String message) {
        assertThatThrownBy(() -> ClusterFile.parse(yaml, "c.yaml", "c"))
                .isInstanceOf(ClusterFileException.class).hasMessage(message);
    }

    @Test
    void badInputNamesFileLineEntryAndField() {
        fails("""
                nodePools:
                  - name: a
                    instanceTypes:
                      - {name: t, cores: 4, memoryGb: 16, onDemandPricePerHour: 0.1}
                    limitCores: many
                """, "c.yaml line 5, nodePools[0] 'a', field 'limitCores': expected a number >= 0, got 'many'");
        fails("""
                nodePools:
                  - name: a
                    capacityType: reserved
                    instanceTypes:
                      - {name: t, cores: 4, memoryGb: 16, onDemandPricePerHour: 0.1}
                """, "c.yaml line 3, nodePools[0] 'a', field 'capacityType': expected on-demand or spot, got 'reserved'");
        fails("""
                nodePools:
                  - name: a
                    instanceTypes:
                      - {name: t, cores: 4, memoryGb: 16, onDemandPricePerHour: 0.1}
                    consolidationPolicy: WhenUnderutilized
                """, "c.yaml line 5, nodePools[0] 'a', field 'consolidationPolicy': expected WhenEmpty or "
                + "WhenEmptyOrUnderutilized, got 'WhenUnderutilized'");
        fails("""
                nodePools:
                  - name: a
                    instanceTypes:
                      - {name: t, cores: 4, memoryGb: 16, onDemandPricePerHour: 0.1}
                    interruptionBand: ">20"
                """, "c.yaml line 5, nodePools[0] 'a', field 'interruptionBand': applies to spot pools only (capacityType: spot)");
        fails("""
                nodePools:
                  - name: a
                    instanceTypes:
                      - {name: t, cores: 4, memoryGb: 16, onDemandPricePerHour: 0.1, colour: red}
                """, "c.yaml line 4, nodePools[0] 'a'.instanceTypes[0], field 'colour': unknown field (expected name, "
                + "cores, memoryGb, onDemandPricePerHour, spotPricePerHour)");
        fails("""
                vmTypes:
                  - {name: m, cores: 4, memoryGb: 16, pricePerHour: 1}
                nodePools:
                  - name: a
                    instanceTypes:
                      - {name: t, cores: 4, memoryGb: 16, onDemandPricePerHour: 0.1}
                """, "c.yaml line 3, field 'nodePools': give vmTypes (a fixed cluster) or nodePools (an elastic one), not both");
        fails("""
                nodePools:
                  - name: a
                    instanceTypes:
                      - {name: big, cores: 64, memoryGb: 256, onDemandPricePerHour: 1}
                    limitCores: 32
                """, "c.yaml line 1, field 'nodePools': elastic cluster c: no pool's limit holds even one node");
    }

    @Test
    void driverPodsAreAnOptionOfElasticClustersOnly() {
        String pools = """
                nodePools:
                  - name: a
                    instanceTypes:
                      - {name: t, cores: 4, memoryGb: 16, onDemandPricePerHour: 0.1}
                """;
        assertThat(ClusterFile.parse(pools, "c.yaml", "c").pools().drivers()).isNull();
        Cluster with = ClusterFile.parse("driverPods: true\n" + pools, "c.yaml", "c");
        assertThat(with.pools().drivers()).isEqualTo(DriverPod.SPARK_DEFAULT);
        assertThat(with.pools().drivers().memoryGb()).isEqualTo(1.375);
        assertThat(ClusterPresets.byName("elastic-spot+drivers", PricingModel.values()[0]).pools().drivers())
                .isEqualTo(DriverPod.SPARK_DEFAULT);
        assertThat(ClusterPresets.isPreset("elastic-spot-published-windows+drivers")).isTrue();
        assertThat(ClusterPresets.isPreset("tpds+drivers")).isFalse();
        assertThatThrownBy(() -> ClusterFile.parse("driverPods: maybe\n" + pools, "c.yaml", "c"))
                .isInstanceOf(ClusterFileException.class)
                .hasMessageStartingWith("c.yaml line 1, field 'driverPods': expected true or false, got ");
        fails("""
                driverPods: true
                vmTypes:
                  - {name: m, cores: 4, memoryGb: 16, pricePerHour: 1}
                """, "c.yaml line 1, field 'driverPods': driver pods are modelled on elastic clusters only (give nodePools)");
    }
}
