/**
 * Training and trained agents: the {@code Trainer} (iterations, evaluation, checkpoints), agent
 * files with schema version and checksum, and agents running as ordinary schedulers ({@code
 * agent:PATH}, choice agents included).
 *
 * <p>May import {@code core.io}, {@code core.model}, {@code core.policy}, {@code core.progress}, {@code core.rules}, {@code
 * core.workload}, {@code rl.agent}, {@code rl.choice}, {@code rl.env}, {@code rl.nn}, {@code
 * rl.pairs}, {@code schedulers.lookahead}, {@code schedulers.spi}.
 */
package io.execplace.rl.train;
