package io.execplace.experiments.scenario;

import io.execplace.core.io.BadInputException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EnvironmentSetupTest {

    @Test
    void jsonRoundTripKeepsEveryField() {
        EnvironmentSetup s = EnvironmentSetup.builder().cluster("tpds-code").workload("tpds-burst").jobs(30)
                .requests("reference").typePenalty("on").seed(4).workloadSeeds(3).build();
        EnvironmentSetup back = EnvironmentSetup.fromJson(s.toJson());
        assertThat(back).isEqualTo(s);
        assertThat(s.toJson().has("pricing")).isFalse();
    }

    @Test
    void resolvesOneWorkloadPerSeedWithTheSimulatorsDurationRules() {
        EnvironmentSetup.Resolved r = EnvironmentSetup.builder().seed(2).workloadSeeds(3).build().resolve(null);
        assertThat(r.cluster().size()).isEqualTo(12);
        assertThat(r.workloads()).hasSize(3);
        assertThat(r.workloads().get(0)).isNotEqualTo(r.workloads().get(1));
        assertThat(r.durationModel().typeMismatchPenalty()).isTrue();
        assertThat(r.durationModel().hybridPenalty()).isFalse();
        assertThat(r.label()).isEqualTo("tpds / tpds-normal");
    }

    @Test
    void theBuilderSetsEachFieldByName() {
        EnvironmentSetup s = EnvironmentSetup.builder().cluster("c").pricing("p").workload("w").format("f").jobs(7)
                .requests("r").typePenalty("t").hybridPenalty("h").seed(8).workloadSeeds(9).profile("x").build();
        assertThat(s).isEqualTo(new EnvironmentSetup("c", "p", "w", "f", 7, "r", "t", "h", 8, 9, "x"));
        assertThat(s.toBuilder().build()).isEqualTo(s);
    }

    @Test
    void refusalsNameTheOption() {
        assertThatThrownBy(() -> EnvironmentSetup.builder().cluster("tpds").pricing("3").build().resolve(null))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("--pricing: the pricing model applies");
        assertThatThrownBy(() -> EnvironmentSetup.builder().jobs(2_000_000_000).build().resolve(null))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("--jobs: too large: at most");
    }

    @Test
    void unknownNamesAreReported() {
        assertThatThrownBy(() -> EnvironmentSetup.tpds("tpds-nope", 1).resolve(null))
                .hasMessageContaining("tpds-nope");
    }
}
