package io.execplace.cli;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 42, items 1 and 2, as a user meets them: the command line in its own JVM, stopped with
 * Ctrl-C (SIGINT) while {@code milp} and {@code lookahead} are solving, and with standard output
 * on {@code /dev/full}. Before, the first aborted in OR-Tools' native code (exit 134) and the
 * second exited 0 without a word.
 */
class ProcessExitTest {

    @TempDir
    Path dir;

    /** {@code java -cp <this test's class path> io.execplace.cli.Launch args}, started in {@link #dir}. */
    private ProcessBuilder execplace(List<String> prefix, String... args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(java, "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"),
                Launch.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).directory(dir.toFile());
    }

    private static void assumeUnix() {
        Assumptions.assumeTrue(File.separatorChar == '/' && Files.exists(Path.of("/dev/full")), "a Unix with /dev/full");
    }

    @Test
    void ctrlCWhileSolvingStopsTheSolversAndExits130() throws Exception {
        assumeUnix();
        Assumptions.assumeTrue(onPath("python3") && onPath("kill"), "python3 and kill");
        Path out = dir.resolve("out");
        // A process started from a script in the background has SIGINT ignored, and so would the JVM;
        // python3 restores the default before it becomes the JVM, as an interactive shell would.
        List<String> defaultSigint = List.of("python3", "-c", "import os, signal, sys; "
                + "signal.signal(signal.SIGINT, signal.SIG_DFL); os.execvp(sys.argv[1], sys.argv[1:])");
        Process p = execplace(defaultSigint, "compare", "--schedulers", "milp,lookahead", "--seeds", "50", "--jobs", "40",
                "--threads", "2", "--out", out.toString())
                .redirectOutput(dir.resolve("stdout.txt").toFile()).start();
        List<String> err = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
            // The first progress line: both runner threads are in milp cells, solving most of the time.
            String first = r.readLine();
            assertThat(first).as("a progress line").isNotNull().startsWith("compare: ");
            int kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start().waitFor();
            assertThat(kill).isZero();
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (!line.startsWith("compare: ")) {
                    err.add(line);
                }
            }
        }
        int code = p.waitFor();
        assertThat(code).as(String.join("\n", err)).isEqualTo(Interrupts.EXIT_INTERRUPTED);
        assertThat(err).containsExactly("execplace: interrupted; nothing was written (earlier outputs are as they were)");
        assertThat(out).doesNotExist();
        try (var files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).as("no staging folder left").containsExactly("stdout.txt");
        }
    }

    @Test
    void standardOutputOnAFullDeviceIsExit1WithALine() throws Exception {
        assumeUnix();
        for (String[] args : List.of(new String[] {"presets"}, new String[] {"simulate", "--json", "--jobs", "10"},
                new String[] {"generate", "--out", "-", "--jobs", "5"})) {
            Process p = execplace(List.of(), args).redirectOutput(new File("/dev/full"))
                    .redirectError(dir.resolve("err.txt").toFile()).start();
            int code = p.waitFor();
            String err = Files.readString(dir.resolve("err.txt"));
            assertThat(code).as(String.join(" ", args) + "\n" + err).isEqualTo(Main.EXIT_FAILURE);
            assertThat(err).as(String.join(" ", args))
                    .isEqualTo("execplace: error: cannot write standard output: No space left on device\n");
        }
    }

    private static boolean onPath(String program) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, program))) {
                return true;
            }
        }
        return false;
    }

}
