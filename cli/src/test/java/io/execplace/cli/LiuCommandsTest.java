package io.execplace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LiuCommandsTest {

    @Test
    void badSettingsExitWithTwoBeforeAnyWork(@TempDir Path dir) throws Exception {
        CliRunner.Result r = CliRunner.run("reproduce", "liu", "--episodes", "0", "--out", dir.resolve("x").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("episodes");
        assertThat(dir.resolve("x")).doesNotExist();
        Path file = Files.writeString(dir.resolve("file"), "");
        CliRunner.Result f = CliRunner.run("reproduce", "liu", "--quick", "--out", file.toString());
        assertThat(f.exitCode()).isEqualTo(2);
        assertThat(f.err()).contains("is a file, not a folder");
        CliRunner.Result u = CliRunner.run("reproduce", "liu", "--quick", "--runs", "bernoulli,gamma", "--out",
                dir.resolve("y").toString());
        assertThat(u.exitCode()).isEqualTo(2);
        assertThat(u.err()).contains("--runs", "gamma");
        assertThat(dir.resolve("y")).doesNotExist();
        CliRunner.Result twice = CliRunner.run("reproduce", "liu", "--quick", "--runs", "beta,beta", "--out",
                dir.resolve("z").toString());
        assertThat(twice.exitCode()).isEqualTo(2);
        assertThat(dir.resolve("z")).doesNotExist();
    }
}
