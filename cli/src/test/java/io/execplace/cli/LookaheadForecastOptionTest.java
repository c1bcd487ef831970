package io.execplace.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --lookahead-forecast FILE}, {@code --lookahead-miss-guard} and {@code --lookahead-spot-windows}, and the
 * partly clairvoyant references.
 */
class LookaheadForecastOptionTest {

    private static final String HEADER = "job,type,arrival,cores,memoryGb,executors,baseDuration,deadline\n";

    @Test
    void aTrainingTraceFeedsTheForecastOnAnElasticCluster(@TempDir Path dir) throws IOException {
        Path trace = dir.resolve("training.csv");
        CliRunner.Result gen = CliRunner.run("generate", "--workload", "hybrid-medium", "--seed", "501", "--jobs", "200",
                "--out", trace.toString());
        assertThat(gen.exitCode()).as(gen.err()).isZero();
        CliRunner.Result r = CliRunner.run("simulate", "--cluster", "elastic-spot", "--workload", "hybrid-medium",
                "--jobs", "40", "--scheduler", "lookahead", "--lookahead-forecast", trace.toString(),
                "--lookahead-samples", "2", "--lookahead-miss-guard", "mean");
        assertThat(r.exitCode()).as(r.err()).isZero();
    }

    @Test
    void aBadForecastFileIsOneLineNamingFileLineAndFieldExitTwo(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, HEADER + "0,generic,0,2,4,3,100,\n1,generic,10,two,4,3,100,\n");
        CliRunner.Result r = CliRunner.run("simulate", "--scheduler", "lookahead", "--lookahead-forecast", bad.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("bad.csv").contains("3").contains("cores");
        assertThat(r.err().strip().lines().count()).isEqualTo(1);

        Path one = dir.resolve("one.csv");
        Files.writeString(one, HEADER + "0,generic,0,2,4,3,100,\n");
        CliRunner.Result single = CliRunner.run("simulate", "--scheduler", "lookahead", "--lookahead-forecast", one.toString());
        assertThat(single.exitCode()).isEqualTo(2);
        assertThat(single.err()).contains("--lookahead-forecast").contains("at least 2");

        CliRunner.Result missing = CliRunner.run("simulate", "--scheduler", "lookahead", "--lookahead-forecast",
                dir.resolve("none.csv").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("--lookahead-forecast").contains("cannot read");

        CliRunner.Result guard = CliRunner.run("simulate", "--scheduler", "lookahead", "--lookahead-miss-guard", "most");
        assertThat(guard.exitCode()).isEqualTo(2);
        assertThat(guard.err()).contains("--lookahead-miss-guard").contains("every or mean");

        CliRunner.Result unused = CliRunner.run("simulate", "--scheduler", "gio", "--lookahead-forecast", one.toString());
        assertThat(unused.exitCode()).isEqualTo(2);
        assertThat(unused.err()).contains("--lookahead-forecast").contains("run has none");
    }

    @Test
    void spotWindowsAreStayOrDrawnAndOnlyWithLookahead() {
        CliRunner.Result drawn = CliRunner.run("simulate", "--cluster", "elastic-spot-published-windows", "--workload",
                "hybrid-medium", "--jobs", "30", "--scheduler", "lookahead", "--lookahead-samples", "2",
                "--lookahead-spot-windows", "drawn");
        assertThat(drawn.exitCode()).as(drawn.err()).isZero();

        CliRunner.Result bad = CliRunner.run("simulate", "--scheduler", "lookahead", "--lookahead-spot-windows", "known");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("--lookahead-spot-windows").contains("stay or drawn");
        assertThat(bad.err().strip().lines().count()).isEqualTo(1);

        CliRunner.Result unused = CliRunner.run("simulate", "--scheduler", "gio", "--lookahead-spot-windows", "drawn");
        assertThat(unused.exitCode()).isEqualTo(2);
        assertThat(unused.err()).contains("--lookahead-spot-windows").contains("run has none");
    }

    @Test
    void heldoutRunsThePartlyClairvoyantReferences() {
        CliRunner.Result r = CliRunner.run("heldout", "--cluster", "elastic-spot", "--workload", "hybrid-medium",
                "--jobs", "30", "--held-out", "2", "--lookahead-horizon", "3", "--schedulers",
                "finish-together-spot@edf,lookahead-clairvoyant-arrivals@edf,lookahead-clairvoyant-shapes@edf");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("lookahead-clairvoyant-arrivals", "lookahead-clairvoyant-shapes");
    }
}
