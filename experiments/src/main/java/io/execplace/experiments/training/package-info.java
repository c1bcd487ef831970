/**
 * Training as study cells: one training run per cell, in text form, so that sweeps and the TPDS
 * study can train agents in parallel on any cell engine; and the workloads train-choice trains on
 * and scores its rounds with.
 *
 * <p>May import {@code core.io}, {@code core.metrics}, {@code core.model}, {@code core.progress}, {@code core.rules},
 * {@code core.sim}, {@code experiments.env}, {@code experiments.heldout}, {@code experiments.scenario}, {@code rl.agent},
 * {@code rl.choice}, {@code rl.env}, {@code rl.train}, {@code schedulers.spi}.
 */
package io.execplace.experiments.training;
