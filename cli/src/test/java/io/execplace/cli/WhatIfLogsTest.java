package io.execplace.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** whatif's headline and rows on logs made for the case: Kubernetes, nothing replayable, a loss, what was left out. */
class WhatIfLogsTest {

    private static final long T0 = 1_700_000_000_000L;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** An application: executors of one core on the given hosts from 1 s after its start to its end at 61 s. */
    private Path log(String id, String master, long start, boolean ended, String... hosts) throws IOException {
        List<String> l = new ArrayList<>();
        l.add("{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"3.5.1\"}");
        l.add("{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"t\",\"App ID\":\"" + id + "\",\"Timestamp\":" + start
                + "}");
        l.add("{\"Event\":\"SparkListenerEnvironmentUpdate\",\"Spark Properties\":{\"spark.master\":\"" + master
                + "\",\"spark.executor.memory\":\"1g\"}}");
        for (int e = 0; e < hosts.length; e++) {
            l.add("{\"Event\":\"SparkListenerExecutorAdded\",\"Timestamp\":" + (start + 1_000) + ",\"Executor ID\":\"" + (e + 1)
                    + "\",\"Executor Info\":{\"Host\":\"" + hosts[e] + "\",\"Total Cores\":1}}");
        }
        l.add("{\"Event\":\"SparkListenerTaskEnd\",\"Task Info\":{\"Finish Time\":" + (start + 61_000) + "}}");
        if (ended) {
            l.add("{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":" + (start + 61_000) + "}");
        }
        Path f = dir.resolve("logs").resolve(id);
        Files.createDirectories(f.getParent());
        return Files.write(f, l);
    }

    private CliRunner.Result whatif(String... more) {
        List<String> args = new ArrayList<>(List.of("whatif", "--eventlogs", dir.resolve("logs").toString(), "--cluster", "tpds"));
        args.addAll(List.of(more));
        return CliRunner.run(args.toArray(new String[0]));
    }

