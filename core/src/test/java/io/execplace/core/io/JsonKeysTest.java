package io.execplace.core.io;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JsonKeysTest {

    @Test
    void snakeCaseNamesBecomeCamelCaseKeysAndBack() {
        for (String name : new String[] {"node_cost", "bind_latency_p50_seconds", "simulated_spot_nodes_taken", "applications"}) {
            assertThat(JsonKeys.snake(JsonKeys.camel(name))).isEqualTo(name);
        }
        assertThat(JsonKeys.camel("bind_latency_p50_seconds")).isEqualTo("bindLatencyP50Seconds");
        assertThat(JsonKeys.camel("simulated_node_cost")).isEqualTo("simulatedNodeCost");
        assertThat(JsonKeys.camel("applications")).isEqualTo("applications");
    }

    @Test
    void aKeyOfAnOldFileInSnakeCaseReadsAsItIs() {
        assertThat(JsonKeys.snake("node_cost")).isEqualTo("node_cost");
        assertThat(JsonKeys.snake("nodeCost")).isEqualTo("node_cost");
    }
}
