/**
 * The beyond-the-paper LIU manager that learns: a shared MLP scores every (waiting application,
 * cluster) pair from features that show what Table I hides ({@link io.execplace.liu.pairmanager.PairFeatures}),
 * trained by imitating {@code outlook} (behaviour cloning, DAgger), then improved by counterfactual
 * rollouts ({@link io.execplace.liu.pairmanager.RolloutPlanner}: the misses a dispatch causes to everyone,
 * against the other candidates), optionally by the policy gradient on a return that charges a
 * dispatch with the misses it holds up ({@link io.execplace.liu.pairmanager.HarmCredit}).
 * See {@code docs/liu.md}, "A learned manager beyond the paper".
 *
 * <p>May import {@code core.io}, {@code core.progress}, {@code liu.agent}, {@code liu.managers}, {@code liu.model}, {@code liu.sim},
 * {@code rl.nn}, {@code rl.train}.
 */
package io.execplace.liu.pairmanager;
