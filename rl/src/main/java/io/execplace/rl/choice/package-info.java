/**
 * {@code choice} agents: a learned chooser among {@code lookahead}'s candidate placements (milp's,
 * the heuristics', waiting), trained by regression on a clairvoyant teacher's rollout scores; the
 * observation of a decision, the policy as a scheduler, and the training.
 *
 * <p>May import {@code core.io}, {@code core.metrics}, {@code core.model}, {@code core.policy},
 * {@code core.progress} (its round results), {@code core.rules}, {@code core.sim}, {@code schedulers.lookahead},
 * {@code schedulers.spi}, {@code rl.agent},
 * {@code rl.nn}, {@code rl.pairs}.
 */
package io.execplace.rl.choice;
