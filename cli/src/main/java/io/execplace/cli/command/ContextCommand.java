package io.execplace.cli.command;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * A command the command line makes with its {@link CommandContext}: what every such command holds,
 * the context it was handed and picocli's model of it (its streams), which picocli fills in before
 * {@link #call}. Held here once rather than declared again in each command.
 */
public abstract class ContextCommand implements Callable<Integer> {

    protected final CommandContext context;

    @Spec
    protected CommandSpec spec;

    protected ContextCommand(CommandContext context) {
        this.context = Objects.requireNonNull(context, "context");
    }

    /** What the command line handed this command. */
    public CommandContext context() {
        return context;
    }

    /** picocli's model of this command: its name and its standard output and error. */
    public CommandSpec spec() {
        return spec;
    }
}
