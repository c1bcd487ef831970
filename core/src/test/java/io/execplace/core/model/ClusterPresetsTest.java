package io.execplace.core.model;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The hybrid presets list their VMs as the HYB reference simulator does: cloud first. */
class ClusterPresetsTest {

    private static String layout(Cluster c) {
        StringBuilder sb = new StringBuilder();
        for (Vm vm : c.vms()) {
            sb.append(vm.id()).append(vm.isLocal() ? "L" : "C").append(vm.cores()).append(' ');
        }
        return sb.toString().trim();
    }

    @Test
    void hybridSmallListsCloudVmsBeforeLocalOnes() {
        Cluster c = ClusterPresets.hybridSmall(PricingModel.MODEL_1);
        assertThat(layout(c)).isEqualTo("0C4 1C4 2C8 3C8 4C12 5C12 6L4 7L8 8L12");
        // Pricing model 1: cloud 0.004/0.008/0.012, local 0.001/0.002/0.003 per second.
        assertThat(c.vm(0).pricePerSecond()).isEqualTo(0.004);
        assertThat(c.vm(5).pricePerSecond()).isEqualTo(0.012);
        assertThat(c.vm(6).pricePerSecond()).isEqualTo(0.001);
        assertThat(c.vm(8).pricePerSecond()).isEqualTo(0.003);
    }

    @Test
    void hybridLargeListsAllOneHundredFiftyCloudVmsFirst() {
        Cluster c = ClusterPresets.hybridLarge(PricingModel.MODEL_2);
        List<Vm> vms = c.vms();
        assertThat(vms).hasSize(180);
        assertThat(vms.subList(0, 150)).allSatisfy(vm -> assertThat(vm.isLocal()).isFalse());
        assertThat(vms.subList(150, 180)).allSatisfy(vm -> assertThat(vm.isLocal()).isTrue());
        // Within each site the types go m1.large, m1.xlarge, m2.xlarge.
        assertThat(List.of(vms.get(0).cores(), vms.get(50).cores(), vms.get(100).cores(),
                vms.get(150).cores(), vms.get(160).cores(), vms.get(170).cores()))
                .containsExactly(4, 8, 12, 4, 8, 12);
    }
}
