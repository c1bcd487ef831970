package io.execplace.cli;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 42, item 2: standard output that cannot be written (a full disk, {@code > /dev/full}) is a
 * failure, exit 1 with one line naming the reason, for every command; never a silent success.
 * In-process, with a stream that fails as {@code /dev/full} does; {@link ProcessExitTest} runs the
 * real thing.
 */
class StandardOutputTest {

    @TempDir
    Path dir;

    /** Fails every write, as a full device does. */
    private static final class Full extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            throw new IOException("No space left on device");
        }
    }

    private static CliRunner.Result runFull(String... args) {
        StringWriter err = new StringWriter();
        int code = Main.execute(Main.schedulers(), Map.of(), new StandardOutput(new Full()), new PrintWriter(err), args);
        return new CliRunner.Result(code, "", err.toString());
    }

    private static void assertFailed(CliRunner.Result r, String call) {
        assertThat(r.exitCode()).as(call + "\n" + r.err()).isEqualTo(Main.EXIT_FAILURE);
        assertThat(r.err().strip().lines().toList()).as(call).last()
                .isEqualTo("execplace: error: cannot write standard output: No space left on device");
        assertThat(r.err()).as(call).doesNotContain("Exception", "\tat ");
    }

    /** Every command's help: the cheapest output each command has. */
    @TestFactory
    Stream<DynamicTest> everyCommandsHelp() {
        List<DynamicTest> tests = new ArrayList<>();
        for (CommandLine c : CliRunner.allCommands()) {
            String command = c.getCommandSpec().qualifiedName().substring("execplace".length()).strip();
            List<String> args = new ArrayList<>(command.isEmpty() ? List.of() : List.of(command.split(" ")));
            args.add("--help");
            String call = String.join(" ", args);
            tests.add(DynamicTest.dynamicTest(call, () -> assertFailed(runFull(args.toArray(new String[0])), call)));
        }
        assertThat(tests).hasSizeGreaterThan(15);
        return tests.stream();
    }

    @Test
    void theIssuesCommands() {
        for (String[] args : List.of(
                new String[] {"presets"},
                new String[] {"simulate", "--json", "--jobs", "10"},
                new String[] {"simulate", "--jobs", "10", "--scheduler", "first-fit", "--verbose"},
                new String[] {"generate", "--out", "-", "--jobs", "5"})) {
            assertFailed(runFull(args), String.join(" ", args));
        }
    }

    @Test
    void compareStopsBeforeTheStudyWhenItsFirstLineIsLost() {
        Path out = dir.resolve("out");
        CliRunner.Result r = runFull("compare", "--jobs", "10", "--seeds", "1", "--schedulers", "first-fit",
                "--out", out.toString());
        assertFailed(r, "compare");
        assertThat(r.err()).as("no progress: no study ran").doesNotContain("compare: ");
        assertThat(out).doesNotExist();
    }

    @Test
    void aWrittenOutputIsNoFailure() {
        StringWriter err = new StringWriter();
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        int code = Main.execute(Main.schedulers(), Map.of(), new StandardOutput(bytes), new PrintWriter(err), "presets");
        assertThat(code).as(err.toString()).isZero();
        assertThat(err.toString()).isEmpty();
        assertThat(bytes.toString()).contains("first-fit");
    }
}
