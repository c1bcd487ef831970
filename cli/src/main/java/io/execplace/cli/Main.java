package io.execplace.cli;

import io.execplace.cli.simulate.BenchCommand;
import io.execplace.cli.simulate.CompareCommand;
import io.execplace.cli.command.EngineFactory;
import io.execplace.cli.evaluate.EvaluateCommand;
import io.execplace.cli.inputs.GenerateCommand;
import io.execplace.cli.evaluate.HeldOutCommand;
import io.execplace.cli.eventlog.ImportEventLogsCommand;
import io.execplace.cli.inputs.ImportSpotTraceCommand;
import io.execplace.cli.k8s.K8sSchedulerCommand;
import io.execplace.cli.simulate.OfflineCommand;
import io.execplace.cli.inputs.PresetsCommand;
import io.execplace.cli.command.QuickCommand;
import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.ExitCode;
import io.execplace.cli.k8s.ReplayCommand;
import io.execplace.cli.k8s.ReportCommand;
import io.execplace.cli.study.ReproduceCommand;
import io.execplace.cli.simulate.SimulateCommand;
import io.execplace.cli.train.TrainChoiceCommand;
import io.execplace.cli.train.TrainCommand;
import io.execplace.cli.train.TrainLiuCommand;
import io.execplace.cli.output.Version;
import io.execplace.cli.eventlog.WhatIfCommand;
import io.execplace.core.io.BadInputException;
import io.execplace.kubernetes.run.ApiServerUnavailableException;
import io.execplace.core.sim.InvalidPlacementException;
import io.execplace.experiments.run.ScenarioCells;
import io.execplace.experiments.run.StandardSchedulers;
import io.execplace.schedulers.spi.SchedulerRegistry;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/** The {@code execplace} command line. The only part of execplace that prints. */
@Command(name = "execplace",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = {
                "Cost- and deadline-aware placement of Spark executors on priced VMs:",
                "a discrete-event simulator of (hybrid local + cloud) Spark clusters and every",
                "scheduler of the source papers, compared on the same workloads and seeds."},
        footer = {"", "Run 'execplace COMMAND --help' for a command's options. "
                + "With no arguments, 'execplace compare' runs the built-in default scenario."})
public final class Main implements Runnable {

    /**
     * The subcommands, in the order help lists them. Added by {@link #commandLine} rather than named
     * in {@code @Command(subcommands = ...)}: picocli builds a command's model by reflection when it
     * is added, and building all of them costs a short command most of its start-up (0.17 s of
     * {@code simulate}'s 0.32 s), so a run of one known command builds only that one.
     */
    private static final Map<String, Function<CommandContext, Object>> COMMANDS = commands();

    /**
     * Commands that users script by the thousand: their plain command lines run without picocli
     * ({@link QuickParse}, {@link QuickCommand}); anything else about them goes through picocli.
     */
    private static final Set<String> QUICK = Set.of("simulate");

    /** Commands that need every other command's model: help, shell completion. */
    private static final Set<String> WHOLE_TREE = Set.of("help", "completion");

    private static Map<String, Function<CommandContext, Object>> commands() {
        Map<String, Function<CommandContext, Object>> c = new LinkedHashMap<>();
        c.put("compare", CompareCommand::new);
        c.put("simulate", SimulateCommand::new);
        c.put("train", TrainCommand::new);
        c.put("train-liu", TrainLiuCommand::new);
        c.put("train-choice", TrainChoiceCommand::new);
        c.put("evaluate", EvaluateCommand::new);
        c.put("heldout", HeldOutCommand::new);
        c.put("offline", OfflineCommand::new);
        c.put("generate", GenerateCommand::new);
        c.put("import-eventlogs", context -> new ImportEventLogsCommand());
        c.put("import-spot-trace", context -> new ImportSpotTraceCommand());
        c.put("whatif", WhatIfCommand::new);
        c.put("presets", PresetsCommand::new);
        c.put("reproduce", ReproduceCommand::new);
        c.put("bench", context -> new BenchCommand());
        c.put("completion", context -> new CompletionCommand());
        c.put("k8s-scheduler", K8sSchedulerCommand::new);
        c.put("replay", ReplayCommand::new);
        c.put("report", context -> new ReportCommand());
        // A lambda, not HelpCommand::new: a method reference to picocli's class (compiled for Java 5)
        // links it while the class-data archive is dumped, which leaves it out of the archive.
        c.put("help", context -> new CommandLine.HelpCommand());
        return Collections.unmodifiableMap(c);
    }

    /** Exit code for bad input: unknown names, malformed files, impossible numbers, refused options. */
    public static final int EXIT_BAD_INPUT = ExitCode.BAD_INPUT;
    /** Exit code for a failed run: an I/O error, a policy that broke the rules, an internal error. */
    public static final int EXIT_FAILURE = ExitCode.FAILURE;

    /** Something outside execplace cannot be used (the Kubernetes API server does not answer or refuses us). */
    public static final int EXIT_ENVIRONMENT = ExitCode.ENVIRONMENT;
    /** Environment variable that asks for stack traces, like {@code --verbose}. */
    public static final String DEBUG_VARIABLE = "EXECPLACE_DEBUG";
    /** Where bugs are reported. */
    static final String REPORT_HINT = "This is a bug in execplace. Please report it with the command you ran and "
            + "the output of the same command with --verbose (or EXECPLACE_DEBUG=1).";

