package io.execplace.cli;

import picocli.CommandLine.Command;

/** {@code execplace reproduce}: re-run a source paper's study and write its report. */
@Command(name = "reproduce", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Reproduce a source paper's experiments as CSV, charts and an HTML report.",
        subcommands = {ReproduceHybridCommand.class, ReproduceTpdsCommand.class, ReproduceLiuCommand.class,
                ReproduceHjsCommand.class})
final class ReproduceCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
