package io.execplace.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/** Regression tests of issue 24's findings: bad input that was an internal error or came too late. */
class PolishCommandsTest {

    @Test
    void badHjsSettingsAreBadInputNotInternalErrors() {
        CliRunner.Result sets = CliRunner.run("reproduce", "hjs", "--job-sets", "hjs-99-1", "--quick");
        assertThat(sets.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(sets.err()).startsWith("execplace: error: --job-sets: unknown HJS job set 'hjs-99-1'")
                .doesNotContain("internal error").doesNotContain("at io.");
        CliRunner.Result heldOut = CliRunner.run("reproduce", "hjs", "--held-out", "0", "--quick");
        assertThat(heldOut.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(heldOut.err()).startsWith("execplace: error: --held-out: ").doesNotContain("internal error");
        assertThat(CliRunner.run("reproduce", "hjs", "--threads", "0", "--quick").exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
    }

    @Test
    void notANumberIsNamedAsSuch() {
        CliRunner.Result beta = CliRunner.run("simulate", "--beta", "NaN");
        assertThat(beta.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(beta.err().strip()).isEqualTo("execplace: error: --beta: expected a number, got NaN");
    }

    @Test
    void compareRefusesZeroThreadsBeforePrintingAnything() {
        CliRunner.Result r = CliRunner.run("compare", "--threads", "0");
        assertThat(r.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).isEqualTo("execplace: error: --threads: must be at least 1, got 0");
    }

    @Test
    void presetsListLiuAndSpeakJson() throws IOException {
        CliRunner.Result text = CliRunner.run("presets");
        assertThat(text.exitCode()).isZero();
        assertThat(text.out()).contains("LIU managers").contains("  outlook  ").contains("  sf-now ").contains("  sf-e ")
                .contains("LIU arrival patterns").contains("  beta ").contains("LIU clusters");
        CliRunner.Result json = CliRunner.run("presets", "--json");
        assertThat(json.exitCode()).isZero();
        JsonNode root = new ObjectMapper().readTree(json.out());
        assertThat(root.path("liuManagers").findValuesAsText("name")).contains("random", "sf-p", "lf-p", "sf-e", "lf-e",
                "sf-now", "outlook");
        assertThat(root.path("schedulers").findValuesAsText("name")).contains("gio", "milp", "lookahead", "agent:PATH");
        assertThat(root.path("clusters").get(0).path("description").asText()).isNotBlank();
    }

    @Test
    void completionTakesTheShellUsersType() {
        CliRunner.Result bash = CliRunner.run("completion", "bash");
        assertThat(bash.exitCode()).isZero();
        assertThat(bash.out()).contains("complete -F").contains("execplace");
        assertThat(CliRunner.run("completion").out()).isEqualTo(bash.out());
        CliRunner.Result fish = CliRunner.run("completion", "fish");
        assertThat(fish.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(fish.err()).contains("expected bash or zsh");
    }
}
