package io.execplace.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/** heldout, offline and the lookahead options on the command line. */
class ReferenceCommandsTest {

    @Test
    void heldoutReportsTrainingAndHeldOutSideBySide() throws IOException {
        CliRunner.Result r = CliRunner.run("heldout", "--workload", "tpds-burst", "--jobs", "20", "--schedulers",
                "gio,milp,lookahead", "--held-out", "3", "--lookahead-horizon", "3", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.path("split").path("training")).hasSize(1);
        assertThat(json.path("split").path("heldOut")).hasSize(3);
        JsonNode milp = json.path("results").path("held-out").get(1);
        assertThat(milp.path("scheduler").asText()).isEqualTo("milp");
        assertThat(milp.path("cost").path("n").asInt()).isEqualTo(3);
        assertThat(milp.path("vsMilp").path("mean").asDouble()).isEqualTo(1.0);
        assertThat(milp.path("vsBestHeuristic").path("mean").asDouble()).isLessThanOrEqualTo(1.0);
    }

    @Test
    void heldoutRunsTheClairvoyantLookaheadReferenceAndTheMargin() throws IOException {
        CliRunner.Result r = CliRunner.run("heldout", "--workload", "tpds-burst", "--jobs", "20", "--schedulers",
                "gio,lookahead-clairvoyant", "--held-out", "2", "--lookahead-horizon", "3", "--lookahead-margin", "0.01",
                "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode row = new ObjectMapper().readTree(r.out()).path("results").path("held-out").get(1);
        assertThat(row.path("scheduler").asText()).isEqualTo("lookahead-clairvoyant");
        assertThat(row.path("cost").path("mean").asDouble()).isPositive();
        CliRunner.Result margin = CliRunner.run("simulate", "--scheduler", "lookahead", "--lookahead-margin", "1.5");
        assertThat(margin.exitCode()).isEqualTo(2);
        assertThat(margin.err()).contains("--lookahead-margin").contains("margin must be at least 0 and below 1");
    }

    @Test
    void offlineComparesWithTheReferenceAndTheBound() {
        CliRunner.Result r = CliRunner.run("offline", "--workload", "tpds-burst", "--cluster", "tpds-code", "--jobs", "3",
                "--seeds", "1", "--schedulers", "first-fit,milp", "--time-limit", "10");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("offline-optimum", "cost / offline optimum", "cost / lower bound", "first-fit");
    }

    @Test
    void badInputFailsWithExitCodeTwo() {
        assertThat(CliRunner.run("offline", "--jobs", "0").exitCode()).isEqualTo(2);
        CliRunner.Result unknown = CliRunner.run("heldout", "--workload", "tpds-burst", "--schedulers", "nope");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown scheduler 'nope'");
        CliRunner.Result rollout = CliRunner.run("simulate", "--scheduler", "lookahead", "--lookahead-rollout", "lookahead");
        assertThat(rollout.exitCode()).isEqualTo(2);
        assertThat(rollout.err()).contains("other than lookahead");
        assertThat(CliRunner.run("simulate", "--scheduler", "lookahead", "--lookahead-horizon", "-2").exitCode())
                .isEqualTo(2);
    }
}
