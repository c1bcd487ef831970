package io.execplace.experiments.scenario;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EnvironmentSetupTest {

    @Test
    void jsonRoundTripKeepsEveryField() {
        EnvironmentSetup s = new EnvironmentSetup("tpds-code", null, "tpds-burst", null, 30, "reference", "on", null, 4, 3);
        EnvironmentSetup back = EnvironmentSetup.fromJson(s.toJson());
        assertThat(back).isEqualTo(s);
        assertThat(s.toJson().has("pricing")).isFalse();
    }

    @Test
    void resolvesOneWorkloadPerSeedWithTheSimulatorsDurationRules() {
        EnvironmentSetup.Resolved r = new EnvironmentSetup("tpds", null, "tpds-normal", null, null, null, null, null, 2, 3)
                .resolve(null);
        assertThat(r.cluster().size()).isEqualTo(12);
        assertThat(r.workloads()).hasSize(3);
        assertThat(r.workloads().get(0)).isNotEqualTo(r.workloads().get(1));
        assertThat(r.durationModel().typeMismatchPenalty()).isTrue();
        assertThat(r.durationModel().hybridPenalty()).isFalse();
        assertThat(r.label()).isEqualTo("tpds / tpds-normal");
    }

    @Test
    void unknownNamesAreReported() {
        assertThatThrownBy(() -> EnvironmentSetup.tpds("tpds-nope", 1).resolve(null))
                .hasMessageContaining("tpds-nope");
    }
}
