/**
 * The LIU agent (LIU §IV): a value network scoring every (waiting application, cluster) pair,
 * Monte-Carlo action values of Eqs. 1–2, a replay of the latest decisions, SGD on the squared
 * error, and the baseline-guided ε-greedy of Eq. 3; its training loop, agent files and the
 * manager that runs a trained agent in the simulator. See {@code docs/liu.md}.
 *
 * <p>May import {@code core.io}, {@code core.progress}, {@code liu.env}, {@code liu.managers}, {@code liu.metrics}, {@code liu.model},
 * {@code liu.sim}, {@code rl.agent}, {@code rl.nn}, {@code rl.train}.
 */
package io.execplace.liu.agent;
