/**
 * The {@code lookahead} planner: scores candidate placements (milp's, the heuristics', waiting)
 * by rollouts of sampled future arrivals with any registered policy, on its own small rollout
 * simulator on fixed clusters and on the event kernel resumed from the run's state on elastic ones;
 * its forecast of the arrivals (the jobs seen, optionally a pool of training jobs), the clairvoyant
 * references' futures, and its options.
 *
 * <p>May import {@code core.metrics}, {@code core.model}, {@code core.policy}, {@code core.rules},
 * {@code core.sim}, {@code schedulers.spi}.
 */
package io.execplace.schedulers.lookahead;