    @CommandLine.Spec
    CommandSpec spec;

    @Option(names = "--verbose", scope = ScopeType.INHERIT,
            description = "On an internal error, print the stack trace (also: environment variable EXECPLACE_DEBUG=1).")
    boolean verbose;

    /**
     * What a distribution adds to the command line: more subcommands (picocli command objects) and
     * the engines of {@code --engine} besides {@code inprocess}. The plain jar adds nothing; the
     * Spark-enabled one ({@code io.execplace.spark.SparkMain}) adds Spark.
     *
     * @param subcommands command objects added under {@code execplace}
     * @param engines     the engines it adds, or null for none
     */
    public record Extensions(List<Object> subcommands, EngineFactory engines) {

        public Extensions {
            subcommands = List.copyOf(subcommands);
        }

        /** The plain command line's: nothing added. */
        public static Extensions none() {
            return new Extensions(List.of(), null);
        }
    }

    private final Map<String, String> environment;

    /** What the commands are handed; its after-run lines are printed unless the command refused its input. */
    private final CommandContext context;

    private Main(Map<String, String> environment, CommandContext context) {
        this.environment = environment;
        this.context = context;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        main(Extensions.none(), args);
    }

    /** The entry point of a distribution that adds {@code extensions}; exits with the command's code. */
    public static void main(Extensions extensions, String[] args) {
        // The Kubernetes scheduler is a server: Ctrl-C is its normal stop (its own shutdown hook).
        if (args.length == 0 || !args[0].equals("k8s-scheduler")) {
            Interrupts.install(System.err);
        }
        System.exit(execute(schedulers(), System.getenv(), extensions, new StandardOutput(),
                new PrintWriter(System.err, true), args));
    }

    /**
     * The schedulers the command line knows: the built-in ones and trained agents ({@code agent:PATH}),
     * the same registry a cell engine's cells use in any JVM ({@link ScenarioCells#schedulers}).
     */
    public static SchedulerRegistry schedulers() {
        return StandardSchedulers.REGISTRY;
    }

    /**
     * Runs a command whose options {@link QuickParse} read, as picocli's path would: the same streams,
     * the same one-line reports and exit codes.
     */
    private static int runQuick(QuickCommand command, Map<String, String> environment, PrintWriter out, PrintWriter err) {
        int code;
        try {
            code = command.run(out);
        } catch (OutOfMemoryError oom) {
            code = outOfMemory(err);
        } catch (Exception ex) {
            code = report(ex, debug(environment), err);
        }
        out.flush();
        err.flush();
        return code;
    }

