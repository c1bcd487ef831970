package io.execplace.cli;

import picocli.CommandLine.Option;

/** Output switches shared by the commands that run simulations. */
final class OutputOptions {

    @Option(names = "--json", description = "Print the results as JSON records on standard output instead of the tables "
            + "(compare: one record per scheduler and seed, as in results.json).")
    boolean json;

    @Option(names = {"-q", "--quiet"}, description = "No progress output on standard error.")
    boolean quiet;
}
