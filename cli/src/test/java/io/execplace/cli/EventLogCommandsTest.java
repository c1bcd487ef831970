package io.execplace.cli;

import io.execplace.core.model.Workload;
import io.execplace.core.workload.Traces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

/** import-eventlogs and --workload eventlogs:PATH on small logs in Spark's event format. */
class EventLogCommandsTest {

    @TempDir
    Path dir;

    /** An application's log as Spark writes it (the events the import reads, one task to show it ignores the rest). */
    private Path log(String id, String name, long start, long end, int executors, int cores) throws IOException {
        StringBuilder b = new StringBuilder();
        b.append("{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"3.5.1\"}\n");
        b.append("{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"").append(name).append("\",\"App ID\":\"")
                .append(id).append("\",\"Timestamp\":").append(start).append(",\"User\":\"u\"}\n");
        b.append("{\"Event\":\"SparkListenerEnvironmentUpdate\",\"Spark Properties\":{\"spark.executor.memory\":\"2g\","
                + "\"spark.master\":\"spark://m:7077\"}}\n");
        for (int e = 0; e < executors; e++) {
            b.append("{\"Event\":\"SparkListenerExecutorAdded\",\"Timestamp\":").append(start + 100 + e)
                    .append(",\"Executor ID\":\"").append(e).append("\",\"Executor Info\":{\"Host\":\"node-").append(e % 2)
                    .append("\",\"Total Cores\":").append(cores).append("}}\n");
        }
        b.append("{\"Event\":\"SparkListenerJobStart\",\"Job ID\":0,\"Submission Time\":").append(start + 1000).append("}\n");
        b.append("{\"Event\":\"SparkListenerTaskStart\",\"Stage ID\":0}\n");
        b.append("{\"Event\":\"SparkListenerJobEnd\",\"Job ID\":0,\"Completion Time\":").append(end - 500)
                .append(",\"Job Result\":{\"Result\":\"JobSucceeded\"}}\n");
        b.append("{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":").append(end).append("}\n");
        Path f = dir.resolve("logs").resolve(id);
        Files.createDirectories(f.getParent());
        return Files.writeString(f, b.toString());
    }

