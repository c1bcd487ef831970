package io.execplace.cli.output;

import io.execplace.core.io.BadInputException;
import io.execplace.core.model.Workload;
import io.execplace.core.workload.TraceFormat;
import io.execplace.core.workload.Traces;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

/** Writes a workload as a trace to a file (atomically) or to standard output ({@code -}), for generate and import-eventlogs. */
public final class TraceOutput {

    private TraceOutput() {
    }

    /**
     * @throws BadInputException when the format cannot hold the workload (a HYB trace needs a deadline
     *                           for every job): nothing is written
     */
    public static void write(Workload workload, String out, TraceFormat format, PrintWriter stdout) throws IOException {
        try {
            if (out.equals("-")) {
                // Formatted whole first, so that a refusal prints nothing.
                StringWriter text = new StringWriter();
                Traces.write(workload, text, format);
                stdout.print(text);
                stdout.flush();
            } else {
                Traces.write(workload, Path.of(out), format);
            }
        } catch (IllegalArgumentException e) {
            throw BadInputException.option("--format", e.getMessage());
        }
    }
}
