/**
 * The learning algorithms, each a {@code Learner} over any {@code Env}: DQN, REINFORCE, PPO and
 * SAC, their configurations, rollouts and replay buffers, and the diagnostics each iteration
 * reports. docs/rl.md gives a reading order for PPO.
 *
 * <p>May import {@code core.io}, {@code rl.env}, {@code rl.nn}.
 */
package io.execplace.rl.agent;
