package io.execplace.cli;

import io.execplace.core.sim.InvalidPlacementException;
import io.execplace.rl.train.RlSchedulers;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;

/** The {@code execplace} command line. The only part of execplace that prints. */
@Command(name = "execplace",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = {
                "Cost- and deadline-aware placement of Spark executors on priced VMs:",
                "a discrete-event simulator of (hybrid local + cloud) Spark clusters and every",
                "scheduler of the source papers, compared on the same workloads and seeds."},
        footer = {"", "Run 'execplace COMMAND --help' for a command's options. "
                + "With no arguments, 'execplace compare' runs the built-in default scenario."},
        subcommands = {
                CompareCommand.class,
                SimulateCommand.class,
                TrainCommand.class,
                EvaluateCommand.class,
                GenerateCommand.class,
                PresetsCommand.class,
                ReproduceCommand.class,
                BenchCommand.class,
                K8sSchedulerCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    /** Exit code for bad input: unknown names, malformed files, impossible numbers. */
    public static final int EXIT_BAD_INPUT = 2;
    /** Exit code for a failed run (I/O error, a policy that broke the rules). */
    public static final int EXIT_FAILURE = 1;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        System.exit(execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs the command line with the given streams (tests call this) and returns the exit code. */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        // Before any scheduler name is resolved, so that agent:PATH works in compare and simulate.
        RlSchedulers.register();
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            commandLine.getErr().println("execplace: error: " + describe(ex));
            commandLine.getErr().flush();
            return exitCode(ex);
        });
        int code = cl.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    private static String describe(Throwable ex) {
        if (ex instanceof UncheckedIOException u && u.getCause() != null) {
            return u.getMessage() != null ? u.getMessage() : u.getCause().getMessage();
        }
        String m = ex.getMessage();
        return m == null ? ex.toString() : m;
    }

    private static int exitCode(Throwable ex) {
        if (ex instanceof InvalidPlacementException) {
            return EXIT_FAILURE;
        }
        if (ex instanceof IllegalArgumentException) {
            return EXIT_BAD_INPUT;
        }
        if (ex instanceof IOException || ex instanceof UncheckedIOException) {
            return EXIT_FAILURE;
        }
        return EXIT_FAILURE;
    }
}
