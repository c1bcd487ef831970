package io.execplace.cli;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Runs the command line in-process and captures what it prints. */
final class CliRunner {

    record Result(int exitCode, String out, String err) {
    }

    private CliRunner() {
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }

    /** Every command of the command line, the root first, then breadth first (for tests of every command). */
    static List<CommandLine> allCommands() {
        PrintWriter sink = new PrintWriter(new StringWriter());
        CommandLine root = Main.commandLine(Main.schedulers(), Map.of(), Main.Extensions.none(), sink, sink);
        List<CommandLine> all = new ArrayList<>(List.of(root));
        for (int i = 0; i < all.size(); i++) {
            all.addAll(all.get(i).getSubcommands().values());
        }
        return all;
    }
}
