/**
 * What every command is built from: the option groups (picocli mixins) that several commands share
 * — scenarios, engines, milp and lookahead settings, output switches — the checks and deprecated
 * spellings of option values, and the interface of commands that run without picocli.
 *
 * <p>May import {@code core.io}, {@code core.rules}, {@code experiments.api}, {@code experiments.run}, {@code
 * experiments.scenario}, {@code schedulers.lookahead}, {@code schedulers.milp}, {@code schedulers.spi}.
 */
package io.execplace.cli.command;
