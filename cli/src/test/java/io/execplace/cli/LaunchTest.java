package io.execplace.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** The jar's entry point answers --version itself, exactly as the full command line does. */
class LaunchTest {

    private static String launchOut(String... args) {
        PrintStream saved = System.out;
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (PrintStream capture = new PrintStream(buffer, true, StandardCharsets.UTF_8)) {
            System.setOut(capture);
            Launch.main(args);
        } finally {
            System.setOut(saved);
        }
        return buffer.toString(StandardCharsets.UTF_8);
    }

    @Test
    void versionMatchesTheFullCommandLine() {
        CliRunner.Result full = CliRunner.run("--version");
        assertThat(full.exitCode()).isZero();
        assertThat(launchOut("--version")).isEqualToNormalizingNewlines(full.out());
        assertThat(launchOut("-V")).isEqualToNormalizingNewlines(full.out());
    }
}