    @Test
    void importWritesOneJobPerApplicationWithItsLoggedDurationAndExecutors() throws IOException {
        log("app-1", "WordCount", 1_000_000, 1_061_000, 4, 2);
        log("app-2", "PageRank on graph", 1_030_000, 1_150_500, 2, 4);
        Path out = dir.resolve("trace.csv");
        CliRunner.Result r = CliRunner.run("import-eventlogs", dir.resolve("logs").toString(), "--out", out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("read 2 application log(s)").contains("wrote 2 jobs (one per application)");
        Workload w = Traces.read(out);
        assertThat(w.jobs()).hasSize(2);
        assertThat(w.jobs().get(0).arrival()).isEqualTo(0);
        assertThat(w.jobs().get(0).baseDuration()).isEqualTo(61.0);
        assertThat(w.jobs().get(0).executors()).isEqualTo(4);
        assertThat(w.jobs().get(0).coresPerExecutor()).isEqualTo(2);
        assertThat(w.jobs().get(0).memoryGbPerExecutor()).isEqualTo(2.0);
        assertThat(w.jobs().get(0).type().label()).isEqualTo("wordcount");
        assertThat(w.jobs().get(1).arrival()).isEqualTo(30.0);
        assertThat(w.jobs().get(1).baseDuration()).isEqualTo(120.5);
        assertThat(w.jobs().get(1).type().label()).isEqualTo("pagerank");

        CliRunner.Result jobs = CliRunner.run("import-eventlogs", dir.resolve("logs/app-1").toString(), "--out", "-",
                "--unit", "job");
        assertThat(jobs.exitCode()).isZero();
        assertThat(jobs.out().lines().count()).isEqualTo(2); // header and the one Spark job (59.5 s)
        assertThat(jobs.out()).contains("59.5");
    }

    @Test
    void theLogsRunAsAWorkload() throws IOException {
        log("app-1", "WordCount", 1_000_000, 1_061_000, 4, 2);
        log("app-2", "Sort", 1_030_000, 1_150_500, 2, 4);
        CliRunner.Result r = CliRunner.run("simulate", "--workload", "eventlogs:" + dir.resolve("logs"), "--cluster", "tpds",
                "--scheduler", "first-fit", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("\"jobsCompleted\" : 2");
    }

    @Test
    void whatIfReplaysWhatHappenedAndEachScheduler() throws IOException {
        // app-1: 4 executors of 2 cores, alternately on node-0 and node-1 (VMs 0 and 1 of tpds: 4 cores,
        // $0.24/h each); app-2 arrives at 30 s wanting 4 cores on each of them, so it waits for app-1 (61 s).
        log("app-1", "WordCount", 1_000_000, 1_061_000, 4, 2);
        log("app-2", "Sort", 1_030_000, 1_150_500, 2, 4);
        Path out = dir.resolve("whatif");
        CliRunner.Result r = CliRunner.run("whatif", "--eventlogs", dir.resolve("logs").toString(), "--cluster", "tpds",
                "--json", "--out", out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        com.fasterxml.jackson.databind.JsonNode doc = new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.out());
        com.fasterxml.jackson.databind.JsonNode actual = doc.path("results").path(0);
        assertThat(actual.path("scheduler").asText()).isEqualTo("actual");
        // The executors are there from 0.1 s after each start (app-1: 60.9 s); app-2's (120.4 s) wait for app-1's.
        assertThat(actual.path("meanDurationSeconds").asDouble()).isCloseTo((60.9 + 120.4) / 2, offset(1e-9));
        assertThat(actual.path("meanTurnaroundSeconds").asDouble()).isCloseTo((61 + (61 + 120.4 - 30)) / 2, offset(1e-9));
        // Each host is billed while its own executors are there: node-1's came 1 ms after node-0's in both
        // applications, so node-0 is busy 60.9 + 120.4 s, node-1 60.899 + 120.399 s.
        assertThat(actual.path("cost").asDouble()).isCloseTo((181.3 + 181.298) * 0.24 / 3600, offset(1e-12));
        assertThat(doc.path("results")).hasSize(5);
        assertThat(doc.path("executorGroups").asInt()).isEqualTo(2);
        for (com.fasterxml.jackson.databind.JsonNode row : doc.path("results")) {
            assertThat(row.path("applicationsCompleted").asInt()).as(row.toString()).isEqualTo(2);
            // Durations are the logged ones wherever a scheduler puts the executors (no penalties by default).
            assertThat(row.path("meanDurationSeconds").asDouble()).isCloseTo((60.9 + 120.4) / 2, offset(1e-9));
        }
        // Every row's schedule passes the independent trace check: no VM over capacity, cost recomputed.
        for (com.fasterxml.jackson.databind.JsonNode row : doc.path("results")) {
            Path trace = out.resolve("traces").resolve(row.path("scheduler").asText() + ".jsonl");
            try (java.io.BufferedReader in = Files.newBufferedReader(trace)) {
                io.execplace.core.metrics.ScheduleTraceCheck.Report check = io.execplace.core.metrics.ScheduleTraceCheck.check(in);
                assertThat(check.capacityErrors()).as(trace.toString()).isEmpty();
                assertThat(check.recomputedCost()).isCloseTo(row.path("cost").asDouble(), offset(1e-9));
                // 'actual' replays each executor on its own (added 1 ms apart), the schedulers each application's group.
                assertThat(check.completedJobs()).isEqualTo(row.path("scheduler").asText().equals("actual") ? 6 : 2);
            }
        }
        // What happened: app-1's executors on VMs 0 and 1 (node-0, node-1), alternately, as logged.
        List<com.fasterxml.jackson.databind.JsonNode> actualJobs = Files.readAllLines(out.resolve("traces/actual.jsonl")).stream()
                .map(l -> { try { return new com.fasterxml.jackson.databind.ObjectMapper().readTree(l); }
                            catch (IOException e) { throw new java.io.UncheckedIOException(e); } })
                .filter(n -> "job".equals(n.path("kind").asText())).toList();
        assertThat(actualJobs.subList(0, 4).stream().map(j -> j.path("executors").toString()).toList())
                .containsExactly("[0]", "[1]", "[0]", "[1]");
        assertThat(out.resolve("whatif.csv")).exists();
        assertThat(Files.readString(out.resolve("index.html"))).contains("for what actually happened").contains("first-fit");
        assertThat(out.resolve("charts/cost.svg")).exists();
        assertThat(Files.readString(out.resolve("whatif.csv"))).startsWith("scheduler,cost,savingVsActualPercent");

        Path table = Files.writeString(dir.resolve("hosts.csv"), "host,vm\nnode-0,4\nnode-1,99\n");
        CliRunner.Result bad = CliRunner.run("whatif", "--eventlogs", dir.resolve("logs").toString(), "--cluster", "tpds",
                "--hosts", table.toString());
        assertThat(bad.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(bad.err()).contains(table + " line 3, field 'vm'").contains("VM 99 is not in cluster");
    }

    @Test
    void badInputIsOneLineAndWritesNothing() throws IOException {
        log("app-1", "WordCount", 1_000_000, 1_061_000, 4, 2);
        Path garbage = Files.write(dir.resolve("core.bin"), new byte[]{0, 1, 2, 3, 10, 4});
        Path out = dir.resolve("never.csv");
        for (List<String> args : List.of(
                List.of("import-eventlogs", garbage.toString(), "--out", out.toString()),
                List.of("import-eventlogs", dir.resolve("missing").toString(), "--out", out.toString()),
                List.of("import-eventlogs", garbage.toString(), "--out", "-", "--json"),
                List.of("import-eventlogs", garbage.toString(), "--out", out.toString(), "--unit", "stage"),
                List.of("simulate", "--workload", "eventlogs:", "--scheduler", "gio"),
                // A HYB trace needs a deadline per job; event logs and TPDS workloads give none.
                List.of("import-eventlogs", dir.resolve("logs").toString(), "--out", out.toString(), "--format", "hyb"),
                List.of("generate", "--workload", "tpds-burst", "--format", "hyb", "--out", out.toString()))) {
            CliRunner.Result r = CliRunner.run(args.toArray(new String[0]));
            assertThat(r.exitCode()).as(args + "\n" + r.err()).isEqualTo(Main.EXIT_BAD_INPUT);
            assertThat(r.err().strip().lines().count()).as(r.err()).isLessThanOrEqualTo(2);
            assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
            assertThat(out).doesNotExist();
        }
    }
}
