package io.execplace.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code execplace replay}'s checks before it touches a cluster (the replay itself: TestbedReplayTest). */
class ReplayCommandTest {

    private static final String TRACE = "job,type,arrival,cores,memoryGb,executors,baseDuration,deadline\n1,sort,0,2,4,2,600,1200\n";

    @Test
    void aBadTraceIsBadInputNamingTheFile(@TempDir Path dir) throws Exception {
        Path trace = Files.writeString(dir.resolve("t.csv"), "job,type,arrival,cores,memoryGb,executors,baseDuration\n1,sort,x,2,4,2,600\n");
        Path prices = Files.writeString(dir.resolve("p.yaml"), "version: 1\npricesPerHour:\n  m5.large: 0.096\n");
        CliRunner.Result r = CliRunner.run("replay", "--kubeconfig", dir.resolve("kubeconfig").toString(),
                "--prices", prices.toString(), "--workload", trace.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).startsWith("execplace: error: ").contains(trace.toString());
    }

    @Test
    void anUnreadableKubeconfigOrAMissingJsonFolderIsBadInputBeforeAnyPodIsMade(@TempDir Path dir) throws Exception {
        Path trace = Files.writeString(dir.resolve("t.csv"), TRACE);
        Path prices = Files.writeString(dir.resolve("p.yaml"), "version: 1\npricesPerHour:\n  m5.large: 0.096\n");
        CliRunner.Result noConfig = CliRunner.run("replay", "--kubeconfig", dir.resolve("none").toString(),
                "--prices", prices.toString(), "--workload", trace.toString());
        assertThat(noConfig.exitCode()).isEqualTo(2);
        assertThat(noConfig.err()).contains("--kubeconfig");
        Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), "apiVersion: v1\nkind: Config\n");
        CliRunner.Result noFolder = CliRunner.run("replay", "--kubeconfig", kubeconfig.toString(), "--prices", prices.toString(),
                "--workload", trace.toString(), "--json", dir.resolve("no/such/r.json").toString());
        assertThat(noFolder.exitCode()).isEqualTo(2);
        assertThat(noFolder.err()).contains("--json");
    }

    @Test
    void badSpotOptionsAreBadInputBeforeAnyPodIsMade(@TempDir Path dir) throws Exception {
        Path trace = Files.writeString(dir.resolve("t.csv"), TRACE);
        Path prices = Files.writeString(dir.resolve("p.yaml"), "version: 1\npricesPerHour:\n  m5.large: 0.096\n");
        Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), "apiVersion: v1\nkind: Config\n");
        String[] base = {"replay", "--kubeconfig", kubeconfig.toString(), "--prices", prices.toString(), "--workload", trace.toString()};
        CliRunner.Result negative = CliRunner.run(concat(base, "--spot-interruptions", "300,-5"));
        assertThat(negative.exitCode()).isEqualTo(2);
        assertThat(negative.err()).contains("--spot-interruptions").contains("-5");
        CliRunner.Result predicted = CliRunner.run(concat(base, "--executors-on-spot", "--predict", "kube-default"));
        assertThat(predicted.exitCode()).isEqualTo(2);
        assertThat(predicted.err()).contains("--predict").contains("on-demand NodePool only");
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @Test
    void theJsonHasEveryFigureAndNullForNoValue() {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("applications", 3);
        summary.put("node_cost", 1.5);
        summary.put("bind_latency_p50_seconds", Double.NaN);
        assertThat(ReplayCommand.json(summary)).isEqualTo("{\"applications\": 3, \"node_cost\": 1.5, \"bind_latency_p50_seconds\": null}\n");
    }
}
