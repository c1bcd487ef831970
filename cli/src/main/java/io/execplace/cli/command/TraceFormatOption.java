package io.execplace.cli.command;

import io.execplace.core.workload.TraceFormat;
import picocli.CommandLine.Option;

/** {@code --format}: the trace format a command writes ({@code generate}, {@code import-eventlogs}). */
public final class TraceFormatOption {

    @Option(names = "--format", paramLabel = "csv|tpds|hyb|swim", defaultValue = "csv",
            description = "Trace format to write (default: ${DEFAULT-VALUE}).")
    String format;

    /** The format given; an unknown name is bad input of {@code --format}. */
    public TraceFormat format() {
        return Options.checked("--format", () -> TraceFormat.parse(format));
    }
}
