/**
 * Commands that train agents: {@code train} (the event simulator's environments, sweeps and expert
 * iteration), {@code train-liu} and {@code train-choice}, with their option groups. They parse
 * options, call the library ({@code experiments.training}, {@code experiments.study}, {@code
 * liu.pairmanager}) and print.
 *
 * <p>May import {@code cli.command}, {@code cli.output}, {@code core.io}, {@code core.model}, {@code core.policy},
 * {@code core.rules}, {@code experiments.env}, {@code experiments.report}, {@code experiments.run}, {@code
 * experiments.scenario}, {@code experiments.study}, {@code experiments.training}, {@code liu.model}, {@code
 * liu.pairmanager}, {@code liu.sim}, {@code liu.study}, {@code rl.agent}, {@code rl.choice}, {@code rl.env},
 * {@code rl.nn}, {@code rl.pairs}, {@code rl.train}, {@code schedulers.lookahead}, {@code schedulers.spi}.
 */
package io.execplace.cli.train;