    @Test
    void kubernetesLogsSayActualAssumesANodePerExecutorUntilPodsAreMappedToNodes() throws IOException {
        log("spark-9a", "k8s://https://10.96.0.1:443", T0, true, "10.244.1.5", "10.244.1.6", "10.244.2.7");
        CliRunner.Result plain = whatif("--json");
        assertThat(plain.exitCode()).as(plain.err()).isZero();
        JsonNode doc = JSON.readTree(plain.out());
        assertThat(doc.path("headline").asText()).contains("'actual' assumes one node per executor")
                .contains("spark.master=k8s://");
        assertThat(doc.path("results").path(0).path("vmsUsed").asInt()).isEqualTo(3);

        // The pods shared two nodes: a placement log says so.
        Path placements = Files.writeString(dir.resolve("placements.jsonl"), String.join("\n",
                "{\"pod\":\"e1\",\"node\":\"node-a\",\"app\":\"spark-9a\",\"executor\":\"1\",\"bound\":1,\"ended\":null}",
                "{\"pod\":\"e2\",\"node\":\"node-a\",\"app\":\"spark-9a\",\"executor\":\"2\",\"bound\":1,\"ended\":null}",
                "{\"pod\":\"e3\",\"node\":\"node-b\",\"app\":\"spark-9a\",\"executor\":\"3\",\"bound\":1,\"ended\":null}"));
        CliRunner.Result mapped = whatif("--json", "--pods", placements.toString());
        assertThat(mapped.exitCode()).as(mapped.err()).isZero();
        JsonNode m = JSON.readTree(mapped.out());
        assertThat(m.path("headline").asText()).doesNotContain("assumes one node per executor");
        assertThat(m.path("results").path(0).path("vmsUsed").asInt()).isEqualTo(2);
        assertThat(m.path("results").path(0).path("cost").asDouble())
                .isCloseTo(2 * 60 * 0.24 / 3600, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void theSchedulersPlacementLogPutsKubernetesExecutorsOnTheirNodes() throws IOException {
        log("spark-9a", "k8s://https://10.96.0.1:443", T0, true, "10.244.1.5", "10.244.1.6", "10.244.2.7");
        Path placements = dir.resolve("placements.jsonl");
        java.time.Clock clock = java.time.Clock.fixed(java.time.Instant.ofEpochMilli(T0 + 900), java.time.ZoneOffset.UTC);
        try (io.execplace.kubernetes.run.PlacementLog binds = io.execplace.kubernetes.run.PlacementLog.open(placements,
                "execplace", clock)) {
            String[][] pods = {{"1", "node-a", "10.244.1.5"}, {"2", "node-a", "10.244.1.6"}, {"3", "node-b", "10.244.2.7"}};
            for (String[] p : pods) {
                binds.seen(pod("pi-exec-" + p[0], p[0], "execplace", null, null), false); // pending: nothing to log
                binds.seen(pod("pi-exec-" + p[0], p[0], "execplace", p[1], null), false);
                binds.seen(pod("pi-exec-" + p[0], p[0], "execplace", p[1], p[2]), false); // its IP came later
            }
            binds.seen(pod("pi-exec-3", "3", "execplace", "node-b", "10.244.2.7"), true);
            binds.seen(pod("other", "9", "default-scheduler", "node-c", "10.244.3.1"), false); // not this scheduler's
        }
        List<String> lines = Files.readAllLines(placements);
        assertThat(lines).hasSize(5).first().isEqualTo(io.execplace.kubernetes.run.PlacementLog.HEADER);
        assertThat(lines.get(1)).isEqualTo("{\"pod\":\"pi-exec-1\",\"namespace\":\"spark\",\"node\":\"node-a\","
                + "\"app\":\"spark-9a\",\"executor\":\"1\",\"ip\":null,\"bound\":" + (T0 + 900) + ",\"ended\":null}");
        assertThat(lines.get(4)).contains("\"pod\":\"pi-exec-3\"", "\"ip\":\"10.244.2.7\"", "\"ended\":" + (T0 + 900));
        CliRunner.Result mapped = whatif("--json", "--pods", placements.toString());
        assertThat(mapped.exitCode()).as(mapped.err()).isZero();
        JsonNode m = JSON.readTree(mapped.out());
        assertThat(m.path("headline").asText()).doesNotContain("assumes one node per executor");
        assertThat(m.path("results").path(0).path("vmsUsed").asInt()).isEqualTo(2);

        Files.writeString(placements, "# execplace placement log, version 2\n");
        CliRunner.Result newer = whatif("--pods", placements.toString());
        assertThat(newer.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(newer.err().strip()).isEqualTo("execplace: error: " + placements
                + " line 1: a placement log of version 2; this execplace reads version 1");
    }

    private static io.fabric8.kubernetes.api.model.Pod pod(String name, String executor, String scheduler, String node,
                                                           String ip) {
        return new io.fabric8.kubernetes.api.model.PodBuilder().withNewMetadata().withName(name).withNamespace("spark")
                .addToLabels("spark-app-selector", "spark-9a").addToLabels("spark-role", "executor")
                .addToLabels("spark-exec-id", executor).endMetadata()
                .withNewSpec().withSchedulerName(scheduler).withNodeName(node).endSpec()
                .withNewStatus().withPodIP(ip).withPhase("Running").endStatus().build();
    }

    @Test
    void whenActualReplaysNothingNoSavingIsStatedAndNothingIsNaN() throws IOException {
        log("app-1", "spark://m:7077", T0, true, "h0", "h1");
        Path table = Files.writeString(dir.resolve("hosts.csv"), "host,vm\nsomewhere-else,0\n");
        Path out = dir.resolve("whatif");
        CliRunner.Result r = whatif("--hosts", table.toString(), "--out", out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("No saving can be stated: 'actual' replays no application as it happened")
                .doesNotContain("NaN");
        JsonNode doc = JSON.readTree(out.resolve("whatif.json").toFile());
        for (JsonNode row : doc.path("results")) {
            assertThat(row.path("savingVsActualPercent").isNull()).as(row.toString()).isTrue();
        }
        assertThat(doc.path("results").path(0).path("meanDurationSeconds").isNull()).isTrue();
        assertThat(Files.readString(out.resolve("whatif.json"))).doesNotContain("NaN");
        String csv = Files.readString(out.resolve("whatif.csv"));
        assertThat(csv).doesNotContain("NaN");
        String[] actual = csv.lines().skip(1).findFirst().orElseThrow().split(",", -1);
        assertThat(actual[0]).isEqualTo("actual");
        assertThat(actual[2]).isEmpty(); // the saving
        assertThat(actual[3]).isEmpty(); // the mean duration
        assertThat(Files.readString(out.resolve("index.html"))).contains("No saving can be stated").doesNotContain("NaN");
    }

    @Test
    void poolsReplayTheApplicationsOnElasticNodesUnderTodaysStackAndFinishTogether() throws IOException {
        // Two one-core executors for 60 s: on elastic-ondemand one g-4x node ($0.116/h) is bought, ready
        // after 60-120 s, runs the 60 s, and is removed 60 s after it empties: 180-240 s billed.
        log("app-1", "spark://m:7077", T0, true, "h0", "h0");
        CliRunner.Result r = whatif("--schedulers", "first-fit", "--pools", "elastic-ondemand", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode rows = new ObjectMapper().readTree(r.out()).path("results");
        List<String> names = new ArrayList<>();
        rows.forEach(row -> names.add(row.path("scheduler").asText()));
        assertThat(names).containsExactly("actual", "first-fit", "kube-default on elastic-ondemand",
                "kube-most on elastic-ondemand", "kube-spot on elastic-ondemand", "uniform-progress on elastic-ondemand",
                "uniform-progress-most on elastic-ondemand", "finish-together on elastic-ondemand",
                "finish-together-spot on elastic-ondemand", "finish-together-steady on elastic-ondemand",
                "finish-together-headroom on elastic-ondemand");
        assertThat(new ObjectMapper().readTree(r.out()).path("headline").asText()).startsWith("first-fit would have cost");
        for (JsonNode row : rows) {
            if (row.path("scheduler").asText().endsWith("elastic-ondemand")) {
                assertThat(row.path("applicationsCompleted").asInt()).isEqualTo(1);
                assertThat(row.path("cost").asDouble()).isBetween(0.116 * 180 / 3600, 0.116 * 240 / 3600);
                // Priced by the pools' own table: no saving against 'actual' is claimed.
                assertThat(row.path("savingVsActualPercent").isNull()).isTrue();
            }
        }
        CliRunner.Result fixed = whatif("--pools", "tpds");
        assertThat(fixed.exitCode()).isEqualTo(2);
        assertThat(fixed.err()).contains("--pools").contains("'tpds' is a fixed cluster");
    }

    @Test
    void withDriversThePoolsReplayEachApplicationWholeWithItsDriverPod() throws IOException {
        // Two one-core executors for 60 s and, with --drivers, a driver pod of 1 core and 1.375 GB: on
        // elastic-ondemand the three pods fit one g-4x node, bought once; the application completes.
        log("app-1", "spark://m:7077", T0, true, "h0", "h0");
        CliRunner.Result r = whatif("--schedulers", "first-fit", "--pools", "elastic-ondemand", "--drivers", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode doc = new ObjectMapper().readTree(r.out());
        List<String> names = new ArrayList<>();
        doc.path("results").forEach(row -> names.add(row.path("scheduler").asText()));
        assertThat(names).contains("first-fit", "kube-spot on elastic-ondemand+drivers",
                "finish-together on elastic-ondemand+drivers").doesNotContain("kube-spot on elastic-ondemand");
        for (JsonNode row : doc.path("results")) {
            if (row.path("scheduler").asText().endsWith("+drivers")) {
                assertThat(row.path("applicationsCompleted").asInt()).isEqualTo(1);
                assertThat(row.path("cost").asDouble()).isBetween(0.116 * 180 / 3600, 0.116 * 240 / 3600);
            }
        }
        assertThat(doc.path("assumed").toString()).contains("one driver pod");
        // The +drivers preset is the same replay.
        CliRunner.Result preset = whatif("--schedulers", "first-fit", "--pools", "elastic-ondemand+drivers", "--json");
        assertThat(preset.exitCode()).as(preset.err()).isZero();
        assertThat(new ObjectMapper().readTree(preset.out()).path("results")).isEqualTo(doc.path("results"));
        CliRunner.Result alone = whatif("--drivers");
        assertThat(alone.exitCode()).isEqualTo(2);
        assertThat(alone.err()).contains("--drivers").contains("give --pools too");
    }

    @Test
    void aSchedulerThatCostsMoreIsSaidToCostMore() throws IOException {
        // Both executors ran on one host, VM 0 of tpds ($0.24/h); round-robin spreads them over two of the
        // $0.72/h VMs: 6 times the cost, 500 % more.
        log("app-1", "spark://m:7077", T0, true, "h0", "h0");
        Path out = dir.resolve("report");
        CliRunner.Result r = whatif("--schedulers", "round-robin", "--out", out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().lines().findFirst().orElseThrow())
                .isEqualTo("round-robin would have cost 0.02400 against 0.004000 for what actually happened (500 % more).");
        assertThat(Files.readString(out.resolve("index.html"))).contains("(500 % more)").doesNotContain("less");
    }

    @Test
    void whatTheImportLeftOutIsShownByWhatifAndTheEventlogsWorkload() throws IOException {
        log("app-1", "spark://m:7077", T0, true, "h0");
        log("app-2", "spark://m:7077", T0 + 5_000, false, "h1");
        Files.write(dir.resolve("logs/core.bin"), new byte[]{0, 1, 2, 10});
        CliRunner.Result r = whatif();
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("import: read 2 application log(s): 1 log(s) left out (unreadable or not event logs), "
                + "1 application(s) without an end, cut short at their latest event").contains("core.bin:1: not a Spark event log");
        CliRunner.Result json = whatif("--json");
        JsonNode doc = JSON.readTree(json.out());
        assertThat(doc.path("import").path("unreadableLogs").asInt()).isEqualTo(1);
        assertThat(doc.path("import").path("incompleteApplications").asInt()).isEqualTo(1);

        CliRunner.Result sim = CliRunner.run("simulate", "--workload", "eventlogs:" + dir.resolve("logs"), "--cluster", "tpds",
                "--scheduler", "first-fit");
        assertThat(sim.exitCode()).as(sim.err()).isZero();
        assertThat(sim.err()).contains("note: eventlogs:" + dir.resolve("logs") + ": read 2 application log(s): 1 log(s) left out");
    }

    @Test
    void badHostAndPodFilesAndAFakeZstdAreOneLineAndExit2() throws IOException {
        log("app-1", "spark://m:7077", T0, true, "h0");
        Path garbage = Files.write(dir.resolve("garbage.bin"), new byte[]{(byte) 0xff, (byte) 0xfe, (byte) 0x80, 10, 1});
        Path empty = Files.writeString(dir.resolve("empty.csv"), "");
        Path fake = Files.writeString(dir.resolve("fake.zstd"), "plain text\n");
        Path out = dir.resolve("never");
        for (List<String> args : List.of(
                List.of("whatif", "--eventlogs", dir.resolve("logs").toString(), "--cluster", "tpds", "--hosts", garbage.toString()),
                List.of("whatif", "--eventlogs", dir.resolve("logs").toString(), "--cluster", "tpds", "--hosts", empty.toString()),
                List.of("whatif", "--eventlogs", dir.resolve("logs").toString(), "--cluster", "tpds", "--pods", garbage.toString()),
                List.of("whatif", "--eventlogs", fake.toString(), "--cluster", "tpds", "--out", out.toString()),
                List.of("import-eventlogs", fake.toString(), "--out", out.toString()))) {
            CliRunner.Result r = CliRunner.run(args.toArray(new String[0]));
            assertThat(r.exitCode()).as(args + "\n" + r.err()).isEqualTo(Main.EXIT_BAD_INPUT);
            assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
            assertThat(r.err()).doesNotContain("Input length").doesNotContain("Exception");
            assertThat(out).doesNotExist();
        }
        assertThat(CliRunner.run("import-eventlogs", fake.toString(), "--out", out.toString()).err())
                .contains(fake + ": cannot be read as an event log: not zstd-compressed data as its name says");
        assertThat(CliRunner.run("whatif", "--eventlogs", dir.resolve("logs").toString(), "--cluster", "tpds", "--hosts",
                empty.toString()).err()).contains(empty + ": the host table names no host");
    }

    @Test
    void importWritesTimesWithoutAnExponentWarnsAboutSwimAndTakesGroupsOfExecutors() throws IOException {
        log("app-1", "spark://m:7077", T0, true, "h0");
        log("app-2", "spark://m:7077", T0 + 25_390_375_063L, true, "h0", "h1");
        Path csv = dir.resolve("trace.csv");
        CliRunner.Result r = CliRunner.run("import-eventlogs", dir.resolve("logs").toString(), "--out", csv.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(Files.readString(csv)).contains("25390375.063").doesNotContain("E7");
        CliRunner.Result json = CliRunner.run("import-eventlogs", dir.resolve("logs").toString(), "--out", csv.toString(),
                "--json", "-q");
        assertThat(json.out()).contains("\"arrivalSeconds\" : 25390375.063").doesNotContain("E7");
        CliRunner.Result swim = CliRunner.run("import-eventlogs", dir.resolve("logs").toString(), "--out", "-", "--format", "swim");
        assertThat(swim.err()).contains("warning: the swim format keeps only arrival times");
        CliRunner.Result groups = CliRunner.run("import-eventlogs", dir.resolve("logs").toString(), "--out", "-", "--unit",
                "executors", "-q");
        assertThat(groups.exitCode()).as(groups.err()).isZero();
        assertThat(groups.out().lines().count()).isEqualTo(3); // header, app-1's executor, app-2's two (added together)
        CliRunner.Result help = CliRunner.run("import-eventlogs", "--help");
        assertThat(help.out()).contains("Spark 1.x to 4.x");
    }
}
