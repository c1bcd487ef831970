package io.execplace.cli.command;

import picocli.CommandLine.Option;

/** {@code -q/--quiet}: one text for every command that reports progress or a summary on standard error. */
public final class QuietOption {

    @Option(names = {"-q", "--quiet"}, description = "No progress or summary lines on standard error.")
    public boolean quiet;
}
