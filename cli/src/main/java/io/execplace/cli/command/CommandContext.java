package io.execplace.cli.command;

import io.execplace.schedulers.spi.SchedulerRegistry;

import java.util.ArrayList;
import java.util.List;

/**
 * What the command line hands each command when it makes it: the schedulers it runs from, the cell
 * engines the distribution adds to {@code --engine}, and the warnings to print once the command has
 * ended. Handed in rather than looked up, so a command's needs show in its constructor.
 */
public final class CommandContext {

    private final SchedulerRegistry schedulers;
    private final EngineFactory engines;
    private final List<String> afterRun = new ArrayList<>();

    /**
     * @param schedulers the registry the command runs schedulers from (built-in ones, agents, and any
     *                   the caller added, such as policies written in Python)
     * @param engines    the engines a distribution adds to {@code --engine}, or null for none
     */
    public CommandContext(SchedulerRegistry schedulers, EngineFactory engines) {
        this.schedulers = schedulers;
        this.engines = engines;
    }

    public SchedulerRegistry schedulers() {
        return schedulers;
    }

    /** The engines the running distribution adds to {@code --engine}, or null for none. */
    public EngineFactory engines() {
        return engines;
    }

    /** Adds a line for standard error, printed when the command has ended unless it refused its input. */
    public void afterRun(String line) {
        afterRun.add(line);
    }

    /** The lines {@link #afterRun} collected, in order. */
    public List<String> afterRunLines() {
        return List.copyOf(afterRun);
    }
}
