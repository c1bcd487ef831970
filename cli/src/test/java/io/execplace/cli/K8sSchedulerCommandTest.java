package io.execplace.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Start-up checks of {@code execplace k8s-scheduler}, before any connection to a cluster. */
class K8sSchedulerCommandTest {

    @Test
    void aMalformedPriceTableStopsStartUpWithExitCode2NamingFileAndLine(@TempDir Path dir) throws Exception {
        Path prices = dir.resolve("prices.yaml");
        Files.writeString(prices, "version: 1\npricesPerHour:\n  m5.xlarge: 0.192\n  m5.2xlarge: -3\n");
        CliRunner.Result r = CliRunner.run("k8s-scheduler", "--prices", prices.toString(), "--http-port", "-1");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains(prices + " line 4, field 'pricesPerHour.m5.2xlarge': expected a price per hour >= 0, got -3");
    }

    @Test
    void unknownSchedulerAndBadOptionsAreBadInput(@TempDir Path dir) throws Exception {
        Path prices = dir.resolve("prices.yaml");
        Files.writeString(prices, "version: 1\npricesPerHour:\n  m5.xlarge: 0.192\n");
        CliRunner.Result unknown = CliRunner.run("k8s-scheduler", "--prices", prices.toString(), "--scheduler", "best");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown scheduler 'best'");
        CliRunner.Result queue = CliRunner.run("k8s-scheduler", "--prices", prices.toString(), "--queue", "lifo");
        assertThat(queue.exitCode()).isEqualTo(2);
        assertThat(queue.err()).contains("unknown queue order 'lifo'");
        CliRunner.Result missing = CliRunner.run("k8s-scheduler", "--prices", dir.resolve("none.yaml").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("none.yaml: no such file");
    }

    @Test
    void helpListsTheOptions() {
        CliRunner.Result r = CliRunner.run("k8s-scheduler", "--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("--prices=FILE", "--scheduler=NAME", "--dry-run", "--batch-window=MS", "--http-port=PORT");
    }
}
