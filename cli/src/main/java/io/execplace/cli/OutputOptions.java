package io.execplace.cli;

import picocli.CommandLine.Option;

/** Output switches shared by the commands that run simulations. */
final class OutputOptions {

    @Option(names = "--json", description = "Print a machine-readable JSON summary on standard output instead of the table.")
    boolean json;

    @Option(names = {"-q", "--quiet"}, description = "No progress output on standard error.")
    boolean quiet;
}
