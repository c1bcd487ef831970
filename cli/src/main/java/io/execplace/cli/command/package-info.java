/**
 * What every command is built from: the base of the commands made with the command line's context
 * ({@code ContextCommand}), the option groups (picocli mixins) that several commands share,
 * so that an option meaning the same in several commands is declared once — scenarios, generated
 * workloads, job profiles, trace formats, jobs per preset workload, pricing, engines, milp and lookahead settings,
 * LIU episode sizes, output and quiet switches —
 * the checks and deprecated spellings of option values, and the interface of commands that run
 * without picocli.
 *
 * <p>May import {@code core.io}, {@code core.rules}, {@code experiments.api}, {@code experiments.run}, {@code
 * experiments.scenario}, {@code core.workload}, {@code schedulers.lookahead}, {@code schedulers.milp}, {@code
 * schedulers.spi}.
 */
package io.execplace.cli.command;