    /** Runs the command line with the given streams (tests call this) and returns the exit code. */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        return execute(Extensions.none(), out, err, args);
    }

    /** Runs the command line of a distribution that adds {@code extensions} (tests call this) and returns the exit code. */
    public static int execute(Extensions extensions, PrintWriter out, PrintWriter err, String... args) {
        return execute(schedulers(), System.getenv(), extensions, out, err, args);
    }

    /**
     * Runs the command line with schedulers of the caller's own added to the registry (the Python
     * package registers policies written in Python this way) and returns the exit code.
     */
    public static int execute(SchedulerRegistry registry, PrintWriter out, PrintWriter err, String... args) {
        return execute(registry, System.getenv(), Extensions.none(), out, err, args);
    }

    /**
     * Runs the command line with the given scheduler registry, environment variables and streams.
     */
    static int execute(SchedulerRegistry registry, Map<String, String> environment, PrintWriter out, PrintWriter err,
                       String... args) {
        return execute(registry, environment, Extensions.none(), out, err, args);
    }

    private static int execute(SchedulerRegistry registry, Map<String, String> environment, Extensions extensions,
                               PrintWriter out, PrintWriter err, String... args) {
        String first = args.length > 0 ? args[0] : null;
        // A workload of Spark event logs tells the command's standard error what its import left out, which only
        // picocli's path hands over (ScenarioOptions); reading logs takes longer than picocli's start-up anyway.
        boolean eventLogs = java.util.Arrays.stream(args).anyMatch(a -> a.contains("eventlogs:"));
        if (first != null && QUICK.contains(first) && !eventLogs) {
            Object command = COMMANDS.get(first).apply(new CommandContext(registry, extensions.engines()));
            if (QuickParse.populate(command, args, 1)) {
                return checkOutput(runQuick((QuickCommand) command, environment, out, err), out, err);
            }
        }
        CommandLine cl = COMMANDS.containsKey(first) && !WHOLE_TREE.contains(first)
                ? commandLine(registry, environment, extensions, out, err, List.of(first))
                : commandLine(registry, environment, extensions, out, err);
        int code;
        try {
            code = cl.execute(args);
        } catch (OutOfMemoryError oom) {
            code = outOfMemory(err);
        }
        if (code != EXIT_BAD_INPUT) { // a refusal is one error line, nothing else
            ((Main) cl.getCommandSpec().userObject()).context.afterRunLines().forEach(err::println);
        }
        out.flush();
        err.flush();
        return checkOutput(code, out, err);
    }

    /**
     * A command whose standard output could not be written (a full disk, a closed pipe) failed,
     * whatever it returned: exit 1 with a line, never a silent success.
     */
    private static int checkOutput(int code, PrintWriter out, PrintWriter err) {
        String line = StandardOutput.failureLine(out);
        if (line == null) {
            return code;
        }
        err.println(line);
        err.flush();
        return code == 0 ? EXIT_FAILURE : code;
    }

    private static int outOfMemory(PrintWriter err) {
        err.println("execplace: error: out of memory (" + (Runtime.getRuntime().maxMemory() >> 20)
                + " MB). Use a smaller run, or give Java more memory: EXECPLACE_JAVA_OPTS=-Xmx8g ./execplace ...");
        return EXIT_FAILURE;
    }

    /** The whole command tree with its streams and error handlers, ready to execute (tests walk it). */
    static CommandLine commandLine(SchedulerRegistry registry, Map<String, String> environment, Extensions extensions,
                                   PrintWriter out, PrintWriter err) {
        return commandLine(registry, environment, extensions, out, err, List.copyOf(COMMANDS.keySet()));
    }

    /** The command tree with only the named subcommands (and the distribution's). */
    private static CommandLine commandLine(SchedulerRegistry registry, Map<String, String> environment,
                                           Extensions extensions, PrintWriter out, PrintWriter err,
                                           List<String> commands) {
        CommandContext context = new CommandContext(registry, extensions.engines());
        Main main = new Main(environment, context);
        CommandLine cl = new CommandLine(main);
        for (String name : commands) {
            cl.addSubcommand(name, COMMANDS.get(name).apply(context));
        }
        for (Object sub : extensions.subcommands()) {
            cl.addSubcommand(sub);
        }
        cl.setOut(out);
        cl.setErr(err);
        // The descriptions are written as lines of up to ~105 characters: at picocli's default width
        // of 80 every line would wrap in two.
        cl.setUsageHelpWidth(110);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setExecutionExceptionHandler(new ExecutionErrors(main));
        cl.setParameterExceptionHandler(new ParameterErrors());
        return cl;
    }

    // The two handlers are classes rather than lambdas for start-up: a lambda implementing one of
    // picocli's interfaces (compiled for Java 5) links that interface while the class-data archive is
    // dumped, so it and the classes using it are left out of the archive and loaded from the jar.

    /** An exception of a running command: one line, the exit code of its kind ({@link #report}). */
    private static final class ExecutionErrors implements CommandLine.IExecutionExceptionHandler {
        private final Main main;

        ExecutionErrors(Main main) {
            this.main = main;
        }

        @Override
        public int handleExecutionException(Exception ex, CommandLine commandLine, CommandLine.ParseResult parseResult) {
            PrintWriter e = commandLine.getErr();
            int code = report(ex, main.debug(), e);
            e.flush();
            return code;
        }
    }

    /** A mistyped option gets one line and a hint, not the whole usage (which hides the error). */
    private static final class ParameterErrors implements CommandLine.IParameterExceptionHandler {
        @Override
        public int handleParseException(CommandLine.ParameterException ex, String[] args) {
            CommandLine c = ex.getCommandLine();
            c.getErr().println("execplace: error: " + ex.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(ex, c.getErr());
            c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for its options.");
            c.getErr().flush();
            return EXIT_BAD_INPUT;
        }
    }

    private boolean debug() {
        return verbose || debug(environment);
    }

    private static boolean debug(Map<String, String> environment) {
        return "1".equals(environment.get(DEBUG_VARIABLE)) || "true".equalsIgnoreCase(environment.get(DEBUG_VARIABLE));
    }

    /**
     * Prints one line for an exception and returns the exit code: bad input 2; an I/O failure or a
     * scheduler that broke the rules 1; anything else is an internal error, 1, with how to report it.
     */
    static int report(Throwable ex, boolean debug, PrintWriter err) {
        int code;
        if (ex instanceof BadInputException) {
            err.println("execplace: error: " + ex.getMessage());
            code = EXIT_BAD_INPUT;
        } else if (ex instanceof UncheckedIOException || ex instanceof IOException) {
            Throwable io = ex instanceof UncheckedIOException u && u.getCause() != null ? u.getCause() : ex;
            String m = ex.getMessage() != null ? ex.getMessage() : io.toString();
            err.println("execplace: error: " + m);
            code = EXIT_FAILURE;
        } else if (ex instanceof ApiServerUnavailableException) {
            err.println("execplace: error: " + ex.getMessage());
            code = EXIT_ENVIRONMENT;
        } else if (ex instanceof InvalidPlacementException) {
            err.println("execplace: error: " + ex.getMessage());
            code = EXIT_FAILURE;
        } else {
            err.println("execplace: internal error: " + ex);
            err.println(REPORT_HINT);
            code = EXIT_FAILURE;
        }
        if (debug) {
            ex.printStackTrace(err);
        }
        return code;
    }
}
