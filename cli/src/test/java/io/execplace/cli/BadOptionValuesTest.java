package io.execplace.cli;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 24, made structural: every option of every command, walked from picocli's model, is given
 * values of the wrong kind for its type (not a number, NaN, a file that does not exist, a name no
 * choice has), and each run must be refused as bad input: exit code 2, one error line (picocli's
 * "Try '... --help'" hint may follow it) that names the option (or the file its value named; issue
 * 42), no stack trace, nothing on standard output and no output folder. A new option is covered by
 * being declared; an option that takes free text is listed in
 * {@link #FREE_TEXT} with the reason.
 */
class BadOptionValuesTest {

    /**
     * Options whose value is free text, so no value is wrong by its kind: names of things created
     * (Kubernetes namespace, scheduler name), URLs checked against a server, labels.
     */
    private static final Set<String> FREE_TEXT = Set.of(
            "--namespace", "--scheduler-name", "--kubeconfig", "--master", "--node-selector", "--price-label",
            "--label", "--lease-name", "--lease-namespace", "--identity");

    /**
     * Settings that keep a command small in case a bad value were accepted, so that a regression fails
     * quickly instead of running a study; the option under test replaces its own entry.
     */
    private static final Map<String, Map<String, String>> SMALL = Map.ofEntries(
            Map.entry("compare", Map.of("--jobs", "10", "--seeds", "1", "--schedulers", "first-fit")),
            Map.entry("simulate", Map.of("--jobs", "10")),
            Map.entry("train", Map.of("--iterations", "1", "--eval-interval", "1", "--eval-episodes", "1")),
            Map.entry("heldout", Map.of("--held-out", "2", "--schedulers", "first-fit", "--jobs", "10")),
            Map.entry("offline", Map.of("--jobs", "5")),
            Map.entry("reproduce hybrid", Map.of("--seeds", "1", "--jobs", "10", "--large-jobs", "10")),
            Map.entry("reproduce tpds", Map.of("--iterations", "1", "--held-out", "2", "--agents", "dqn", "--betas", "1")),
            Map.entry("reproduce hjs", Map.of("--job-sets", "hjs-40-20", "--held-out", "2", "--train-workloads", "1",
                    "--hjs-iterations", "1", "--dqn-iterations", "1", "--milp-time-limit", "0")),
            Map.entry("train-liu", Map.of("--apps", "10", "--rl-iterations", "1", "--improve-rounds", "0")),
            Map.entry("train-choice", Map.of("--workload-seeds", "1", "--rounds", "1", "--epochs", "1", "--jobs", "10")),
            Map.entry("reproduce liu", Map.of("--episodes", "1", "--apps", "10", "--test-episodes", "1", "--curve-episodes", "1",
                    "--curve-points", "1", "--runs", "uniform")));

    @TempDir
    static Path logs;

    /** A Spark event log of one application: what whatif and import-eventlogs need to get to their options. */
    private static Path log;

    /** Commands that need a positional argument; a well-formed one is given. */
    private static Map<String, List<String>> positional() {
        return Map.of("completion", List.of("bash"), "import-eventlogs", List.of(log.toString()));
    }

    /** Required options of a command, well-formed, so that each option under test is the only wrong one. */
    private static Map<String, String> required(String command) {
        return command.equals("whatif") ? Map.of("--eventlogs", log.toString(), "--cluster", "tpds") : Map.of();
    }

    @org.junit.jupiter.api.BeforeAll
    static void aLog() throws IOException {
        log = Files.write(logs.resolve("app-1"), List.of(
                "{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"3.5.1\"}",
                "{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"t\",\"App ID\":\"app-1\",\"Timestamp\":1000}",
                "{\"Event\":\"SparkListenerExecutorAdded\",\"Timestamp\":2000,\"Executor ID\":\"1\","
                        + "\"Executor Info\":{\"Host\":\"h1\",\"Total Cores\":1}}",
                "{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":9000}"));
    }

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everyOptionRefusesValuesOfTheWrongKind() {
        List<DynamicTest> tests = new ArrayList<>();
        List<CommandLine> all = CliRunner.allCommands();
        int options = 0;
        Set<String> covered = new java.util.TreeSet<>();
        for (CommandLine c : all) {
            CommandSpec spec = c.getCommandSpec();
            String command = spec.qualifiedName().substring("execplace".length()).strip();
            if (command.isEmpty() || command.equals("help")) {
                continue;
            }
            for (OptionSpec o : spec.options()) {
                for (String bad : badValues(o)) {
                    options++;
                    covered.add(command);
                    String name = o.longestName();
                    tests.add(DynamicTest.dynamicTest(command + " " + name + " " + bad,
                            () -> assertRefused(command, spec, name, bad)));
                }
            }
        }
        assertThat(options).as("cases").isGreaterThan(300);
        assertThat(covered).containsAll(List.of("compare", "simulate", "train", "evaluate", "heldout", "offline",
                "generate", "k8s-scheduler", "reproduce hybrid", "reproduce tpds", "reproduce hjs",
                "reproduce liu", "import-eventlogs", "train-liu", "train-choice"));
        return tests.stream();
    }

    /** Values of the wrong kind for the option's type; none for flags and free text. */
    private static List<String> badValues(OptionSpec o) {
        if (o.usageHelp() || o.versionHelp() || o.arity().max() == 0 || FREE_TEXT.contains(o.longestName())
                || isOutput(o)) {
            return List.of();
        }
        Class<?> type = o.isMultiValue() && o.auxiliaryTypes().length > 0 ? o.auxiliaryTypes()[0] : o.type();
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return List.of("x", "1.5");
        }
        if (type == double.class || type == Double.class) {
            return List.of("x", "NaN");
        }
        if (type == boolean.class || type == Boolean.class) {
            return List.of("maybe");
        }
        if (type.isEnum()) {
            return List.of("no-such-choice");
        }
        if (type == Path.class) {
            return List.of("/nonexistent-execplace/input.file");
        }
        return List.of("no-such-choice");
    }

    /** Options that name a file or folder to write: a missing one is created, not refused (OutputPathsCommandTest). */
    private static boolean isOutput(OptionSpec o) {
        String n = o.longestName();
        return n.equals("--out") || n.endsWith("-out") || n.equals("--output");
    }

    private void assertRefused(String command, CommandSpec spec, String option, String bad) throws IOException {
        Path work = Files.createTempDirectory(dir, "case");
        Path out = work.resolve("out");
        List<String> args = new ArrayList<>(List.of(command.split(" ")));
        args.addAll(positional().getOrDefault(command, List.of()));
        Map<String, String> small = new LinkedHashMap<>(SMALL.getOrDefault(command, Map.of()));
        small.putAll(required(command));
        if (spec.findOption("--out") != null) {
            small.put("--out", out.toString());
        }
        if (spec.findOption("-q") != null) {
            args.add("-q");
        }
        small.remove(option);
        small.forEach((k, v) -> {
            args.add(k);
            args.add(v);
        });
        args.add(option);
        args.add(bad);
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        int code = Main.execute(Main.schedulers(), new PrintWriter(stdout), new PrintWriter(stderr),
                args.toArray(new String[0]));
        String err = stderr.toString();
        String call = String.join(" ", args);
        assertThat(code).as(call + "\n" + err).isEqualTo(Main.EXIT_BAD_INPUT);
        List<String> lines = err.strip().lines().toList();
        assertThat(lines.get(0)).as(call).startsWith("execplace: error: ");
        // The line names what the user has to change: the option, or the file the value named.
        if (!lines.get(0).startsWith("execplace: error: Missing required")) { // another option than this one
            assertThat(lines.get(0)).as(call + ": names the option").satisfiesAnyOf(l -> assertThat(l).contains(option),
                    l -> assertThat(l).contains(bad + ":"));
        }
        assertThat(lines.subList(1, lines.size())).as(call + ": one error line")
                .allSatisfy(l -> assertThat(l).startsWith("Try 'execplace "));
        assertThat(err).as(call).doesNotContain("Exception", "\tat ");
        assertThat(stdout.toString()).as(call + ": nothing on standard output").isEmpty();
        assertThat(out).as(call + ": no output folder").doesNotExist();
    }
}
