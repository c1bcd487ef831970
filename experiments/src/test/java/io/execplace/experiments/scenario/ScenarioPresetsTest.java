package io.execplace.experiments.scenario;

import io.execplace.core.io.BadInputException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScenarioPresetsTest {

    /**
     * The built-in scenarios were YAML files in the jar until start-up moved them into code; the
     * files stay as test resources and each built-in scenario must give exactly their fields.
     */
    @Test
    void everyBuiltInScenarioGivesTheFieldsOfItsScenarioFile() throws IOException {
        assertThat(ScenarioPresets.list()).hasSize(6);
        for (ScenarioPresets.Preset p : ScenarioPresets.list()) {
            String yaml;
            try (InputStream in = getClass().getResourceAsStream("/io/execplace/experiments/scenarios/" + p.name() + ".yaml")) {
                assertThat(in).as(p.name()).isNotNull();
                yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            assertThat(values(ScenarioPresets.preset(p.name()))).as(p.name())
                    .containsExactlyEntriesOf(values(ScenarioFiles.parse(yaml, p.name() + ".yaml")));
            assertThat(ScenarioPresets.isPreset(" " + p.name().toUpperCase() + " ")).isTrue();
        }
    }

    @Test
    void anUnknownScenarioNamesTheKnownOnes() {
        assertThat(ScenarioPresets.isPreset("hybrid-medium")).isFalse();
        assertThatThrownBy(() -> ScenarioPresets.preset("hybrid-medium")).isInstanceOf(BadInputException.class)
                .hasMessage("unknown scenario 'hybrid-medium' (known: default, hybrid-light, hybrid-high, hybrid-large, "
                        + "tpds-normal, tpds-burst, or a YAML file)");
    }

    private static Map<String, Object> values(ScenarioInput input) {
        Map<String, Object> m = new LinkedHashMap<>();
        input.settings().forEach(s -> m.put(s.key(), s.value()));
        return m;
    }
}
