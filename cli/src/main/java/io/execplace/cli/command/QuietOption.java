package io.execplace.cli.command;

import picocli.CommandLine.Option;

/** {@code -q/--quiet}, one text for every command that shows progress on standard error. */
public final class QuietOption {

    @Option(names = {"-q", "--quiet"}, description = "No progress output on standard error.")
    public boolean quiet;
}
