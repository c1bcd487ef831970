package io.execplace.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.execplace.core.io.BadInputException;
import io.execplace.core.io.InputFileException;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Site;
import io.execplace.core.model.Vm;
import io.execplace.core.model.VmType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ClusterFileTest {

    private static final String EXAMPLE = """
            name: my-cluster
            vmTypes:
              - name: m5.xlarge
                cores: 4
                memoryGb: 16
                pricePerHour: 0.192      # or pricePerSecond
                site: local
                count: 2
              - name: big
                cores: 16
                memoryGb: 64.5
                pricePerSecond: 0.001
            """;

    @TempDir
    Path dir;

    @Test
    void readsTheDocumentedExample() throws IOException {
        Path file = dir.resolve("c.yaml");
        Files.writeString(file, EXAMPLE);
        Cluster c = ClusterFile.read(file);
        assertThat(c.name()).isEqualTo("my-cluster");
        assertThat(c.size()).isEqualTo(3);
        assertThat(c.vm(0)).isEqualTo(new Vm(0, new VmType("m5.xlarge", 4, 16), Site.LOCAL, 0.192 / 3600));
        assertThat(c.vm(1).id()).isEqualTo(1);
        // site defaults to cloud, count to 1.
        assertThat(c.vm(2)).isEqualTo(new Vm(2, new VmType("big", 16, 64.5), Site.CLOUD, 0.001));
    }

    @Test
    void nameDefaultsToTheFileName() throws IOException {
        Path file = dir.resolve("lab.yaml");
        Files.writeString(file, "vmTypes:\n  - {name: a, cores: 2, memoryGb: 4, pricePerHour: 1}\n");
        assertThat(ClusterFile.read(file).name()).isEqualTo("lab");
    }

    @ParameterizedTest
    @EnumSource(PricingModel.class)
    void presetsRoundTripExactly(PricingModel pricing) throws IOException {
        for (Cluster c : List.of(ClusterPresets.tpds(), ClusterPresets.tpdsCode(), ClusterPresets.c5(),
                ClusterPresets.hybridSmall(pricing), ClusterPresets.hybridLarge(pricing))) {
            Path file = dir.resolve("c.yaml");
            ClusterFile.write(c, file);
            assertThat(ClusterFile.read(file)).isEqualTo(c);
        }
    }

    @Test
    void namesThatLookLikeOtherYamlValuesRoundTrip() throws IOException {
        Cluster c = Cluster.builder("true")
                .add(new VmType("007", 2, 3.5), Site.LOCAL, 2, 0)
                .add(new VmType("null", 1, 1), Site.CLOUD, 1, 1e-9)
                .add(new VmType("a: b # c", 64, 1e4), Site.CLOUD, 1, 123.456 / 3600)
                .build();
        Path file = dir.resolve("odd.yaml");
        ClusterFile.write(c, file);
        assertThat(ClusterFile.read(file)).isEqualTo(c);
    }

    @Test
    void writingGroupsConsecutiveIdenticalVms() {
        String yaml = ClusterFile.toYaml(ClusterPresets.hybridLarge(PricingModel.REAL));
        // 3 local types then 3 cloud types: six entries, counts 10 and 50.
        assertThat(yaml.split("- name:", -1)).hasSize(7);
        assertThat(yaml).contains("count: 10").contains("count: 50").contains("pricePerHour: 0.24")
                .contains("pricePerHour: 0.12").contains("site: local");
        assertThat(ClusterFile.toYaml(ClusterPresets.hybridSmall(PricingModel.MODEL_1)))
                .contains("pricePerSecond: 0.004");
    }

    @Test
    void resolveTakesAPresetOrAFile() throws IOException {
        assertThat(ClusterFile.resolve("tpds", PricingModel.MODEL_1)).isEqualTo(ClusterPresets.tpds());
        assertThat(ClusterFile.resolve("hybrid-small", PricingModel.MODEL_2))
                .isEqualTo(ClusterPresets.hybridSmall(PricingModel.MODEL_2));
        Path file = dir.resolve("c.yaml");
        Files.writeString(file, EXAMPLE);
        assertThat(ClusterFile.resolve(file.toString(), PricingModel.MODEL_1).name()).isEqualTo("my-cluster");
        assertThatThrownBy(() -> ClusterFile.resolve("nonexistent", PricingModel.MODEL_1))
                .isInstanceOf(BadInputException.class)
                .hasMessage("'nonexistent' is neither a cluster preset (tpds, tpds-code, hybrid-small, "
                        + "hybrid-large, c5, elastic-ondemand, elastic-spot, elastic-ondemand-published, "
                        + "elastic-spot-published, elastic-spot-published-trace, elastic-spot-published-windows, elastic-ondemand-underutilized, "
                        + "elastic-spot-underutilized) nor a cluster file");
    }

    private ClusterFileException error(String yaml) {
        return catchThrowableOfType(ClusterFileException.class, () -> ClusterFile.parse(yaml, "c.yaml", "c"));
    }

    @Test
    void negativeCoresNamesLineEntryAndField() {
        assertThat(error(EXAMPLE.replace("cores: 4", "cores: [4]")).getMessage())
                .isEqualTo("c.yaml line 4, vmTypes[0] 'm5.xlarge', field 'cores': expected a single value, got a list");
        ClusterFileException e = error(EXAMPLE.replace("cores: 16", "cores: -2"));
        assertThat(e.getMessage()).isEqualTo("c.yaml line 10, vmTypes[1] 'big', field 'cores': "
                + "expected a whole number >= 1, got -2");
        assertThat(e.line()).isEqualTo(10);
        assertThat(e.entry()).isEqualTo("vmTypes[1] 'big'");
        assertThat(e.field()).isEqualTo("cores");
    }

    @Test
    void unknownFieldIsReportedWithTheEntryName() {
        assertThat(error(EXAMPLE.replace("site: local", "zone: local")).getMessage())
                .isEqualTo("c.yaml line 7, vmTypes[0] 'm5.xlarge', field 'zone': unknown field "
                        + "(expected name, cores, memoryGb, pricePerHour, pricePerSecond, site, count)");
        assertThat(error("name: x\ncolour: red\nvmTypes: []\n").getMessage())
                .isEqualTo("c.yaml line 2, field 'colour': unknown field (expected name, vmTypes, or nodePools, gracefulDecommission and driverPods)");
    }

    @Test
    void missingAndConflictingFields() {
        assertThat(error(EXAMPLE.replace("    cores: 16\n", "")).getMessage())
                .isEqualTo("c.yaml line 9, vmTypes[1] 'big', field 'cores': missing");
        assertThat(error(EXAMPLE.replace("pricePerSecond: 0.001", "pricePerSecond: 0.001\n    pricePerHour: 3"))
                .getMessage())
                .isEqualTo("c.yaml line 13, vmTypes[1] 'big', field 'pricePerHour': give either pricePerHour or "
                        + "pricePerSecond, not both");
        assertThat(error(EXAMPLE.replace("    pricePerSecond: 0.001\n", "")).getMessage())
                .isEqualTo("c.yaml line 9, vmTypes[1] 'big', field 'pricePerHour': missing price: give "
                        + "pricePerHour or pricePerSecond");
        assertThat(error(EXAMPLE.replace("  - name: big\n", "  - site: cloud\n")).getMessage())
                .contains("vmTypes[1], field 'name': missing");
        assertThat(error(EXAMPLE.replace("count: 2", "count: -1")).getMessage())
                .isEqualTo("c.yaml line 8, vmTypes[0] 'm5.xlarge', field 'count': expected a whole number >= 0, got -1");
        assertThat(error(EXAMPLE.replace("site: local", "site: moon")).getMessage())
                .isEqualTo("c.yaml line 7, vmTypes[0] 'm5.xlarge', field 'site': expected local or cloud, got 'moon'");
        assertThat(error(EXAMPLE.replace("memoryGb: 16", "memoryGb: lots")).getMessage())
                .isEqualTo("c.yaml line 5, vmTypes[0] 'm5.xlarge', field 'memoryGb': expected a number > 0, got 'lots'");
        assertThat(error(EXAMPLE.replace("pricePerHour: 0.192", "pricePerHour: -1")).getMessage())
                .contains("field 'pricePerHour': expected a number >= 0, got -1");
        assertThat(error(EXAMPLE.replace("cores: 4", "cores: 4\n    cores: 5")).getMessage())
                .isEqualTo("c.yaml line 5, vmTypes[0] 'm5.xlarge', field 'cores': given twice");
    }

    @Test
    void structuralErrors() {
        assertThat(error("name: x\n").getMessage()).isEqualTo("c.yaml field 'vmTypes': missing (a list of VM types "
                + "with name, cores, memoryGb, price, site, count; or nodePools for an elastic cluster)");
        assertThat(error("vmTypes: []\n").getMessage()).isEqualTo("c.yaml line 1, field 'vmTypes': needs at least one VM type");
        assertThat(error("vmTypes:\n  - {name: a, cores: 2, memoryGb: 4, pricePerHour: 1, count: 0}\n").getMessage())
                .isEqualTo("c.yaml line 1, field 'vmTypes': the cluster has no VMs (every count is 0)");
        assertThat(error("- a\n- b\n").getMessage()).isEqualTo("c.yaml line 1: expected a mapping with 'name' and 'vmTypes'");
        assertThat(error("vmTypes:\n  - just-a-string\n").getMessage())
                .startsWith("c.yaml line 2, vmTypes[0]: expected a mapping with name, cores");
        assertThat(error("name: a\nname: b\n").getMessage()).isEqualTo("c.yaml line 2, field 'name': given twice");
        assertThat(error("").getMessage()).isEqualTo("c.yaml: the file is empty (expected name and vmTypes)");
        ClusterFileException syntax = error("vmTypes:\n\t- name: a\n");
        assertThat(syntax.getMessage()).startsWith("c.yaml line ").contains("not valid YAML");
        assertThat(syntax.line()).isPositive();
    }

    @Test
    void hugeCountsAndBinaryFilesAreRefusedWithTheirLocation() throws IOException {
        assertThat(error(EXAMPLE.replace("count: 2", "count: 2000000000")).getMessage())
                .isEqualTo("c.yaml line 8, vmTypes[0] 'm5.xlarge', field 'count': too large: at most 1000000 "
                        + "(the largest cluster execplace simulates), got 2000000000");
        Path binary = dir.resolve("binary.yaml");
        Files.write(binary, new byte[]{(byte) 0xff, (byte) 0xfe, 0, 1, 2, (byte) 0x80});
        assertThatThrownBy(() -> ClusterFile.read(binary))
                .isInstanceOf(InputFileException.class)
                .hasMessage(binary + ": not a text file (expected UTF-8 YAML)");
    }

    @Test
    void missingFile() {
        assertThatThrownBy(() -> ClusterFile.read(dir.resolve("none.yaml")))
                .isInstanceOf(InputFileException.class)
                .hasMessage(dir.resolve("none.yaml") + ": no such file");
    }
}
