package io.execplace.cli;

import io.execplace.cli.command.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 42, items 3, 5, 6 and 7: what a new user tripped over. Each refusal is one line naming the
 * option or the file (and line), exit code 2, before any work.
 */
class NewUserTripsTest {

    @TempDir
    Path dir;

    private static void assertRefused(CliRunner.Result r, String line) {
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(r.err().strip().lines().toList()).as(r.err()).first().isEqualTo(line);
        assertThat(r.err().strip().lines().count()).as(r.err()).isLessThanOrEqualTo(2);
        assertThat(r.err()).doesNotContain("compare: ", "Exception", "\tat ");
        assertThat(r.out()).as("nothing ran").doesNotContain("wrote ");
    }

    @Test
    void aPriceTableThatIsNoTextOrAFolderIsNamed() throws IOException {
        Path garbage = dir.resolve("garbage.bin");
        Files.write(garbage, new byte[] {(byte) 0xff, (byte) 0xfe, (byte) 0x80, 0, 1});
        assertRefused(CliRunner.run("k8s-scheduler", "--prices", garbage.toString(), "--dry-run"),
                "execplace: error: " + garbage + ": not a text file (expected UTF-8 YAML)");
        Path folder = Files.createDirectory(dir.resolve("somedir"));
        CliRunner.Result r = CliRunner.run("k8s-scheduler", "--prices", folder.toString(), "--dry-run");
        assertThat(r.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(r.err().strip()).startsWith("execplace: error: " + folder + ": cannot read: ");
    }

    @Test
    void aMalformedYamlFileIsOneLineAtTheRightLine() throws IOException {
        Path tab = dir.resolve("tab.yaml");
        Files.writeString(tab, "name: x\ncluster: hybrid-medium\nworkload: hybrid-medium\nseeds: 1\n\tjobs: 10\n");
        assertRefused(CliRunner.run("compare", "--scenario", tab.toString()), "execplace: error: " + tab
                + " line 5: not valid YAML: a tab, which YAML does not allow for indentation (use spaces)");
        Path open = dir.resolve("open.yaml");
        Files.writeString(open, "seeds: 1\ncluster: [a\n");
        CliRunner.Result r = CliRunner.run("compare", "--scenario", open.toString());
        assertThat(r.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(r.err().strip()).startsWith("execplace: error: " + open + " line ").contains("not valid YAML: ")
                .doesNotContain("\n", "^");
    }

    @Test
    void aScenarioNameIsOneFolderInsideResults() throws IOException {
        Path work = Files.createDirectories(dir.resolve("a").resolve("b"));
        Path scenario = work.resolve("evil.yaml");
        Files.writeString(scenario, "name: \"../../etc/evil\"\nseeds: 1\nschedulers: [first-fit]\nworkload: hybrid-light\n");
        // The default output folder is relative to the working folder: ask for the one the name gives.
        assertThat(Options.folderName("../../etc/evil")).isEqualTo("etc-evil");
        assertThat(Options.folderName("a b/ü c")).isEqualTo("a-b-c");
        assertThat(Options.folderName("..")).isEqualTo("unnamed");
        assertThat(Options.folderName("hybrid-medium_2.x")).isEqualTo("hybrid-medium_2.x");
        CliRunner.Result r = CliRunner.run("compare", "--scenario", scenario.toString(), "--jobs", "5", "-q");
        try {
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(r.out()).contains("wrote " + Path.of("results", "etc-evil", "results.csv"));
        } finally {
            io.execplace.core.io.StagedFolder.deleteQuietly(Path.of("results", "etc-evil"));
            try (var left = Files.list(Path.of("results"))) {
                if (left.findAny().isEmpty()) {
                    Files.delete(Path.of("results"));
                }
            }
        }
    }

    @Test
    void anOutputFolderWhereNoFileCanBeCreatedIsRefusedBeforeTheStudy() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "Linux /proc");
        assertRefused(CliRunner.run("compare", "--out", "/proc/x", "--jobs", "5", "--seeds", "1"),
                "execplace: error: --out /proc/x: cannot write there: cannot create files in /proc "
                        + "(the file system takes no new files there)");
    }

