package io.execplace.cli.command;

import io.execplace.schedulers.spi.SchedulerRegistry;

import java.io.PrintWriter;

/**
 * A command that can run without picocli's model once {@link QuickParse} has filled its options:
 * what it needs from the command line comes in as arguments rather than through picocli's
 * {@code CommandSpec}.
 */
public interface QuickCommand {

    /** Runs the command and returns its exit code; exceptions are reported as picocli's path reports them. */
    int run(PrintWriter out, SchedulerRegistry registry) throws Exception;
}
