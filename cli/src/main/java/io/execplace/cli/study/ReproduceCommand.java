package io.execplace.cli.study;

import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.ContextCommand;
import io.execplace.cli.command.ExitCode;
import io.execplace.cli.output.Version;
import picocli.CommandLine.Command;

/** {@code execplace reproduce}: re-run a source paper's study and write its report. */
@Command(name = "reproduce", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Reproduce a source paper's experiments as CSV, charts and an HTML report.",
        subcommands = {ReproduceHybridCommand.class, ReproduceTpdsCommand.class, ReproduceLiuCommand.class,
                ReproduceHjsCommand.class, ReproduceElasticCommand.class})
public final class ReproduceCommand extends ContextCommand {

    public ReproduceCommand(CommandContext context) {
        super(context);
    }

    /** Without a study there is nothing to do: bad input, as any other missing argument. */
    @Override
    public Integer call() {
        java.io.PrintWriter err = spec.commandLine().getErr();
        err.println("execplace: error: reproduce needs a study: " + String.join(", ", spec.subcommands().keySet()));
        err.println("Try 'execplace reproduce --help' for its options.");
        return ExitCode.BAD_INPUT;
    }
}
