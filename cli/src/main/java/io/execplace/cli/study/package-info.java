/**
 * {@code reproduce} and its studies: each source paper's tables and figures (hjs, tpds, hybrid, liu,
 * elastic) on the study engine.
 *
 * <p>May import {@code cli.command}, {@code cli.output}, {@code core.io}, {@code core.progress}, {@code
 * core.profile}, {@code experiments.api}, {@code experiments.run}, {@code experiments.study}, {@code
 * liu.pairmanager}, {@code liu.study}, {@code rl.agent}, {@code schedulers.spi}.
 */
package io.execplace.cli.study;
