package io.execplace.cli.command;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Output switches shared by the commands that run simulations. */
public final class OutputOptions {

    @Option(names = "--json", description = "Print the results as JSON records on standard output instead of the tables "
            + "(compare: one record per scheduler and seed, as in results.json).")
    public boolean json;

    @Mixin
    QuietOption quietOption;

    /** {@code --quiet} was given. */
    public boolean quiet() {
        return quietOption.quiet;
    }
}
