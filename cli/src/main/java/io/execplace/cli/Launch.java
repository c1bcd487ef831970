package io.execplace.cli;

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
            PrintWriter out = new PrintWriter(System.out, true);
            for (String line : new Version().getVersion()) {
                out.println(line);
            }
            out.flush();
            return;
        }
        Main.main(args);
    }
}
