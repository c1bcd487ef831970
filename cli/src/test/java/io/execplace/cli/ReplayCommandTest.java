package io.execplace.cli;

import io.execplace.cli.k8s.ReplayCommand;
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
        CliRunner.Result certain = CliRunner.run(concat(base, "--executors-on-spot", "--spot-interruption-rate", "1"));
        assertThat(certain.exitCode()).isEqualTo(2);
        assertThat(certain.err()).contains("--spot-interruption-rate").contains("[0, 1)");
    }

    @Test
    void aConsolidationPolicyKarpenterDoesNotKnowIsBadInputBeforeAnyPodIsMade(@TempDir Path dir) throws Exception {
        Path trace = Files.writeString(dir.resolve("t.csv"), TRACE);
        Path prices = Files.writeString(dir.resolve("p.yaml"), "version: 1\npricesPerHour:\n  m5.large: 0.096\n");
        Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), "apiVersion: v1\nkind: Config\n");
        Path types = Files.writeString(dir.resolve("instance-types.json"), "[]");
        CliRunner.Result r = CliRunner.run("replay", "--kubeconfig", kubeconfig.toString(), "--prices", prices.toString(),
                "--workload", trace.toString(), "--predict", "kube-default", "--instance-types", types.toString(),
                "--consolidation-policy", "WhenIdle");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--consolidation-policy").contains("WhenIdle");
    }

    @Test
    void podByPodModelsKubeSchedulerOnlyAndPredictOnlyNeedsAPolicy(@TempDir Path dir) throws Exception {
        Path trace = Files.writeString(dir.resolve("t.csv"), TRACE);
        Path prices = Files.writeString(dir.resolve("p.yaml"), "version: 1\npricesPerHour:\n  m5.large: 0.096\n");
        Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), "apiVersion: v1\nkind: Config\n");
        CliRunner.Result ft = CliRunner.run("replay", "--kubeconfig", kubeconfig.toString(), "--prices", prices.toString(),
                "--workload", trace.toString(), "--predict", "finish-together", "--pod-by-pod");
        assertThat(ft.exitCode()).isEqualTo(2);
        assertThat(ft.err()).contains("--pod-by-pod").contains("finish-together");
        CliRunner.Result batchAlone = CliRunner.run("replay", "--kubeconfig", kubeconfig.toString(), "--prices", prices.toString(),
                "--workload", trace.toString(), "--predict", "kube-default", "--karpenter-batch", "1,10");
        assertThat(batchAlone.exitCode()).isEqualTo(2);
        assertThat(batchAlone.err()).contains("--karpenter-batch").contains("--pod-by-pod");
        CliRunner.Result batchBackwards = CliRunner.run("replay", "--kubeconfig", kubeconfig.toString(), "--prices", prices.toString(),
                "--workload", trace.toString(), "--predict", "kube-default", "--pod-by-pod", "--karpenter-batch", "10,1");
        assertThat(batchBackwards.exitCode()).isEqualTo(2);
        assertThat(batchBackwards.err()).contains("--karpenter-batch").contains("[10.0, 1.0]");
        CliRunner.Result noPolicy = CliRunner.run("replay", "--prices", prices.toString(), "--workload", trace.toString(),
                "--predict-only");
        assertThat(noPolicy.exitCode()).isEqualTo(2);
        assertThat(noPolicy.err()).contains("--predict-only").contains("--predict");
        CliRunner.Result noConfig = CliRunner.run("replay", "--prices", prices.toString(), "--workload", trace.toString());
        assertThat(noConfig.exitCode()).isEqualTo(2);
        assertThat(noConfig.err()).contains("--kubeconfig").contains("required");
    }

    @Test
    void predictOnlyPrintsAndWritesTheSimulatedFiguresWithoutACluster(@TempDir Path dir) throws Exception {
        // One application (a driver and two 2-core executors for 600 s) on m5.2xlarge nodes (7 cores): one node,
        // bought at 0, ready at 120 (2 s x 60), every pod runs 120-720, removed at 720 + 600.
        Path trace = Files.writeString(dir.resolve("t.csv"), TRACE);
        Path prices = Files.writeString(dir.resolve("p.yaml"), "version: 1\npricesPerHour:\n  m5.2xlarge: 0.384\n");
        Path types = Files.writeString(dir.resolve("instance-types.json"), """
                [{"name": "m5.2xlarge", "resources": {"cpu": "8", "memory": "32Gi", "pods": "110"},
                  "offerings": [{"Price": 0.384, "Requirements": [{"key": "karpenter.sh/capacity-type", "values": ["on-demand"]}]}]}]
                """);
        Path json = dir.resolve("p.json");
        CliRunner.Result r = CliRunner.run("replay", "--prices", prices.toString(), "--workload", trace.toString(),
                "--predict", "kube-default", "--pod-by-pod", "--predict-only", "--time-scale", "60", "--launch-seconds", "2",
                "--consolidate-after", "10", "--json", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("node_claims").contains("deadlines_met");
        assertThat(Files.readString(json)).contains("\"simulatedNodeClaims\": 1,").contains("\"simulatedMakespanSeconds\": 720.0");
        assertThat(Files.readString(dir.resolve("p.csv"))).startsWith("simulated_applications,");
    }

    // Two applications, each a driver (1 core) and one 6-core executor, on m5.2xlarge nodes (7 cores), K = 1,
    // launch 60 s: the first buys node 0 at 0 and runs 60-160; the second arrives at 120. finish-together
    // buys node 1 for it (ready 180, runs 180-230); with the scheduler's wait of 60 s it waits for node 0's
    // room, 40 s away, and runs there 160-210: one node.
    @Test
    void theWaitForRoomIsPredictedAsTheSchedulerRunsIt(@TempDir Path dir) throws Exception {
        Path trace = Files.writeString(dir.resolve("t.csv"), "job,type,arrival,cores,memoryGb,executors,baseDuration,deadline\n"
                + "1,sort,0,6,4,1,100,1000\n2,sort,120,6,4,1,50,1000\n");
        Path prices = Files.writeString(dir.resolve("p.yaml"), "version: 1\npricesPerHour:\n  m5.2xlarge: 0.384\n");
        Files.writeString(dir.resolve("instance-types.json"), """
                [{"name": "m5.2xlarge", "resources": {"cpu": "8", "memory": "32Gi", "pods": "110"},
                  "offerings": [{"Price": 0.384, "Requirements": [{"key": "karpenter.sh/capacity-type", "values": ["on-demand"]}]}]}]
                """);
        String[] base = {"replay", "--prices", prices.toString(), "--workload", trace.toString(), "--predict", "finish-together",
                "--predict-only", "--time-scale", "1", "--launch-seconds", "60", "--consolidate-after", "30"};
        CliRunner.Result buys = CliRunner.run(base);
        assertThat(buys.exitCode()).as(buys.err()).isZero();
        assertThat(buys.out()).containsPattern("node_claims +2\n").containsPattern("makespan_seconds +230");
        CliRunner.Result waits = CliRunner.run(concat(base, "--wait-for-room", "60", "--backfill"));
        assertThat(waits.exitCode()).as(waits.err()).isZero();
        assertThat(waits.out()).containsPattern("node_claims +1\n").containsPattern("makespan_seconds +210")
                .containsPattern("deadlines_met +2\n");
        // a wait shorter than the room's 40 s buys as before
        assertThat(CliRunner.run(concat(base, "--wait-for-room", "30", "--backfill")).out()).containsPattern("node_claims +2\n");
        // every pod protected: nothing here is drained, the same run
        assertThat(CliRunner.run(concat(base, "--wait-for-room", "60", "--backfill", "--protect-executors", "--protect-drivers"))
                .out()).containsPattern("node_claims +1\n").containsPattern("makespan_seconds +210");
    }

    @Test
    void theSchedulersOptionsNeedAPredictionOfItsOwnKind(@TempDir Path dir) throws Exception {
        Path trace = Files.writeString(dir.resolve("t.csv"), TRACE);
        Path prices = Files.writeString(dir.resolve("p.yaml"), "version: 1\npricesPerHour:\n  m5.2xlarge: 0.384\n");
        Files.writeString(dir.resolve("instance-types.json"), "[]");
        String[] base = {"replay", "--prices", prices.toString(), "--workload", trace.toString(), "--predict-only"};
        CliRunner.Result noPredict = CliRunner.run("replay", "--prices", prices.toString(), "--workload", trace.toString(),
                "--kubeconfig", trace.toString(), "--wait-for-room", "8");
        assertThat(noPredict.exitCode()).isEqualTo(2);
        assertThat(noPredict.err()).contains("--wait-for-room").contains("--predict");
        CliRunner.Result zero = CliRunner.run(concat(base, "--predict", "finish-together", "--wait-for-room", "0"));
        assertThat(zero.exitCode()).isEqualTo(2);
        assertThat(zero.err()).contains("--wait-for-room").contains("got 0.0");
        CliRunner.Result podByPod = CliRunner.run(concat(base, "--predict", "kube-default", "--pod-by-pod", "--protect-drivers"));
        assertThat(podByPod.exitCode()).isEqualTo(2);
        assertThat(podByPod.err()).contains("--protect-drivers");
    }

    @Test
    void theCsvGoesBesideTheJson() {
        assertThat(ReplayCommand.csvBeside(Path.of("/r/round-1.json"))).isEqualTo(Path.of("/r/round-1.csv"));
        assertThat(ReplayCommand.csvBeside(Path.of("out"))).isEqualTo(Path.of("out.csv"));
    }

    @Test
    void reportWritesOnePageOfTheReplaysAndRefusesABadFileWithoutWriting(@TempDir Path dir) throws Exception {
        Path json = Files.writeString(dir.resolve("r1.json"), "{\"node_cost\": 5.9251, \"node_claims\": 6, "
                + "\"simulated_node_cost\": 6.142, \"simulated_node_claims\": 7}\n");
        Path html = dir.resolve("replays.html");
        CliRunner.Result ok = CliRunner.run("report", "--replay", json.toString(), "--out", html.toString());
        assertThat(ok.exitCode()).as(ok.err()).isZero();
        assertThat(Files.readString(html)).contains("r1.json", "+3.7 %", "+16.7 %");
        Path bad = Files.writeString(dir.resolve("bad.json"), "{\"node_cost\": \"x\"}");
        Path other = dir.resolve("other.html");
        CliRunner.Result refused = CliRunner.run("report", "--replay", json.toString(), "--replay", bad.toString(), "--out", other.toString());
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err()).contains(bad.toString()).contains("node_cost");
        assertThat(other).doesNotExist();
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @Test
    void theJsonHasEveryFigureInCamelCaseAndNullForNoValue() {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("applications", 3);
        summary.put("node_cost", 1.5);
        summary.put("bind_latency_p50_seconds", Double.NaN);
        summary.put("simulated_node_cost", 1.25);
        assertThat(ReplayCommand.json(summary)).isEqualTo("{\"applications\": 3, \"nodeCost\": 1.5, \"bindLatencyP50Seconds\": null, "
                + "\"simulatedNodeCost\": 1.25}\n");
    }
}