    @Test
    void optionChecksAgree() throws IOException {
        String small = "--jobs 5 --seeds 1 --schedulers first-fit --out " + dir.resolve("o");
        assertRefused(run("compare --mean-gap 0 " + small),
                "execplace: error: --mean-gap: expected a number above 0 and at most 1000000000, got 0.0");
        assertRefused(run("compare --mean-gap -1 " + small),
                "execplace: error: --mean-gap: expected a number above 0 and at most 1000000000, got -1.0");
        assertRefused(CliRunner.run("compare", "--out", ""), "execplace: error: --out: empty; give a folder name");
        assertRefused(CliRunner.run("simulate", "--trace-out", "-", "--jobs", "5"), "execplace: error: --trace-out -: "
                + "this option cannot write to standard output; give a file name (or /dev/stdout)");
        assertRefused(CliRunner.run("reproduce"), "execplace: error: reproduce needs a study: hybrid, tpds, liu, hjs, elastic");
        assertRefused(CliRunner.run("bench", "--milp", "--rl", "--quick"), "execplace: error: --rl measures the "
                + "learned schedulers, --milp the exact ones: run them as two commands");
        assertRefused(run("train --iterations 0 --out " + dir.resolve("t")),
                "execplace: error: --iterations: must be at least 1, got 0");
        assertRefused(run("train --lr 0 --iterations 1 --out " + dir.resolve("t")),
                "execplace: error: --lr: learning rate must be a positive number, got 0.0");
    }

    @Test
    void milpAndLookaheadOptionsWithoutThoseSchedulersAreRefusedAsWeightLambdaIs() {
        assertRefused(CliRunner.run("simulate", "--scheduler", "gio", "--lookahead-samples", "3", "--jobs", "5"),
                "execplace: error: --lookahead-samples: applies to the scheduler lookahead, and the run has none");
        assertRefused(CliRunner.run("simulate", "--scheduler", "gio", "--milp-time-limit", "50", "--jobs", "5"),
                "execplace: error: --milp-time-limit: applies to the schedulers milp and lookahead, and the run has neither");
        assertRefused(CliRunner.run("compare", "--schedulers", "gio,milp", "--lookahead-horizon", "3", "--jobs", "5"),
                "execplace: error: --lookahead-horizon: applies to the scheduler lookahead, and the run has none");
        CliRunner.Result used = CliRunner.run("simulate", "--scheduler", "lookahead", "--milp-time-limit", "50",
                "--lookahead-samples", "1", "--jobs", "5", "--json");
        assertThat(used.exitCode()).as(used.err()).isZero();
    }

    @Test
    void compareShowsTheWinnerAgainstTheRunnerUpSeedBySeedAndExplainsTarget() {
        CliRunner.Result r = CliRunner.run("compare", "--jobs", "60", "--seeds", "2", "--schedulers",
                "round-robin,first-fit,gio", "-q", "--out", dir.resolve("o").toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().replace('\n', ' ')).containsPattern(
                "Seed by seed, (first-fit|gio) costs less than the runner-up (first-fit|gio) on [0-2] of 2 seeds");
        assertThat(r.out()).contains("Target: the HJS paper's score (Eq. 5)");
    }

    @Test
    void offlineTakesTheClusterFileItsHelpOffers() throws IOException {
        Path cluster = dir.resolve("c.yaml");
        Files.writeString(cluster, "name: two\nvmTypes:\n  - name: small\n    count: 2\n    cores: 8\n"
                + "    memoryGb: 32\n    pricePerHour: 0.4\n");
        CliRunner.Result r = CliRunner.run("offline", "--cluster", cluster.toString(), "--jobs", "3",
                "--workload", "tpds-normal", "--schedulers", "first-fit");
        assertThat(r.err()).doesNotContain("unknown cluster preset");
        assertThat(r.exitCode()).as(r.err()).isZero();
    }

