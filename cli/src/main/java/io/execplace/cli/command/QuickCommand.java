package io.execplace.cli.command;

import java.io.PrintWriter;

/**
 * A command that can run without picocli's model once {@code cli.QuickParse} has filled its options:
 * what it needs from the command line comes in as arguments or through its {@link CommandContext}
 * rather than through picocli's {@code CommandSpec}.
 */
public interface QuickCommand {

    /** Runs the command and returns its exit code; exceptions are reported as picocli's path reports them. */
    int run(PrintWriter out) throws Exception;
}
