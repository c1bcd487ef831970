package io.execplace.cli;

import io.execplace.cli.command.ExitCode;

import io.execplace.cli.output.Version;
import java.io.PrintWriter;

/**
 * The jar's entry point: answers {@code --version} without building the picocli model of every
 * command (a third of a second of reflection), and hands everything else to {@link Main}.
 */
public final class Launch {

    private Launch() {
    }

    public static void main(String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // System.out, not StandardOutput: tests capture it. A failed write still ends in exit 1.
            PrintWriter out = new PrintWriter(System.out, true);
            for (String line : new Version().getVersion()) {
                out.println(line);
            }
            String failure = StandardOutput.failureLine(out);
            if (failure != null) {
                System.err.println(failure);
                System.exit(ExitCode.FAILURE);
            }
            return;
        }
        Main.main(args);
    }
}
