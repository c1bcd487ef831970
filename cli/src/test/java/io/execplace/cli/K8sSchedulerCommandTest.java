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
        for (String moving : new String[]{"hjs-weight", "edf-feasible"}) { // orders that re-rank with the clock
            CliRunner.Result r = CliRunner.run("k8s-scheduler", "--prices", prices.toString(), "--queue", moving);
            assertThat(r.exitCode()).isEqualTo(2);
            assertThat(r.err()).contains("--queue", "'" + moving + "' re-ranks with the clock");
        }
        CliRunner.Result wait = CliRunner.run("k8s-scheduler", "--prices", prices.toString(), "--wait-for-room", "-1");
        assertThat(wait.exitCode()).isEqualTo(2);
        assertThat(wait.err().strip().lines()).hasSize(1);
        assertThat(wait.err()).contains("--wait-for-room", "from 0 to 600", "-1");
        CliRunner.Result missing = CliRunner.run("k8s-scheduler", "--prices", dir.resolve("none.yaml").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("none.yaml: no such file");
    }

    /** The consolidation options: one line naming the option and the value, exit 2, before any connection. */
    @Test
    void badConsolidationOptionsAreBadInput(@TempDir Path dir) throws Exception {
        Path prices = dir.resolve("prices.yaml");
        Files.writeString(prices, "version: 1\npricesPerHour:\n  m5.xlarge: 0.192\n");
        String[][] cases = {{"--consolidation-policy", "whenempty"}, {"--consolidate-after", "30"}, {"--consolidate-after", "1.5m"},
                {"--node-launch-seconds", "-5"}, {"--node-launch-seconds", "Infinity"}};
        for (String[] c : cases) {
            CliRunner.Result r = CliRunner.run("k8s-scheduler", "--prices", prices.toString(), "--protect-executors", c[0], c[1]);
            assertThat(r.exitCode()).as(c[0] + " " + c[1]).isEqualTo(2);
            assertThat(r.err().strip().lines().findFirst().orElse("")).as(c[0] + " " + c[1]).contains(c[0], c[1]);
        }
    }

    @Test
    void provisioningByNodeClaimsNeedsReadableInstanceTypesBeforeAnythingStarts(@TempDir Path dir) throws Exception {
        Path prices = dir.resolve("prices.yaml");
        Files.writeString(prices, "version: 1\npricesPerHour:\n  m5.xlarge: 0.192\n");
        CliRunner.Result mode = CliRunner.run("k8s-scheduler", "--prices", prices.toString(), "--provision", "karpenter");
        assertThat(mode.exitCode()).isEqualTo(2);
        assertThat(mode.err()).contains("--provision", "must be marks or nodeclaims");
        CliRunner.Result noTypes = CliRunner.run("k8s-scheduler", "--prices", prices.toString(), "--provision", "nodeclaims");
        assertThat(noTypes.exitCode()).isEqualTo(2);
        assertThat(noTypes.err()).contains("--instance-types", "is required with --provision nodeclaims");
        Path types = dir.resolve("instance-types.json");
        Files.writeString(types, "[{\"name\": \"m5.large\", \"resources\": {\"cpu\": \"2\"}, \"offerings\": []}]");
        CliRunner.Result bad = CliRunner.run("k8s-scheduler", "--prices", prices.toString(), "--provision", "nodeclaims",
                "--instance-types", types.toString());
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err().strip().lines()).hasSize(1);
        assertThat(bad.err()).contains("instance-types.json: instance type m5.large: field resources.memory is missing");
        CliRunner.Result window = CliRunner.run("k8s-scheduler", "--prices", prices.toString(), "--provision", "nodeclaims",
                "--instance-types", types.toString(), "--claim-batch", "2,1");
        assertThat(window.exitCode()).isEqualTo(2);
        assertThat(window.err()).contains("--claim-batch", "0 <= IDLE <= MAX", "'2,1'");
    }

    @Test
    void helpListsTheOptions() {
        CliRunner.Result r = CliRunner.run("k8s-scheduler", "--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("--prices=FILE", "--scheduler=NAME", "--dry-run", "--batch-window=MS", "--http-port=PORT");
    }

    @Test
    void anApiServerThatDoesNotAnswerIsOneLineNamingItAndTheConfiguration(@TempDir Path tmp) throws Exception {
        // Nothing listens on port 1 of the loopback address: connection refused at once.
        Path kubeconfig = tmp.resolve("kubeconfig");
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                clusters: [{name: c, cluster: {server: "https://127.0.0.1:1", insecure-skip-tls-verify: true}}]
                users: [{name: u, user: {token: t}}]
                contexts: [{name: x, context: {cluster: c, user: u}}]
                current-context: x
                """);
        String before = System.getProperty("kubeconfig");
        System.setProperty("kubeconfig", kubeconfig.toString());
        try {
            CliRunner.Result r = CliRunner.run("k8s-scheduler", "--prices", Path.of("..", "deploy", "prices.yaml").toString());
            assertThat(r.exitCode()).isEqualTo(Main.EXIT_ENVIRONMENT);
            assertThat(r.err().strip().lines()).hasSize(1);
            assertThat(r.err()).startsWith("execplace: error: cannot use the Kubernetes API server at https://127.0.0.1:1")
                    .contains("kubeconfig " + kubeconfig).contains("no answer").doesNotContain("internal error");
        } finally {
            if (before == null) {
                System.clearProperty("kubeconfig");
            } else {
                System.setProperty("kubeconfig", before);
            }
        }
    }
}
