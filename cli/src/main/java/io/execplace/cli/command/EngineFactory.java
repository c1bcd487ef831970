package io.execplace.cli.command;

import io.execplace.experiments.run.CellEngine;

/**
 * Makes the cell engine a distribution adds to {@code --engine} (the Spark-enabled one adds
 * {@code spark}). The plain command line has none: {@code --engine spark} then says how to get it.
 */
public interface EngineFactory {

    /**
     * Opens the engine {@code name} on {@code master}.
     *
     * @param name    the {@code --engine} value other than {@code inprocess}
     * @param master  the {@code --master} value, or null for the engine's default
     * @param threads the {@code --threads} value (engines that run cells elsewhere may ignore it)
     * @return the engine; the caller closes it
     * @throws io.execplace.core.io.BadInputException for an unknown engine or a malformed master
     */
    CellEngine open(String name, String master, int threads);

    /**
     * Checks {@code name} and {@code master} as {@link #open} would, without starting anything, so
     * that a command refuses them before any work.
     */
    void check(String name, String master);
}
