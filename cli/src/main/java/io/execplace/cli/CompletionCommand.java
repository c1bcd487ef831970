package io.execplace.cli;

import io.execplace.cli.output.Version;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import io.execplace.core.io.BadInputException;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** {@code execplace completion}: prints a bash/zsh completion script for every command and option. */
@Command(name = "completion", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Print a bash (and zsh) completion script for execplace's commands and options.",
                "Load it in the current shell:   source <(./execplace completion)",
                "or install it for every shell:  ./execplace completion > ~/.local/share/bash-completion/completions/execplace",
                "(completes the command 'execplace'; put the launcher on your PATH under that name)."})
final class CompletionCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "SHELL", description = "bash (the default) or zsh: one script serves both.")
    String shell;

    @Override
    public Integer call() {
        if (shell != null && !shell.equals("bash") && !shell.equals("zsh")) {
            throw BadInputException.option("SHELL", "expected bash or zsh, got '" + shell + "'");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(AutoComplete.bash("execplace", spec.root().commandLine()));
        out.flush();
        return 0;
    }
}
