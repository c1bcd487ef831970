package io.execplace.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.execplace.core.metrics.ScheduleTraceCheck;
import io.execplace.core.model.Workload;
import io.execplace.core.workload.TraceFormat;
import io.execplace.core.workload.Traces;
import io.execplace.core.workload.TraceReadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.within;

class CommandLineTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void compareWritesResultsChartsAndReport() throws IOException {
        Path out = dir.resolve("cmp");
        CliRunner.Result r = CliRunner.run("compare", "--cluster", "hybrid-small", "--workload", "hybrid-high",
                "--jobs", "40", "--seeds", "2", "--schedulers", "first-fit,gio,round-robin", "--out", out.toString(), "-q");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("first-fit", "gio", "round-robin", "deadline met %");
        JsonNode records = JSON.readTree(out.resolve("results.json").toFile());
        assertThat(records).hasSize(6);
        for (JsonNode rec : records) {
            for (String field : List.of("scheduler", "seed", "totalCost", "meanDuration", "meanTurnaround",
                    "deadlineMetPercent", "goodPlacements", "jobsWaited", "jobsDropped", "schedulingDelayMeanMs",
                    "schedulingDelayP99Ms")) {
                assertThat(rec.has(field)).as(field).isTrue();
            }
            assertThat(rec.get("totalCost").asDouble()).isPositive();
            assertThat(rec.get("jobs").asInt()).isEqualTo(40);
        }
        assertThat(Files.readAllLines(out.resolve("results.csv"))).hasSize(7);
        for (String chart : List.of("cost", "duration", "deadline-met", "cost-over-time")) {
            assertThat(out.resolve("charts/" + chart + ".png")).isNotEmptyFile();
            assertThat(out.resolve("charts/" + chart + ".svg")).isNotEmptyFile();
        }
        String html = Files.readString(out.resolve("index.html"));
        assertThat(html).contains("charts/cost.svg", "data:image/png;base64,", "gio");
    }

    @Test
    void compareJsonPrintsTheRecordsOnStdout() throws IOException {
        CliRunner.Result r = CliRunner.run("compare", "--scenario", "tpds-normal", "--seeds", "1", "--schedulers", "aep",
                "--out", dir.resolve("o").toString(), "--json", "-q");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode records = JSON.readTree(r.out());
        assertThat(records).hasSize(1);
        assertThat(records.get(0).get("scheduler").asText()).isEqualTo("aep");
        assertThat(records.get(0).get("jobs").asInt()).isEqualTo(50);
        assertThat(records.get(0).get("deadlineMetPercent").isNull()).isTrue();
    }

    @Test
    void simulateTraceReChecksIndependently() throws IOException {
        Path trace = dir.resolve("run.jsonl");
        CliRunner.Result r = CliRunner.run("simulate", "--cluster", "tpds", "--workload", "tpds-burst",
                "--scheduler", "round-robin", "--seed", "3", "--trace-out", trace.toString(), "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode summary = JSON.readTree(r.out());
        try (BufferedReader in = Files.newBufferedReader(trace)) {
            ScheduleTraceCheck.Report check = ScheduleTraceCheck.check(in);
            assertThat(check.capacityErrors()).isEmpty();
            assertThat(check.completedJobs()).isEqualTo(100);
            assertThat(check.recomputedCost()).isCloseTo(summary.get("totalCost").asDouble(), within(1e-9));
        }
        List<String> lines = Files.readAllLines(trace);
        assertThat(lines).hasSize(12 + 100 + 1);
        assertThat(JSON.readTree(lines.get(0)).get("kind").asText()).isEqualTo("vm");
        assertThat(JSON.readTree(lines.get(lines.size() - 1)).get("kind").asText()).isEqualTo("summary");
    }

    @Test
    void generatedTraceRunsLikeThePreset() throws IOException {
        Path file = dir.resolve("w.csv");
        CliRunner.Result g = CliRunner.run("generate", "--workload", "hybrid-light", "--jobs", "25", "--seed", "7",
                "--format", "hyb", "--out", file.toString());
        assertThat(g.exitCode()).as(g.err()).isZero();
        Workload w = Traces.read(file, TraceFormat.HYB, TraceReadOptions.defaults());
        assertThat(w.size()).isEqualTo(25);
        CliRunner.Result fromFile = CliRunner.run("simulate", "--cluster", "hybrid-small", "--workload", file.toString(),
                "--scheduler", "gio", "--json");
        CliRunner.Result fromPreset = CliRunner.run("simulate", "--cluster", "hybrid-small", "--workload", "hybrid-light",
                "--jobs", "25", "--seed", "7", "--scheduler", "gio", "--json");
        assertThat(fromFile.exitCode()).as(fromFile.err()).isZero();
        assertThat(JSON.readTree(fromFile.out()).get("totalCost").asDouble())
                .isCloseTo(JSON.readTree(fromPreset.out()).get("totalCost").asDouble(), within(1e-6));
    }

    @Test
    void presetsListsEveryKind() {
        CliRunner.Result r = CliRunner.run("presets");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("tpds-code", "hybrid-large", "c5", "tpds-burst", "hybrid-day", "round-robin-consolidate",
                "first-fit", "gio", "asq", "aep", "random", "edf", "per-second", "swim", "real");
    }

    @Test
    void unknownNamesFailWithExitCodeTwoAndNoOutput() {
        Path out = dir.resolve("never");
        CliRunner.Result r = CliRunner.run("compare", "--cluster", "nope", "--out", out.toString(), "-q");
        assertThat(r.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(r.err()).contains("'nope' is neither a cluster preset");
        assertThat(out).doesNotExist();
        CliRunner.Result s = CliRunner.run("simulate", "--scheduler", "fastest");
        assertThat(s.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(s.err()).contains("fastest", "gio");
    }

    @Test
    void malformedTraceNamesFileLineAndField() throws IOException {
        Path trace = dir.resolve("bad.csv");
        Files.writeString(trace, "job,type,arrival,cores,memoryGb,executors,baseDuration,deadline\n"
                + "0,sort,0,2,4,3,50,\n"
                + "1,sort,5,-2,4,3,50,\n");
        Path out = dir.resolve("never");
        CliRunner.Result r = CliRunner.run("compare", "--workload", trace.toString(), "--out", out.toString(), "-q");
        assertThat(r.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(r.err()).contains("bad.csv", "line 3", "cores");
        assertThat(out).doesNotExist();
    }

    @Test
    void malformedScenarioFileNamesTheField() throws IOException {
        Path scenario = dir.resolve("s.yaml");
        Files.writeString(scenario, "cluster: tpds\nworkload: tpds-normal\nsedes: 3\n");
        CliRunner.Result r = CliRunner.run("compare", "--scenario", scenario.toString(), "-q");
        assertThat(r.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(r.err()).contains("s.yaml", "line 3", "sedes");
    }

    @Test
    void scenarioFileResolvesClusterFilesRelativeToItself() throws IOException {
        Files.writeString(dir.resolve("mine.yaml"), "name: mine\nvmTypes:\n  - name: big\n    cores: 16\n    memoryGb: 64\n"
                + "    pricePerHour: 1.0\n    count: 2\n");
        Files.writeString(dir.resolve("s.yaml"), "name: custom\ncluster: mine.yaml\nworkload: tpds-normal\n"
                + "schedulers: [first-fit]\nseeds: 1\n");
        CliRunner.Result r = CliRunner.run("compare", "--scenario", dir.resolve("s.yaml").toString(), "--json", "-q",
                "--out", dir.resolve("o").toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode rec = JSON.readTree(r.out()).get(0);
        assertThat(rec.get("scenario").asText()).isEqualTo("custom");
        assertThat(rec.get("vmsUsed").asInt()).isBetween(1, 2);
    }

    @Test
    void reproduceHybridWritesEveryFigure() throws IOException {
        Path out = dir.resolve("hyb");
        CliRunner.Result r = CliRunner.run("reproduce", "hybrid", "--seeds", "1", "--jobs", "20", "--large-jobs", "40",
                "--out", out.toString(), "-q");
        assertThat(r.exitCode()).as(r.err()).isZero();
        for (String chart : List.of("cost-light", "cost-high", "deadline-met", "duration", "cost-large")) {
            assertThat(out.resolve("charts/" + chart + ".png")).isNotEmptyFile();
        }
        JsonNode records = JSON.readTree(out.resolve("results.json").toFile());
        // 2 loads x (5 pricing models + admission) + 2 large scenarios, 5 schedulers (6 with milp), 1 seed
        assertThat(records.size() % 14).isZero();
        String html = Files.readString(out.resolve("index.html"));
        assertThat(html).contains("Fig. 2", "Fig. 4", "Table", "Fig. 6");
        // On screen as compare prints it: the headline, then the table of small-high-pricing-1, then "wrote".
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0)).startsWith("small-high-pricing-1: ").contains("is the cheapest scheduler");
        assertThat(r.out().replace('\n', ' ')).contains("for Spark's default (round-robin spread)")
                .contains("small-high-pricing-1: 20 jobs at high load on hybrid-small")
                .contains("cost / bound").contains("first-fit").contains("gio");
        assertThat(lines.get(lines.size() - 1)).startsWith("wrote ").endsWith(out.resolve("index.html").toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"compare", "simulate", "generate", "presets", "reproduce", "bench"})
    void everyCommandHasHelpAndVersion(String command) {
        CliRunner.Result help = CliRunner.run(command, "--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("Usage:", command);
        CliRunner.Result version = CliRunner.run(command, "--version");
        assertThat(version.exitCode()).isZero();
        assertThat(version.out()).startsWith("execplace ");
    }

    @Test
    void everyUsageMessageFormatsCleanly() {
        // picocli formats descriptions with String.format: a lone '%' makes it fall back to the raw
        // text (with "%n" left in) and print a warning on the console.
        java.io.PrintWriter sink = new java.io.PrintWriter(new StringWriter());
        picocli.CommandLine root = Main.commandLine(Main.schedulers(), Map.of(), Main.Extensions.none(), sink, sink);
        List<picocli.CommandLine> all = new ArrayList<>(List.of(root));
        for (int i = 0; i < all.size(); i++) {
            all.addAll(all.get(i).getSubcommands().values());
        }
        assertThat(all).hasSizeGreaterThan(15);
        for (picocli.CommandLine c : all) {
            String name = c.getCommandSpec().qualifiedName();
            List<String> texts = new ArrayList<>(List.of(c.getCommandSpec().usageMessage().description()));
            for (picocli.CommandLine.Model.OptionSpec o : c.getCommandSpec().options()) {
                texts.addAll(List.of(o.description()));
            }
            for (String text : texts) {
                assertThatCode(() -> String.format(text)).as("%s: %s", name, text).doesNotThrowAnyException();
            }
            assertThat(c.getUsageMessage(picocli.CommandLine.Help.Ansi.OFF)).as(name).contains("Usage:");
        }
    }
}
