/**
 * Training as a library: {@code train}'s runs ({@link io.execplace.experiments.training.TrainingRun}:
 * fresh, size-free or resumed, checked before anything is written); one training run per cell, in
 * text form, so that sweeps and the TPDS study can train agents in parallel on any cell engine; the size-free agent's starts (another agent's
 * policy, a teacher's decisions) and its expert-iteration rounds with their rounds file; and
 * train-choice's rounds, with the workloads it trains on and scores its rounds with. The commands
 * that train parse options, call these and print.
 *
 * <p>May import {@code core.io}, {@code core.metrics}, {@code core.model}, {@code core.policy}, {@code core.progress},
 * {@code core.rules}, {@code core.sim}, {@code core.workload}, {@code experiments.env}, {@code experiments.heldout},
 * {@code experiments.report}, {@code experiments.scenario}, {@code rl.agent}, {@code rl.choice}, {@code rl.env},
 * {@code rl.nn}, {@code rl.pairs}, {@code rl.train}, {@code schedulers.lookahead}, {@code schedulers.spi}.
 */
package io.execplace.experiments.training;
