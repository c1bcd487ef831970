/**
 * The size-free agent: a network that scores every (job, VM) pair with shared weights from
 * per-VM features plus job and cluster context, and chooses among the VMs and "wait" by a
 * softmax over the scores, so one agent file runs on a cluster of any size and prices
 * ({@link io.execplace.rl.pairs.PairObservation} the schema, {@link io.execplace.rl.pairs.PairNetwork}
 * the network, {@link io.execplace.rl.pairs.PairEnv} the environment over randomised clusters,
 * {@link io.execplace.rl.pairs.PairPolicy} the scheduler; {@link io.execplace.rl.pairs.ClusterScale} what its
 * observation, and the choice agent's, divide by). See {@code docs/rl.md}.
 *
 * <p>May import {@code core.model}, {@code core.policy}, {@code core.rules}, {@code rl.agent}, {@code rl.env},
 * {@code rl.nn}, {@code schedulers.spi}.
 */
package io.execplace.rl.pairs;