    @Test
    void heldoutTakesAClusterFileAsTheOtherCommandsDo() throws IOException {
        Path cluster = dir.resolve("c.yaml");
        Files.writeString(cluster, "name: two\nvmTypes:\n  - name: small\n    count: 2\n    cores: 8\n"
                + "    memoryGb: 32\n    pricePerHour: 0.4\n");
        CliRunner.Result r = run("heldout --workload tpds-burst --jobs 10 --held-out 2 --schedulers first-fit --cluster "
                + cluster);
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("tpds-burst on " + cluster + ": training ");
        CliRunner.Result bad = run("heldout --workload tpds-burst --jobs 10 --held-out 2 --schedulers first-fit --cluster nowhere");
        assertThat(bad.exitCode()).as(bad.err()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(bad.err().strip()).startsWith("execplace: error: --cluster: 'nowhere' is neither a cluster preset (tpds, ")
                .endsWith(") nor a cluster file").doesNotContain("\n");
    }

    @Test
    void aClusterOptionsRefusalNamesTheOptionThatCarriedIt() {
        for (String line : List.of("offline --jobs 5 --cluster nowhere",
                "whatif --eventlogs " + dir + " --cluster nowhere", "whatif --eventlogs " + dir + " --cluster tpds --pools nowhere")) {
            CliRunner.Result r = run(line);
            String option = line.contains("--pools") ? "--pools" : "--cluster";
            assertRefused(r, r.err().strip().lines().findFirst().orElse(""));
            assertThat(r.err()).as(line).startsWith("execplace: error: " + option + ": 'nowhere' is neither a cluster preset");
        }
    }

    @Test
    void heldoutWritesItsTablesWithEveryStudy() throws IOException {
        Path out = dir.resolve("h");
        CliRunner.Result r = run("heldout --workload tpds-burst --jobs 10 --held-out 2 --schedulers first-fit,gio --out " + out);
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("wrote " + out.resolve("heldout.csv"));
        List<String> csv = Files.readAllLines(out.resolve("heldout.csv"));
        assertThat(csv.get(0)).startsWith("workload,part,scheduler,kind,workloads,cost,cost_ci95,");
        assertThat(csv.subList(1, csv.size())).hasSize(4).allSatisfy(l -> assertThat(l).startsWith("tpds-burst,"))
                .anySatisfy(l -> assertThat(l).startsWith("tpds-burst,held-out,gio,heuristic,2,"));
        assertThat(Files.readString(out.resolve("heldout.json"))).contains("\"split\"").contains("\"heldOut\"");
        assertRefused(run("heldout --workload tpds-burst --jobs 10 --held-out 2 --schedulers gio --out /proc/x"),
                "execplace: error: --out /proc/x: cannot write there: cannot create files in /proc "
                        + "(the file system takes no new files there)");
    }

    @Test
    void whatifTakesQuietAsTheOtherCommandsDo() throws IOException {
        Path log = Files.write(dir.resolve("app-1"), List.of(
                "{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"t\",\"App ID\":\"app-1\",\"Timestamp\":1000}",
                "{\"Event\":\"SparkListenerExecutorAdded\",\"Timestamp\":2000,\"Executor ID\":\"1\","
                        + "\"Executor Info\":{\"Host\":\"h1\",\"Total Cores\":1}}",
                "{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":9000}"));
        CliRunner.Result loud = run("whatif --eventlogs " + log + " --cluster tpds --schedulers first-fit");
        assertThat(loud.exitCode()).as(loud.err()).isZero();
        assertThat(loud.err()).contains("whatif: 2/2 (first-fit)");
        CliRunner.Result quiet = run("whatif --eventlogs " + log + " --cluster tpds --schedulers first-fit -q");
        assertThat(quiet.exitCode()).as(quiet.err()).isZero();
        assertThat(quiet.err()).isEmpty();
        assertThat(quiet.out()).isEqualTo(loud.out()).contains("1 application (1 group of executors) replayed");
    }

    @Test
    void evaluateShowsTheAgentBesideTheHeuristics() {
        CliRunner.Result r = CliRunner.run("evaluate", Path.of("..", "models", "ppo-pairs.xprl").toString(), "--jobs", "20");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("Beside the heuristics on the same 1 workload");
        List<String> rows = r.out().lines().dropWhile(l -> !l.startsWith("Beside the heuristics")).toList();
        assertThat(rows).anySatisfy(l -> assertThat(l).startsWith("agent:"))
                .anySatisfy(l -> assertThat(l).startsWith("first-fit "))
                .anySatisfy(l -> assertThat(l).startsWith("round-robin-consolidate "))
                .anySatisfy(l -> assertThat(l).startsWith("gio "));
    }

    @Test
    void anOldOptionSpellingWithABadValueIsOneErrorLineAndNoWarning() {
        String heldout = "heldout --workload tpds-burst --jobs 10 --held-out 2 --schedulers first-fit ";
        for (CliRunner.Result r : List.of(run(heldout + "--train-seeds 0"), run("offline --jobs 5 --time-limit -1"),
                run("train-choice --workloads tpds-burst --jobs 10 --rounds 1 --epochs 1 --horizon 0"))) {
            assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.EXIT_BAD_INPUT);
            assertThat(r.err().strip().lines().toList()).as(r.err()).first().asString().startsWith("execplace: error: ");
            assertThat(r.err()).as(r.err()).doesNotContain("warning", "deprecated");
        }
        // Accepted, the old spelling is named once the run is over: after the output, the last line.
        CliRunner.Result ok = run(heldout + "--train-seed 1");
        assertThat(ok.exitCode()).as(ok.err()).isZero();
        assertThat(ok.out()).contains("held-out");
        assertThat(ok.err().strip()).isEqualTo("execplace: warning: --train-seed is deprecated; use --seed");
    }

    private static CliRunner.Result run(String line) {
        return CliRunner.run(List.of(line.split(" ")).toArray(new String[0]));
    }
}
